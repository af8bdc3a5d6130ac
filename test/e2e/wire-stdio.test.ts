import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { openSession } from '../../src/connect/index.js';
import { readTape, TapeWriter, tapeStats } from '../../src/tape/index.js';
import { toolRow } from '../support/tool-row.js';
import { EVERYTHING, GOOD, gone, tempDir } from './fixtures/wire/helpers.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => cleanup());

describe('stdio sessions against real servers', () => {
  it('server-everything: negotiates 2025-11-25 (legacy), records every frame, stats agree', async () => {
    const path = join(dir, 'wire.jsonl');
    const tape = TapeWriter.open({
      path,
      meta: { label: 'everything', command: ['node', 'everything'], kind: 'mcp' },
    });
    const session = await openSession(
      { kind: 'stdio', argv: [process.execPath, EVERYTHING, 'stdio'] },
      { tape },
    );
    const pid = session.pid;
    expect(pid).toBeTypeOf('number');
    expect(session.protocolVersion).toBe('2025-11-25');
    expect(session.era).toBe('legacy');
    expect(session.discover).toBeUndefined();
    expect(session.prior).toEqual({ kind: 'legacy' });
    expect(session.transportShape).toBe('stdio');
    expect(session.serverInfo?.name).toBeTruthy();
    const list = await session.listTools();
    expect(list.tools.map((t) => t.name)).toContain('echo');
    expect(list.rawResults.length).toBeGreaterThan(0);
    const ok = await session.callTool('echo', { message: 'hello tape' }, { corrId: 't1#1' });
    expect(ok.kind).toBe('result');
    const bad = await session.callTool('no-such-tool', {}, { corrId: 't2#1' });
    // server-everything answers an unknown tool with an isError result, not a JSON-RPC error.
    expect(bad).toMatchObject({ kind: 'result', isError: true });
    // A raw frame goes through the same recorded pipe; its answer is kept from the SDK client.
    const raw = await session.rawFrame({ method: 'fitness/no-such-method', params: {} }, { corrId: 'probe' });
    expect(raw.response).toMatchObject({ id: 'fitness-raw-1', error: { code: -32601 } });
    expect(raw.tapeLines).toHaveLength(2);
    const after = await session.callTool('echo', { message: 'still fine' }, { corrId: 't3#1' });
    expect(after).toMatchObject({ kind: 'result', isError: false });
    await session.close();
    expect(await gone(pid as number)).toBe(true);
    await tape.close('done');
    if (process.env.SHOW_TAPE) console.log((await import('node:fs')).readFileSync(path, 'utf8'));

    const read = await readTape(path);
    expect(read.skipped).toEqual([]);
    const messages = read.records.filter((r) => r.type === 'message');
    // The era probe ran on this very process, so it is on the tape.
    expect(messages.some((m) => (m.value.raw as { method?: string }).method === 'server/discover')).toBe(
      true,
    );
    const calls = messages.filter(
      (m) => m.value.dir === 'in' && (m.value.raw as { method?: string }).method === 'tools/call',
    );
    expect(calls.map((m) => m.value.corr_id)).toEqual(['t1#1', 't2#1', 't3#1']);
    const lines = readFileSync(path, 'utf8').split('\n');
    for (const n of raw.tapeLines) expect(lines[n - 1]).toContain('fitness-raw-1');
    const stats = tapeStats([read]);
    expect(toolRow(stats, 'echo')?.calls).toBe(2);
    // server-everything answers the era probe with -32601 too (it has no server/discover).
    expect(stats.rpcErrorsByMethod).toEqual([
      { method: 'server/discover', code: -32601, count: 1 },
      { method: 'fitness/no-such-method', code: -32601, count: 1 },
    ]);
    expect(toolRow(stats, 'echo')?.pending).toBe(0);
    expect(toolRow(stats, 'no-such-tool')).toMatchObject({ calls: 1, errors: 1, pending: 0 });
    expect(stats.errors.filter((e) => e.source === 'tool').map((e) => e.name)).toEqual(['no-such-tool']);
    expect(stats.session.endReason).toBe('done');
  });

  it('examples/servers/good.js: negotiates 2026-07-28 (modern) with a discover result', async () => {
    const path = join(dir, 'wire.jsonl');
    const tape = TapeWriter.open({
      path,
      meta: { label: 'good', command: ['node', 'good.js'], kind: 'mcp' },
    });
    const session = await openSession({ kind: 'stdio', argv: [process.execPath, GOOD] }, { tape });
    expect(session.protocolVersion).toBe('2026-07-28');
    expect(session.era).toBe('modern');
    expect(session.discover?.supportedVersions).toContain('2026-07-28');
    const prior = session.prior;
    expect(prior?.kind).toBe('modern');
    const list = await session.listTools();
    expect(list.rawResults[0]).toMatchObject({ ttlMs: expect.any(Number), cacheScope: expect.any(String) });
    await session.close();
    await tape.close('done');
    if (process.env.SHOW_TAPE) console.log((await import('node:fs')).readFileSync(path, 'utf8'));
  });

  it('concurrent trials share one tape: fresh processes, reused JSON-RPC ids, pairing kept apart by session', async () => {
    const path = join(dir, 'wire.jsonl');
    const target = { kind: 'stdio' as const, argv: [process.execPath, GOOD] };
    const tape = TapeWriter.open({
      path,
      meta: { label: 'good', command: ['node', 'good.js'], kind: 'mcp' },
    });
    const first = await openSession(target, { tape });
    const prior = first.prior;
    await first.close();
    const trials = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const session = await openSession(target, { tape, ...(prior ? { prior } : {}) });
        const outcome = await session.callTool('list_branches', {}, { corrId: `task-${n}#1` });
        const pid = session.pid as number;
        await session.close();
        return { outcome, pid, tag: session.tag };
      }),
    );
    await tape.close('done');
    expect(new Set(trials.map((t) => t.pid)).size).toBe(3);
    expect(trials.map((t) => t.tag).sort()).toEqual(['s2', 's3', 's4']);
    for (const t of trials) {
      expect(t.outcome).toMatchObject({ kind: 'result', isError: false });
      expect(await gone(t.pid)).toBe(true);
    }
    const read = await readTape(path);
    const calls = read.records.flatMap((r) =>
      r.type === 'message' && (r.value.raw as { method?: string }).method === 'tools/call' ? [r.value] : [],
    );
    // Every trial's session numbered its first request 0: the ids collide, the sessions do not.
    expect(calls.map((c) => (c.raw as { id: number }).id)).toEqual([0, 0, 0]);
    const stats = tapeStats([read]);
    expect(toolRow(stats, 'list_branches')).toMatchObject({ calls: 3, errors: 0, pending: 0 });
    expect(stats.orphanResponses).toBe(0);
    expect(stats.reusedIds).toBe(0);

    const out: string[] = [];
    const code = await main(['tape', 'stats', path, '--json'], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      cwd: dir,
      env: {},
    });
    expect(code).toBe(0);
    const tools = JSON.parse(out.join('\n')).tools as { name: string; calls: number }[];
    expect(tools.find((t) => t.name === 'list_branches')?.calls).toBe(3);
  });
});
