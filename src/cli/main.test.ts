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
});
