/**
 * A target never reached is not a server (issue 33, item 8): `run --url` to a port nothing listens
 * on, a command that does not exist, and a command that exits before the handshake each end VOID
 * `unreachable` (exit 3, README's exit-code table) with a signed record naming what was typed
 * (URL userinfo scrubbed); `verify` re-derives the reason from the wire tape; and the board lists
 * the three apart, under "Never reached", not as server rows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/board/site.js';
import { main } from '../../src/cli/main.js';
import { readRecord } from '../../src/record/io.js';
import type { RunRecord } from '../../src/record/run.js';
import { verifyFitnessRun } from '../../src/run/verify.js';
import { portOf } from '../support/port.js';
import { captureIO, outDir } from './run/helpers.js';

const SECRET = 'hunter2-never-printed';

/** A loopback port that was free a moment ago and has nothing listening on it now. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Ended {
  typed: string;
  code: number;
  printed: string;
  dir: string;
  record: RunRecord;
}

async function run(args: readonly string[], typed: string, out: string): Promise<Ended> {
  const before = new Set(readdirSync(out));
  const io = captureIO();
  const code = await main(['run', '--out', out, ...args], io);
  const [runId] = readdirSync(out).filter((d) => !before.has(d));
  const dir = join(out, runId ?? '');
  const printed = [...io.stdout, ...io.stderr].join('\n');
  return { typed, code, printed, dir, record: await readRecord(join(dir, 'record.json')) };
}

describe('a target never reached', () => {
  const out = outDir();
  let ended: Ended[];

  beforeAll(async () => {
    const port = await deadPort();
    ended = [
      await run(
        ['--credential', 'free-key', '--url', `http://probe:${SECRET}@127.0.0.1:${port}/mcp`],
        `http://127.0.0.1:${port}/mcp`,
        out,
      ),
      await run(['--', '/nonexistent/fitness-no-such-server'], '/nonexistent/fitness-no-such-server', out),
      await run(['--', 'node', '-e', 'process.exit(3)'], "node -e 'process.exit(3)'", out),
    ];
  }, 300_000);

  it('is VOID unreachable, exit 3, naming what was typed and why, with no secret anywhere', () => {
    const why = [/connection refused/, /command not found/, /exited with code 3 before the handshake/];
    ended.forEach((e, i) => {
      expect(e.code).toBe(3);
      expect(e.record.outcome).toBe('VOID');
      expect(e.record.void?.reason).toBe('unreachable');
      expect(e.record.void?.detail).toContain(`never reached the target: ${e.typed}`);
      expect(e.record.void?.detail).toMatch(why[i] ?? /$^/);
      expect(e.record.void?.completed).toEqual({ stages: [], gates: [], trials: {} });
      expect(e.printed).toContain('VOID (unreachable): never reached the target');
      for (const file of readdirSync(e.dir))
        expect(readFileSync(join(e.dir, file), 'utf8')).not.toContain(SECRET);
      expect(e.printed).not.toContain(SECRET);
    });
  });

  it('is signed like any record, and verify re-derives the reason from the wire tape', async () => {
    for (const e of ended) {
      const v = await verifyFitnessRun(e.dir);
      expect(v.problems).toEqual([]);
      expect(v.signer).toBeDefined();
      const row = v.checks.find((c) => c.check === 'void reason');
      expect(row).toMatchObject({ ok: true });
      expect(row?.detail).toMatch(/^unreachable, as the wire tape shows/);
      const io = captureIO();
      expect(await main(['verify', e.dir], io)).toBe(0);
    }
  });

  it('the board lists them apart, under "Never reached", and makes no server row of them', async () => {
    const site = join(outDir(), 'site');
    const built = await buildSite({ runs: [out], out: site });
    expect(built.runs).toBe(3);
    expect(built.groups).toBe(0);
    const index = readFileSync(join(site, 'index.html'), 'utf8');
    const section = index.slice(index.indexOf('<section class="group never-reached"'));
    expect(section).toContain('Never reached (3)');
    for (const e of ended) {
      expect(section).toContain(`<code>${e.typed.replaceAll("'", '&#39;')}</code>`);
      expect(section).toContain(`records/${e.record.runId}.html`);
    }
    expect(index).not.toContain('<tbody>');
    expect(index).not.toContain('No readable run records were found');
    expect(index).not.toContain(SECRET);
  });
});
