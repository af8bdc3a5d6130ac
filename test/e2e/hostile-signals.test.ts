import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../src/record/io.js';
import { alive, expectCleanEnd, hostileRun, proxyArgv } from './hostile/helpers.js';
import { cli, stopAll } from './roster/cli.js';
import { outDir, server } from './run/helpers.js';

// A failed assertion must not leave a spawned CLI (or its server) running.
afterAll(() => stopAll());

/**
 * Signals against hostile servers: a signal always ends in a VOID `aborted` record with closed
 * tapes and a signature, a second one hurries the shutdown without skipping the record, and a
 * stalled handshake is not waited out.
 */
describe('signals', () => {
  it('a SIGINT during a stalled handshake ends the run as aborted at once, not target_died after the connect timeout', async () => {
    const timer = setTimeout(() => process.kill(process.pid, 'SIGINT'), 1500);
    const { result, record } = await hostileRun(
      { kind: 'stdio', argv: proxyArgv('stall') },
      { handleSignals: true },
    );
    clearTimeout(timer);
    expect(record.void).toMatchObject({ reason: 'aborted', detail: 'interrupted by SIGINT' });
    expect(record.void?.completed.stages).toEqual([]);
    await expectCleanEnd(result.dir);
  }, 60_000);

  it('a second SIGINT 200 ms after the first finishes the VOID record faster, never skips it', async () => {
    const lines: string[] = [];
    let sent = false;
    const { result, record, wire } = await hostileRun(
      { kind: 'stdio', argv: proxyArgv('stubborn+silent') },
      {
        handleSignals: true,
        callTimeoutMs: 20_000,
        progress: (line) => {
          lines.push(line);
          if (!sent && line.startsWith('surface: done')) {
            sent = true;
            process.kill(process.pid, 'SIGINT');
            setTimeout(() => process.kill(process.pid, 'SIGINT'), 200);
          }
        },
      },
    );
    expect(sent).toBe(true);
    expect(record.void).toMatchObject({ reason: 'aborted', detail: 'interrupted by SIGINT' });
    expect(lines.some((l) => l.startsWith('SIGINT again: hurrying'))).toBe(true);
    const stop = wire.records.find((r) => r.type === 'event' && r.value.kind === 'fitness.run-stop');
    expect(stop?.type === 'event' && stop.value.raw).toMatchObject({
      reason: 'aborted',
      signals: ['SIGINT', 'SIGINT'],
      hurried: true,
    });
    const pids = wire.records.flatMap((r) => {
      if (r.type !== 'event' || r.value.kind !== 'fitness.stderr') return [];
      const m = /stubborn: pid (\d+) grandchild (\d+)/.exec(String((r.value.raw as { text?: unknown }).text));
      return m ? [Number(m[1]), Number(m[2])] : [];
    });
    expect(pids.length).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 600));
    for (const pid of pids) expect(alive(pid), `pid ${pid}`).toBe(false);
    await expectCleanEnd(result.dir);
  }, 60_000);
});

describe('SIGHUP (the terminal closing) stops a spawned CLI run as SIGTERM does', () => {
  it('`run` given SIGHUP mid-run exits 3 with a VOID aborted record, closed tapes and a signature', async () => {
    const out = outDir();
    const run = cli([
      'run',
      '--seed',
      '1',
      '--plain',
      '--out',
      out,
      '--',
      process.execPath,
      ...server('well-made'),
    ]);
    await run.waitFor(/^surface: done/);
    run.child.kill('SIGHUP');
    expect(await run.exited, run.lines.join('\n')).toBe(3);
    const [name] = readdirSync(out);
    expect(name).toBeDefined();
    const dir = join(out, name ?? '');
    const record = await readRecord(join(dir, 'record.json'));
    expect(record.outcome).toBe('VOID');
    expect(record.void).toMatchObject({ reason: 'aborted', detail: 'interrupted by SIGHUP' });
    expect(existsSync(join(dir, 'signature.json'))).toBe(true);
    await expectCleanEnd(dir);
  }, 120_000);
});
