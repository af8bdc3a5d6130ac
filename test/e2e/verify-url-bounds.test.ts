/**
 * `verify SITE_URL`, the CLI from dist/, against a misbehaving site on 127.0.0.1: a stop signal
 * while a file stalls ends the command at once (exit 3, one line naming the signal) and leaves no
 * fetched copy in the temporary directory; a limit hit is one line naming the URL and the limit;
 * names that clash are a mismatch row (exit 1), not a crash. Each CLI gets its own TMPDIR, so what
 * it leaves behind is seen.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  answer,
  endless,
  type HostileSite,
  type Route,
  signatureListing,
  stall,
  startSite,
} from '../support/hostile-site.js';
import { cli, stopAll } from './roster/cli.js';

let site: HostileSite | undefined;
let temp = '';

afterEach(async () => {
  await stopAll(2_000);
  await site?.close();
  site = undefined;
  if (temp !== '') rmSync(temp, { recursive: true, force: true });
  temp = '';
});
afterAll(() => stopAll(2_000));

async function verify(paths: readonly string[], routes: Record<string, Route>) {
  site = await startSite({ 'signature.json': answer(signatureListing(paths)), ...routes });
  temp = mkdtempSync(join(tmpdir(), 'verify-url-bounds-'));
  return { site, p: cli(['verify', site.url], { TMPDIR: temp }) };
}

/** Polls `ok` every 20 ms for at most `ms`. */
async function until(ok: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !ok(); ) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('verify SITE_URL stopped by a signal', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    it(`${signal} while a file stalls: exit 3 at once, one line naming it, the fetched copy removed`, async () => {
      const { site, p } = await verify(['record.json'], { 'record.json': stall() });
      await until(() => site.requests.includes('record.json'), 30_000);
      expect(readdirSync(temp).filter((n) => n.startsWith('fr-verify-'))).toHaveLength(1);
      const sent = Date.now();
      p.child.kill(signal);
      expect(await p.exited, p.lines.join('\n')).toBe(3);
      // Well under the 1 min request deadline the stalled file would otherwise wait out.
      expect(Date.now() - sent).toBeLessThan(10_000);
      expect(p.lines).toContain(
        `fitness-report verify: VERIFY_FETCH: ${site.url}record.json: interrupted by ${signal}`,
      );
      expect(readdirSync(temp)).toEqual([]);
    }, 60_000);
});

describe('verify SITE_URL past a limit, or on names that clash', () => {
  it('a 3 GB signature.json: exit 3, one line naming the URL and the limit, nothing left behind', async () => {
    const { site, p } = await verify([], { 'signature.json': endless({ contentLength: 3_000_000_000 }) });
    expect(await p.exited, p.lines.join('\n')).toBe(3);
    expect(p.lines).toEqual([
      `fitness-report verify: VERIFY_FETCH: ${site.url}signature.json: larger than the limit for an index file (16 MiB; Content-Length 3,000,000,000)`,
    ]);
    expect(readdirSync(temp)).toEqual([]);
  }, 60_000);

  it("a manifest naming 'a' and 'a/b': a mismatch row and NOT VERIFIED (exit 1), not a crash", async () => {
    const { site, p } = await verify(['a', 'a/b'], { a: answer('x'), 'a/b': answer('y') });
    expect(await p.exited, p.lines.join('\n')).toBe(1);
    expect(p.lines.join('\n')).toMatch(
      /^names\s+MISMATCH\s+http:\/\/127\.0\.0\.1:\d+\/runs\/r\/: 'a' is a file and also the folder of 'a\/b'$/m,
    );
    expect(p.lines.at(-1)).toBe('NOT VERIFIED: 1 problem');
    expect(site.requests).not.toContain('a');
    expect(readdirSync(temp)).toEqual([]);
  }, 60_000);
});
