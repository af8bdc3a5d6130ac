import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandIO } from './command.js';
import { commands } from './commands.js';
import { helpText, main } from './main.js';

function capture(): { io: CommandIO; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l), cwd: process.cwd(), env: {} }, out, err };
}

describe('fitness-report main', () => {
  it('lists every registered command in --help and exits 0', async () => {
    const { io, out } = capture();
    expect(await main(['--help'], io)).toBe(0);
    for (const c of commands) expect(out.join('\n')).toContain(`  ${c.name} `);
    expect(helpText()).toContain('Usage: fitness-report <command>');
  });

  it('registers each command once, with usage text', async () => {
    const names = commands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['run', 'probe', 'tape', 'verify', 'board', 'serve', 'demo', 'audit']),
    );
    for (const c of commands) {
      const loaded = await c.load();
      expect(loaded.name).toBe(c.name);
      expect(loaded.usage).toMatch(new RegExp(`Usage: fitness-report ${c.name}\\b`));
    }
  });

  it('prints a command usage for `<command> --help` without running it', async () => {
    const { io, out } = capture();
    expect(await main(['run', '--help'], io)).toBe(0);
    expect(out.join('\n')).toContain('Usage: fitness-report run');
  });

  it('refuses an unknown command with one line on stderr and exit 2', async () => {
    const { io, out, err } = capture();
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual(["fitness-report: unknown command 'frobnicate' (try --help)"]);
  });

  it('with no command prints help and exits 2', async () => {
    const { io, out } = capture();
    expect(await main([], io)).toBe(2);
    expect(out.join('\n')).toContain('Commands:');
  });

  it('`serve` on a folder that is not a built site is a usage error: one line, exit 2', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'fitness-serve-')), 'no-such-site');
    const { io, out, err } = capture();
    expect(await main(['serve', missing, '--port', '0'], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^fitness-report serve: SERVE_SITE: .*no-such-site: not a built site/);
  });

  it('a count or time flag of worker, audit, probe and export over its bound is one line, exit 2', async () => {
    for (const [argv, message] of [
      [
        ['worker', '--queue', 'redis://127.0.0.1:1', '--jobs', '1000'],
        '--jobs must be an integer ≤ 32, got 1000',
      ],
      [
        ['worker', '--queue', 'redis://127.0.0.1:1', '--lock-duration', '86400001'],
        '--lock-duration must be an integer ≤ 86400000, got 86400001',
      ],
      [['audit', '--parallel', '1000'], '--parallel must be an integer ≤ 64, got 1000'],
      [
        ['probe', '--timeout', '86400001', '--', 'node', 's.js'],
        '--timeout must be an integer ≤ 86400000, got 86400001',
      ],
      [
        ['export', 'otlp', 'RUN', '--timeout', '86400001'],
        '--timeout must be an integer ≤ 86400000, got 86400001',
      ],
    ] as const) {
      const { io, out, err } = capture();
      expect(await main(argv, io), argv.join(' ')).toBe(2);
      expect(out).toEqual([]);
      expect(err, argv.join(' ')).toHaveLength(1);
      expect(err[0], argv.join(' ')).toContain(message);
    }
  });
});
