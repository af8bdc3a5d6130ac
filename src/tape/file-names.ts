/**
 * The names of the files a run directory holds: the one table every writer and reader uses (the run,
 * verify, the board and its browser client, findings, export, the roster). No file-system imports,
 * so the viewer's bundle can take it too.
 */
export const RUN_FILES = {
  record: 'record.json',
  prereg: 'prereg.json',
  policy: 'policy.json',
  suite: 'suite.json',
  wire: 'wire.jsonl',
  agent: 'agent.jsonl',
  judge: 'judge.jsonl',
  signature: 'signature.json',
  redaction: 'redaction.json',
  rerun: 'rerun.json',
  rerunPolicy: 'rerun-policy.json',
} as const;
