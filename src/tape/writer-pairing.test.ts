import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pairExchanges } from './pairing.js';
import { readTape } from './reader.js';
import { TapeWriter } from './writer.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tape-writer-pairing-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'sk-live-0123456789abcdef';
const call = (id: number | string, name: string, extra: object = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: extra },
});

/** Every shape a frame can be written in: plain, redacted, cut to its routing keys, a batch, past the cap. */
function writeAll(tape: TapeWriter): void {
  const a = tape.newSession();
  const b = tape.newSession();
  tape.message('in', call(1, 'search'), { session: a, corrId: 't1::construct#1' });
  tape.message('in', call(1, 'search'), { session: b, corrId: 't2::construct#1' });
  tape.message('out', { jsonrpc: '2.0', id: 1, result: { content: [] } }, { session: b });
  tape.message(
    'out',
    { jsonrpc: '2.0', id: 1, error: { code: -32000, message: `token ${SECRET} refused` } },
    { session: a },
  );
  tape.message('in', call(2, 'fetch', { pad: 'x'.repeat(5000) }), { session: a, corrId: 't1::construct#1' });
  tape.message(
    'out',
    { jsonrpc: '2.0', id: 2, result: { isError: true, content: [{ type: 'text', text: 'y'.repeat(5000) }] } },
    { session: a },
  );
  tape.message('in', call(3, 'keyed', { [SECRET]: 1 }), { session: a });
  tape.message('in', [call(4, 'batch-a'), call(5, 'batch-b')], { session: b });
  tape.message('out', [{ jsonrpc: '2.0', id: 5, result: { content: [] } }], { session: b });
  tape.message('out', { jsonrpc: '2.0', id: 99, result: {} }, { session: b });
  tape.event('fitness.connect', { phase: 'closed' }, { session: b });
  const c = tape.newSession();
  for (let i = 0; i < 120; i += 1) tape.message('in', call(100 + i, 'flood'), { session: c });
}

describe('the pairing index the writer keeps', () => {
  it('pairs exactly as a reader of the file does, mid-run and at the end, past redaction, cuts and caps', async () => {
    const path = join(dir, 'wire.jsonl');
    const tape = TapeWriter.open({
      path,
      meta: { label: 'w', command: ['w'], kind: 'mcp' },
      secrets: [SECRET],
      maxFrameBytes: 2000,
      maxSessionBytes: 8000,
    });
    writeAll(tape);
    expect(tape.truncations.map((t) => t.session)).toContain('s3');
    tape.flush();
    const mid = tape.exchanges();
    expect(mid).toEqual(pairExchanges((await readTape(path)).records).exchanges);
    expect(mid.map((x) => x.outcome)).toContain('rpc-error');
    expect(mid.find((x) => x.outcome === 'rpc-error')?.error?.message).not.toContain(SECRET);
    expect(mid.find((x) => x.tool === 'fetch')?.outcome).toBe('tool-error');
    tape.message('out', { jsonrpc: '2.0', id: 4, result: { content: [] } }, { session: 's2' });
    // What was handed out before stays as it was; the index itself moves on.
    expect(mid.find((x) => x.tool === 'batch-a')?.outcome).toBe('pending');
    expect(tape.exchanges().find((x) => x.tool === 'batch-a')?.outcome).toBe('result');
    await tape.close('done');
    expect(tape.exchanges()).toEqual(pairExchanges((await readTape(path)).records).exchanges);
  });
});
