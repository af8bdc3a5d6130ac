import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import {
  expectCleanEnd,
  type HostileHttp,
  hostileRun,
  runBytes,
  startHostileHttp,
} from './hostile/helpers.js';
import { captureIO } from './run/helpers.js';

/**
 * Hostile HTTP servers (a proxy in front of the well-made planted server over HTTP) end in bounded
 * time in the right outcome: the same frame limits as stdio, schema sizes bounded before compiling,
 * regex in schemas on a linear-time engine, a capped tape and a budget, and no secret anywhere.
 */
let proxy: HostileHttp | undefined;
afterEach(async () => {
  await proxy?.stop();
  proxy = undefined;
});

async function start(mode: string): Promise<string> {
  proxy = await startHostileHttp(mode);
  return proxy.url;
}

describe('hostile HTTP servers, measured', () => {
  it('a deeply nested frame over HTTP is refused like on stdio: VOID transport_error', async () => {
    const url = await start('deep:call');
    const { result, record, wire } = await hostileRun({ kind: 'http', url });
    expect(record.void?.reason).toBe('transport_error');
    expect(record.void?.detail).toMatch(/nested deeper than 128 levels/);
    expect(wire.records.some((r) => r.type === 'event' && r.value.kind === 'fitness.frame-refused')).toBe(
      true,
    );
    await expectCleanEnd(result.dir);
  });

  it('a 50 MB tool result goes past the 16 MB frame limit HTTP now has', async () => {
    const url = await start('huge:50');
    // The deadline is long: the proxy takes its time to write 50 MB, and the limit must decide, not the clock.
    const { result, record } = await hostileRun({ kind: 'http', url }, { callTimeoutMs: 30_000 });
    expect(record.void?.reason).toBe('transport_error');
    expect(record.void?.detail).toMatch(/exceeded the 16777216-byte frame limit/);
    expect(readFileSync(join(result.dir, 'wire.jsonl')).length).toBeLessThan(4 * 1024 * 1024);
    await expectCleanEnd(result.dir);
  });

  it('50 MB of instructions is never SCORED: the handshake frame is refused', async () => {
    const url = await start('instructions:50');
    const { result, record } = await hostileRun({ kind: 'http', url });
    expect(record.outcome).toBe('VOID');
    expect(record.void?.reason).toBe('transport_error');
    expect(record.void?.detail).toMatch(/FRAME_TOO_LARGE|exceeded the 16777216-byte size limit/);
    await expectCleanEnd(result.dir);
  });

  it('a 500,000-value enum: the tool is left out before anything compiles it, and the run goes on', async () => {
    const url = await start('enum:500000');
    const { result, record } = await hostileRun({ kind: 'http', url }, { callTimeoutMs: 20_000 });
    expect(record.notes.own.find((n) => n.id === 'surface-oversized-schemas')?.text).toMatch(/"list_routes"/);
    expect(record.surface?.toolCount).toBe(9);
    expect(record.outcome).not.toBe('VOID');
    await expectCleanEnd(result.dir);
  });

  it('an outputSchema pattern ^(a+)+$ against a 40-character string never blocks the run', async () => {
    const url = await start('regex');
    const { result, record, wire } = await hostileRun({ kind: 'http', url }, { callTimeoutMs: 20_000 });
    const tagged = wire.records.filter(
      (r) => r.type === 'message' && JSON.stringify(r.value.raw).includes(`${'a'.repeat(39)}!`),
    );
    expect(tagged).toHaveLength(1);
    expect(record.outcome).toBe('SCORED');
    await expectCleanEnd(result.dir);
  });

  it('a server that never answers tools/call over HTTP: VOID timeout, per tool', async () => {
    const url = await start('silent');
    const { result, record } = await hostileRun({ kind: 'http', url });
    expect(record.void?.reason).toBe('timeout');
    expect(record.serverFaults?.tools.every((t) => t.timeouts === 1)).toBe(true);
    await expectCleanEnd(result.dir);
  });

  it('a notification flood over HTTP: the tape is capped and the budget ends the run', async () => {
    const url = await start('flood');
    const { result, record } = await hostileRun(
      { kind: 'http', url },
      { budgetMs: 8000, tapeCapBytes: 512 * 1024, callTimeoutMs: 20_000 },
    );
    expect(record.void?.reason).toBe('budget_exhausted');
    expect(record.notes.own.some((n) => n.id === 'tape-truncated-wire')).toBe(true);
    await expectCleanEnd(result.dir);
  });

  it('a bearer token and URL userinfo the server echoes: no derived form reaches a file, a path or the probe table', async () => {
    const token = 'tok-live-9d1e0c77aa4b42f1';
    const url = await start('echo+silent');
    const { result } = await hostileRun(
      { kind: 'http', url, headers: { Authorization: `Bearer ${token}` } },
      { credential: 'free-key' },
    );
    const bytes = runBytes(result.dir);
    expect(bytes).not.toContain(token);
    expect(basename(result.dir)).not.toContain('9d1e0c77');
    await expectCleanEnd(result.dir);

    const password = 's3cret-pass-word-77';
    const basic = Buffer.from(`bob:${password}`).toString('base64');
    const withUser = url.replace('http://', `http://bob:${password}@`);
    const second = await hostileRun({ kind: 'http', url: withUser }, { credential: 'owner-key' });
    const text = runBytes(second.result.dir);
    for (const form of [password, basic, `Basic ${basic}`]) expect(text).not.toContain(form);

    const io = captureIO();
    const code = await main(['probe', '--url', url, '--header', `Authorization: Bearer ${token}`], io);
    expect(code).not.toBe(2);
    expect([...io.stdout, ...io.stderr].join('\n')).not.toContain(token);
  });
});
