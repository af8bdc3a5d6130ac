import { describe, expect, it } from 'vitest';
import { parseRunArgs } from '../../test/support/run-args.js';
import type { TargetInput } from '../connect/target.js';
import { resolveConfig } from '../run/config.js';
import { SettingsFields, type SettingsInput } from '../run/settings.js';
import { flagsFor } from './flags.js';
import { main } from './main.js';
import { runCommand } from './run.js';
import { RUN_FLAGS, settingsFlag } from './run-flags.js';
import { TARGET_FLAGS } from './target-flags.js';

const io = { cwd: '/work', env: {} };

/** A flag's whole entry in a help text, its wrapped lines joined by single spaces. */
function helpEntry(usage: string, flag: string): string {
  const at = usage.indexOf(`\n  ${flag} `);
  const end = usage.indexOf('\n  -', at + 1);
  return usage
    .slice(at, end === -1 ? undefined : end)
    .replace(/\s+/g, ' ')
    .trim();
}
const target: TargetInput = { kind: 'stdio', argv: ['node', 's.js'] };

describe('the flag tables', () => {
  it('name each flag once, each with help text, each writing a key of the settings schema', () => {
    const all = [...RUN_FLAGS, ...TARGET_FLAGS].map((f) => f.flag);
    expect(new Set(all).size).toBe(all.length);
    for (const f of [...RUN_FLAGS, ...TARGET_FLAGS]) expect(f.help.length, f.flag).toBeGreaterThan(8);
    const keys = Object.keys(SettingsFields.shape);
    for (const f of RUN_FLAGS) expect(keys, f.flag).toContain(f.key);
  });

  it('only let a flag name a real setting with a parser of its type (checked by tsc)', () => {
    const on = flagsFor<SettingsInput>();
    // @ts-expect-error: no setting is called maxOutputTokenz
    on.value('maxOutputTokenz', { flag: '--x', arg: 'N', parse: Number });
    // @ts-expect-error: tasks is a number, not a string
    on.value('tasks', { flag: '--x', arg: 'N', parse: (t: string) => t });
    // @ts-expect-error: a switch of screen must set a boolean
    settingsFlag.switch('screen', { flag: '--x', value: 'no' });
    expect(on.value('tasks', { flag: '--x', arg: 'N', parse: Number }).key).toBe('tasks');
  });

  it('run --help lists every flag with the default the schema gives it', () => {
    for (const f of [...RUN_FLAGS, ...TARGET_FLAGS]) expect(runCommand.usage).toContain(`  ${f.flag}`);
    const line = (flag: string) => helpEntry(runCommand.usage, flag);
    const d = SettingsFields.parse({});
    expect(line('--concurrency')).toContain(`(default ${d.concurrency}; at most 64)`);
    expect(line('--reps-construct')).toContain(`(default ${d.reps.construct}; at most 100)`);
    expect(line('--max-steps')).toContain(`(default ${d.maxSteps}; at most 1000)`);
    expect(line('--tape-cap')).toContain('(default 64MB; at most 1GB)');
    expect(line('--budget')).toContain('(default 2h; at most 168h)');
  });
});

describe('values out of the schema range', () => {
  it('are one-line usage errors naming the flag on the command line', () => {
    const run =
      (...flags: string[]) =>
      () =>
        parseRunArgs([...flags, '--', 'node'], io);
    expect(run('--tasks', '0')).toThrow(/^--tasks must be an integer ≥ 1, got 0$/);
    expect(run('--reps-drive', '0')).toThrow(/^--reps-drive must be an integer ≥ 1, got 0$/);
    expect(run('--extensions', '-1')).toThrow(/^--extensions must be an integer ≥ 0, got -1$/);
    expect(run('--tape-cap', '1kb')).toThrow(/^--tape-cap must be at least 64KB, got 1KB$/);
    expect(run('--seed', '99999999999999999999')).toThrow(/^--seed must be an integer, got/);
  });

  it('name the option, never a flag that does not exist, from the library', () => {
    expect(() => resolveConfig({ target, maxOutputTokens: 0 })).toThrow(
      /^maxOutputTokens must be an integer ≥ 1, got 0$/,
    );
    expect(() => resolveConfig({ target, reps: { nulls: 0 } })).toThrow(/^reps\.nulls must be/);
    expect(() => resolveConfig({ target, callTimeoutMs: 1.5 })).toThrow(/^callTimeoutMs must be/);
  });

  it('map each option to its registered name in one place', () => {
    const c = resolveConfig({ target, seed: 3, extensions: 0, tokenBudget: 500, readOnly: ['a', 'a'] });
    expect(c.extension).toEqual({ batchTasks: 6, maxExtensions: 0 });
    expect(c.agentLimits.tokenBudgetPerTrial).toBe(500);
    expect(c.policy).toEqual({ asserted: ['a'], infer: true, allowDestructive: false });
    expect(c.reps).toEqual({ nulls: 1, construct: 3, drive: 3 });
  });
});

describe('upper bounds', () => {
  const over: readonly (readonly [string, string, string])[] = [
    ['--tasks', '100000', 'an integer ≤ 1000, got 100000'],
    ['--reps-nulls', '101', 'an integer ≤ 100, got 101'],
    ['--reps-construct', '101', 'an integer ≤ 100, got 101'],
    ['--reps-drive', '1000000000', 'an integer ≤ 100, got 1000000000'],
    ['--extensions', '100000', 'an integer ≤ 20, got 100000'],
    ['--batch-tasks', '1001', 'an integer ≤ 1000, got 1001'],
    ['--concurrency', '1000', 'an integer ≤ 64, got 1000'],
    ['--max-steps', '1001', 'an integer ≤ 1000, got 1001'],
    ['--token-budget', '100000001', 'an integer ≤ 100000000, got 100000001'],
    ['--trial-timeout', '86400001', 'an integer ≤ 86400000, got 86400001'],
    ['--call-timeout', '86400001', 'an integer ≤ 86400000, got 86400001'],
    ['--connect-timeout', '86400001', 'an integer ≤ 86400000, got 86400001'],
    ['--budget', '169h', 'at most 168h, got 169h'],
    ['--tape-cap', '2gb', 'at most 1GB, got 2GB'],
  ];

  it('a value over its bound is a one-line usage error naming the flag and the bound', () => {
    for (const [flag, value, words] of over)
      expect(() => parseRunArgs([flag, value, '--', 'node'], io), flag).toThrow(`${flag} must be ${words}`);
  });

  it('the bound itself is accepted', () => {
    const o = parseRunArgs(
      ['--tasks', '1000', '--reps-drive', '100', '--concurrency', '64', '--budget', '168h', '--', 'node'],
      io,
    );
    expect(o).toMatchObject({
      tasks: 1000,
      reps: { drive: 100 },
      concurrency: 64,
      budgetMs: 168 * 3_600_000,
    });
  });

  it('run exits 2 with one line on stderr for a value over its bound, before anything runs', async () => {
    for (const [flag, value, words] of over) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(['run', flag, value, '--', 'node', 's.js'], {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        cwd: '/nonexistent',
        env: {},
      });
      expect(code, flag).toBe(2);
      expect(out).toEqual([]);
      expect(err).toEqual([`fitness-report run: USAGE: ${flag} must be ${words}`]);
    }
  });

  it('every count, size and duration flag of run shows its bound in --help', () => {
    for (const [flag] of over) {
      expect(helpEntry(runCommand.usage, flag), flag).toMatch(/at most \d/);
    }
  });
});
