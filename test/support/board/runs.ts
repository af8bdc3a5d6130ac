import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunRecord, serializeRecord } from '../../../src/record/index.js';
import { PreRegistration, serializePrereg } from '../../../src/record/prereg.js';
import { sha256File, signRun } from '../../../src/tape/signature.js';
import { TapeWriter } from '../../../src/tape/writer.js';

/** A hostile string: markup and script a server or model might send, which must render inert. */
export const HOSTILE =
  '<img src=x id=pwned-img onerror="window.__pwned=1"><script id="pwned-script">window.__pwned=2</script>"\'><a id=pwned-link href="javascript:window.__pwned=3">x</a>';

/**
 * Writes the wire and agent tapes of a synthetic run with the tape writer. Line numbers are fixed
 * so that the fixture records' tape references (wire:2 … wire:9) point at the lines they describe.
 */
export async function writeFixtureTapes(dir: string, startMs: number, text = 'search_books'): Promise<void> {
  let at = startMs;
  const tick = () => {
    at += 5;
    return at;
  };
  const wire = TapeWriter.open({
    path: join(dir, 'wire.jsonl'),
    meta: { label: 'fixture wire', command: ['node', 'fixture.js'], kind: 'mcp' },
    now: () => at,
  });
  wire.message(
    'in',
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2026-07-28' } },
    { corrId: 'probe:spec-currency', at: tick() },
  );
  wire.message(
    'out',
    { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2026-07-28', serverInfo: { name: text } } },
    { corrId: 'probe:spec-currency', at: tick() },
  );
  wire.message(
    'in',
    { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '1999-01-01' } },
    { corrId: 'probe:impossible-version', at: tick() },
  );
  wire.message(
    'out',
    { jsonrpc: '2.0', id: 2, error: { code: -32022, message: 'unsupported version' } },
    { corrId: 'probe:impossible-version', at: tick() },
  );
  wire.message(
    'in',
    { jsonrpc: '2.0', id: 3, method: 'fitness/made-up' },
    { corrId: 'probe:unknown-method', at: tick() },
  );
  wire.message('out', { jsonrpc: '2.0', id: 3, result: {} }, { corrId: 'probe:unknown-method', at: tick() });
  wire.message(
    'in',
    { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: text, arguments: { q: text } } },
    { corrId: 't1::construct#0', at: tick() },
  );
  wire.message(
    'in',
    { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: text, arguments: {} } },
    { corrId: 't2::construct#0', at: tick() },
  );
  wire.event(
    'fitness.http',
    { method: 'POST', url: 'http://127.0.0.1/mcp', status: 500, requestHeaders: {}, durationMs: 3 },
    { corrId: 't1#0', at: tick() },
  );
  wire.message(
    'in',
    { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: text, arguments: { q: 'dune' } } },
    { corrId: 't1#0', at: tick() },
  );
  const agent = TapeWriter.open({
    path: join(dir, 'agent.jsonl'),
    meta: { label: 'fixture agent', command: ['fitness-report', 'run', '--runner', 'fixture'], kind: 'llm' },
    now: () => at,
  });
  agent.turn({
    role: 'assistant',
    corr_id: 't1#0',
    model: 'heuristic',
    blocks: [
      { type: 'text', text },
      { type: 'tool_use', id: 'u1', name: text, input: { q: 'dune' } },
    ],
    at: tick(),
  });
  wire.message(
    'out',
    { jsonrpc: '2.0', id: 6, result: { isError: true, content: [{ type: 'text', text }] } },
    { corrId: 't1#0', at: tick() },
  );
  agent.turn({
    role: 'user',
    corr_id: 't1#0',
    blocks: [{ type: 'tool_result', tool_use_id: 'u1', content: text, is_error: true }],
    at: tick(),
  });
  agent.turn({
    role: 'assistant',
    corr_id: 't1#0',
    model: 'heuristic',
    blocks: [{ type: 'text', text: `The answer is ${text}` }],
    at: tick(),
  });
  await wire.close('done');
  await agent.close('done');
}

/**
 * A complete run directory: tapes, suite, prereg and record (its file list holding the real
 * digests), signed with a fresh key like a real run.
 */
export async function writeFixtureRun(
  root: string,
  record: RunRecord,
  options: { hostile?: string } = {},
): Promise<string> {
  const dir = join(root, record.runId);
  mkdirSync(dir, { recursive: true });
  await writeFixtureTapes(dir, Date.parse(record.identity.startedAt), options.hostile);
  writeFileSync(
    join(dir, 'suite.json'),
    `${JSON.stringify({ hash: record.identity.suiteHash, tasks: [] })}\n`,
  );
  const prereg = PreRegistration.safeParse(record.prereg?.registration);
  const preregText = prereg.success
    ? serializePrereg(prereg.data)
    : `${JSON.stringify(record.prereg?.registration ?? {})}\n`;
  writeFileSync(join(dir, 'prereg.json'), preregText);
  const files = [];
  for (const path of ['wire.jsonl', 'agent.jsonl', 'suite.json', 'prereg.json']) {
    files.push({ path, ...(await sha256File(join(dir, path))) });
  }
  const withFiles = RunRecord.parse({ ...record, files });
  writeFileSync(join(dir, 'record.json'), serializeRecord(withFiles));
  const { privateKey } = generateKeyPairSync('ed25519');
  await signRun(dir, record.runId, [...files.map((f) => f.path), 'record.json'], privateKey);
  return dir;
}
