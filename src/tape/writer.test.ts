import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FitnessError } from '../core/errors.js';
import { VERSION } from '../version.js';
import { parseTape } from './reader.js';
import { TapeWriter } from './writer.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tape-writer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const meta = { label: 'unit', command: ['node', 'server.js'], kind: 'mcp' };

function clock(start = Date.UTC(2026, 0, 1)): () => number {
  let t = start;
  return () => {
    t += 5;
    return t;
  };
}

describe('TapeWriter', () => {
  it('writes meta, message, event, turn and end lines in mcp-tape v1 shape, numbering lines from 1', async () => {
    const path = join(dir, 'a.jsonl');
    const tape = TapeWriter.open({ path, meta, now: clock() });
    expect(tape.lines).toBe(1);
    expect(
      tape.message('in', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { corrId: 'c1', session: 's1' }),
    ).toBe(2);
    expect(tape.message('out', { jsonrpc: '2.0', id: 1, result: { tools: [] } })).toBe(3);
    expect(tape.event('fitness.http', { status: 200 })).toBe(4);
    expect(
      tape.turn({
        role: 'assistant',
        blocks: [{ type: 'text', text: 'hi' }],
        corr_id: 'c1',
        model: 'heuristic',
      }),
    ).toBe(5);
    await tape.close('done');
    const lines = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({
      v: 1,
      type: 'meta',
      startedAt: '2026-01-01T00:00:00.005Z',
      label: 'unit',
      command: ['node', 'server.js'],
      kind: 'mcp',
      source: `fitness-report@${VERSION}`,
      producer: { name: 'fitness-report', version: VERSION },
    });
    expect(lines[1]).toEqual({
      t: '2026-01-01T00:00:00.010Z',
      dir: 'in',
      raw: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      corr_id: 'c1',
      session: 's1',
    });
    expect(lines[3]).toMatchObject({ dir: 'event', kind: 'fitness.http' });
    expect(lines[4]).toMatchObject({ type: 'turn', role: 'assistant', corr_id: 'c1' });
    expect(lines[5]).toEqual({ t: '2026-01-01T00:00:00.030Z', type: 'end', reason: 'done', durationMs: 25 });
    expect(lines[5]).not.toHaveProperty('exitCode');
  });

  it('refuses to append to a non-empty file, but takes an existing empty one', async () => {
    const full = join(dir, 'full.jsonl');
    writeFileSync(full, '{"v":1}\n');
    expect(() => TapeWriter.open({ path: full, meta })).toThrowError(FitnessError);
    expect(() => TapeWriter.open({ path: full, meta })).toThrow(/already has content; refusing to append/);
    expect(readFileSync(full, 'utf8')).toBe('{"v":1}\n');
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    const tape = TapeWriter.open({ path: empty, meta });
    await tape.close('done');
    expect(parseTape(readFileSync(empty, 'utf8')).records.map((r) => r.type)).toEqual(['meta', 'end']);
  });

  it('records an oversized frame truncated with a marker, keeping what pairing and stats need', async () => {
    const path = join(dir, 'big.jsonl');
    const tape = TapeWriter.open({ path, meta, maxFrameBytes: 1000 });
    tape.message('in', {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'echo', arguments: { s: 'x'.repeat(5000) } },
    });
    tape.message('out', {
      jsonrpc: '2.0',
      id: 7,
      result: { isError: true, content: [{ type: 'text', text: 'y'.repeat(5000) }] },
    });
    await tape.close('done');
    const text = readFileSync(path, 'utf8');
    for (const line of text.trimEnd().split('\n')) expect(line.length).toBeLessThan(3000);
    const [, request, response] = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(request.raw).toEqual({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo' } });
    expect(request.truncated.bytes).toBeGreaterThan(5000);
    expect(request.truncated.head.length).toBe(2048);
    expect(response.raw).toEqual({ jsonrpc: '2.0', id: 7, result: { isError: true } });
  });

  it('scrubs known secrets, including their JSON-escaped form and secrets added later', async () => {
    const path = join(dir, 'secret.jsonl');
    const tape = TapeWriter.open({
      path,
      meta: { ...meta, command: ['run', '--key', 'sk-abc-123'] },
      secrets: ['sk-abc-123', 'a"quoted\\secret'],
    });
    tape.message('in', { params: { key: 'sk-abc-123', other: 'a"quoted\\secret' } });
    tape.addSecrets(['late-secret-42']);
    tape.event('fitness.stderr', { text: 'token late-secret-42 used' });
    await tape.close('done');
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('sk-abc-123');
    expect(text).not.toContain('quoted');
    expect(text).not.toContain('late-secret-42');
    expect(text).toContain('"command":["run","--key","[REDACTED]"]');
    expect(parseTape(text).skipped).toEqual([]);
  });

  it('drops (and counts) lines offered after close; close is idempotent', async () => {
    const path = join(dir, 'late.jsonl');
    const tape = TapeWriter.open({ path, meta });
    await tape.close('done');
    await tape.close('again');
    tape.event('fitness.process', { exitCode: 0 });
    expect(tape.droppedAfterClose).toBe(1);
    expect(parseTape(readFileSync(path, 'utf8')).end?.reason).toBe('done');
  });

  it('flushes waiting lines on process exit, with one exit listener however many tapes are open', async () => {
    const tapes = Array.from({ length: 12 }, (_, i) =>
      TapeWriter.open({ path: join(dir, `exit-${i}.jsonl`), meta }),
    );
    for (const tape of tapes) tape.event('fitness.process', { exitCode: 1 });
    const hooks = process.listeners('exit').filter((l) => l.name === 'flushAllOnExit');
    expect(hooks).toHaveLength(1);
    (hooks[0] as () => void)();
    for (let i = 0; i < tapes.length; i += 1) {
      const text = readFileSync(join(dir, `exit-${i}.jsonl`), 'utf8');
      expect(parseTape(text).records.map((r) => r.type)).toEqual(['meta', 'event']);
    }
    for (const tape of tapes) await tape.close('done');
    expect(process.listeners('exit').filter((l) => l.name === 'flushAllOnExit')).toHaveLength(1);
  });

  it('streams: lines reach the file before close, each whole with its newline', async () => {
    const path = join(dir, 'stream.jsonl');
    const tape = TapeWriter.open({ path, meta });
    for (let i = 0; i < 500; i += 1) tape.message('in', { jsonrpc: '2.0', id: i, method: 'ping' });
    await new Promise((r) => setTimeout(r, 50));
    const text = readFileSync(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const read = parseTape(text);
    expect(read.skipped).toEqual([]);
    expect(read.records.length).toBe(501);
    expect(read.end).toBeUndefined();
    await tape.close('done');
  });

  it('a frame whose keys carry a secret keeps its routing keys only; keys are never rewritten', async () => {
    const path = join(dir, 'key.jsonl');
    const tape = TapeWriter.open({ path, meta, secrets: ['sk-abc-123'] });
    tape.message('out', { jsonrpc: '2.0', id: 3, result: { 'sk-abc-123': 1, fine: 'sk-abc-123' } });
    tape.message('out', { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'Method not found' } });
    await tape.close('done');
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('sk-abc-123');
    const [, leak, error] = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(leak.raw).toEqual({ jsonrpc: '2.0', id: 3 });
    expect(leak.truncated.reason).toBe('secret-in-key');
    expect(error.raw.error).toEqual({ code: -32601, message: 'Method not found' });
  });

  it('a frame nested too deep to serialize is written as a marker, never thrown', async () => {
    const path = join(dir, 'deep.jsonl');
    const tape = TapeWriter.open({ path, meta });
    let deep: unknown = [];
    for (let i = 0; i < 20_000; i += 1) deep = [deep];
    expect(() => tape.message('out', { jsonrpc: '2.0', id: 9, result: deep })).not.toThrow();
    expect(() => tape.event('fitness.stderr', { deep })).not.toThrow();
    await tape.close('done');
    const read = parseTape(readFileSync(path, 'utf8'));
    expect(read.skipped).toEqual([]);
    expect(read.end?.reason).toBe('done');
    const frame = read.records.find((r) => r.type === 'message');
    expect(frame?.type === 'message' && frame.value.raw).toEqual({ jsonrpc: '2.0', id: 9 });
  });

  it('caps the bytes of each session: one truncation event, later lines dropped and counted, end kept', async () => {
    const path = join(dir, 'cap.jsonl');
    const tape = TapeWriter.open({ path, meta, maxSessionBytes: 2000 });
    for (let i = 0; i < 100; i += 1)
      tape.message(
        'out',
        { jsonrpc: '2.0', method: 'notifications/message', params: { i } },
        { session: 's1' },
      );
    tape.message('in', { jsonrpc: '2.0', id: 1, method: 'ping' }, { session: 's2' });
    await tape.close('done');
    const text = readFileSync(path, 'utf8');
    expect(text.length).toBeLessThan(3000);
    const read = parseTape(text);
    const marker = read.records.filter(
      (r) => r.type === 'event' && r.value.kind === 'fitness.tape-truncated',
    );
    expect(marker).toHaveLength(1);
    expect(read.end?.reason).toBe('done');
    const [cut] = tape.truncations;
    expect(cut).toMatchObject({ session: 's1', capBytes: 2000 });
    expect(cut?.droppedLines).toBeGreaterThan(50);
    expect(read.records.some((r) => r.type === 'message' && r.value.session === 's2')).toBe(true);
  });
});
