import { describe, expect, it } from 'vitest';
import type { TargetInput } from '../connect/target.js';
import { resolveConfig } from '../run/config.js';
import { SettingsFields, type SettingsInput } from '../run/settings.js';
import { flagsFor } from './flags.js';
import { runCommand } from './run.js';
import { parseRunArgs } from './run-args.js';
import { RUN_FLAGS, settingsFlag } from './run-flags.js';
import { TARGET_FLAGS } from './target-flags.js';

const io = { cwd: '/work', env: {} };
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
    const line = (flag: string) => runCommand.usage.split('\n').find((l) => l.startsWith(`  ${flag} `)) ?? '';
    const d = SettingsFields.parse({});
    expect(line('--concurrency')).toContain(`(default ${d.concurrency})`);
    expect(line('--reps-construct')).toContain(`(default ${d.reps.construct})`);
    expect(line('--max-steps')).toContain(`(default ${d.maxSteps})`);
    expect(runCommand.usage).toContain('(default 64MB)');
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
    expect(run('--tape-cap', '1kb')).toThrow(/^--tape-cap must be an integer ≥ 65536, got 1024$/);
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
