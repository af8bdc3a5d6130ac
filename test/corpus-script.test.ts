import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm run corpus` on bad flags: one line naming the flag and what was wrong, then the usage, exit 2;
 * never a stack trace. Nothing is seeded or run (the flags are read before anything else).
 */
const SCRIPT = resolve(import.meta.dirname, '../scripts/corpus.js');
const corpus = (...args: string[]) =>
  spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('scripts/corpus.js flags', () => {
  it.each([
    [['--bogus'], 'unknown option --bogus'],
    [['--split', 'nope'], '--split nope: one of dev,'],
    [['--concurrency', '0'], '--concurrency 0: a whole number of at least 1'],
    [['--seed', 'x'], '--seed x: a whole number of at least 0'],
    [['--only', 'no-such-server'], '--only no-such-server: not in corpus/servers.json'],
    [['--out'], '--out needs a value'],
  ])('%j: exits 2 with one line naming it', (args, said) => {
    const r = corpus(...args);
    expect(r.status).toBe(2);
    const [first, usage, ...rest] = r.stderr.trimEnd().split('\n');
    expect(first?.startsWith(`npm run corpus: ${said}`)).toBe(true);
    expect(usage).toMatch(/^usage: npm run corpus -- /);
    expect(rest).toEqual([]);
    expect(r.stdout).toBe('');
  });

  it('--help prints the usage with every split and exits 0', () => {
    const r = corpus('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run corpus -- \[--split dev\|holdout\|fresh\|[^\]]*\|all\]/);
  });
});
