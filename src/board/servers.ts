import type { RunRecord } from '../record/index.js';

/**
 * Which runs are attempts of one server (pure). The principle: runs are grouped by the roster entry
 * that asked for them, recorded in each record (`roster.entry`), not by the name in their directory.
 * A roster's try that died is named from its entry's target (`localhost-8080`, the command's
 * script) and its retry from the server's reported name; their records name the same entry, so
 * they are one server's attempts.
 *
 * A name links runs too, but only a name the server gave: a run the server itself named (its
 * record holds the `serverInfo.name` its slug comes from) joins every other run of that slug (its
 * runs over stdio and HTTP, from two roster entries, or outside a roster), and so does a run
 * outside a roster, whose directory name is the only link it has. A roster run the server never
 * named is linked only through its entry: two dead tries of different entries whose targets give
 * the same slug (`127-0-0-1-0` for two served entries) stay apart.
 */
function keysOf(record: RunRecord): string[] {
  const entry = record.roster?.entry;
  const named = (record.surface?.serverInfo?.name ?? '') !== '';
  return [
    ...(entry === undefined ? [] : [`entry:${entry}`]),
    ...(entry === undefined || named ? [`slug:${record.identity.serverSlug}`] : []),
  ];
}

/** Each run's server: run id → the id of its server (its first run's id, in the order given). */
export function serverOfRuns(records: readonly RunRecord[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    const up = parent.get(id) ?? id;
    if (up === id) return id;
    const root = find(up);
    parent.set(id, root);
    return root;
  };
  const firstWith = new Map<string, string>();
  for (const record of records) {
    parent.set(record.runId, find(record.runId));
    for (const key of keysOf(record)) {
      const other = firstWith.get(key);
      if (other === undefined) firstWith.set(key, record.runId);
      else {
        const [a, b] = [find(other), find(record.runId)];
        if (a !== b) parent.set(b, a);
      }
    }
  }
  // A server's id is its first run in the order given, whatever order the links were found in.
  const first = new Map<string, string>();
  for (const r of records) if (!first.has(find(r.runId))) first.set(find(r.runId), r.runId);
  return new Map(records.map((r) => [r.runId, first.get(find(r.runId)) ?? r.runId]));
}
