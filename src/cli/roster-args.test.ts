import { describe, expect, it } from 'vitest';
import { RosterOptions } from '../roster/args.js';
import { RunOverrideFields } from '../roster/entry.js';
import { SettingsFields } from '../run/settings.js';
import { rosterCommand } from './roster.js';
import { parseRosterArgs, ROSTER_FLAGS, ROSTER_RUN_FLAGS } from './roster-args.js';
import { runCommand } from './run.js';
import { parseRunArgs } from './run-args.js';
import { RUN_FLAGS, settingsHelp } from './run-flags.js';

const failure = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  return 'no error';
};

describe('roster arguments', () => {
  it('command-line flags of the roster', () => {
    const a = parseRosterArgs(
      [
        'r.json',
        '--resume',
        '--concurrency',
        '3',
        '--only',
        'a,b',
        '--only',
        'c',
        '--tasks',
        '8',
        '--no-conformance',
        '--runner',
        'heuristic',
      ],
      '/w',
    );
    expect(a).toMatchObject({
      roster: '/w/r.json',
      out: '/w/fitness-runs',
      site: '/w/fitness-site',
      resume: true,
      concurrency: 3,
      only: ['a', 'b', 'c'],
      conformance: { enabled: false },
      defaults: { tasks: 8, runner: 'heuristic' },
    });
    expect(() => parseRosterArgs([], '/w')).toThrow(/name a roster file/);
    expect(() => parseRosterArgs(['r.json', '--concurrency', '0'], '/w')).toThrow(
      /--concurrency must be at least 1/,
    );
    expect(() => parseRosterArgs(['r.json', '--generator', 'explore/9'], '/w')).toThrow(/generator/);
    expect(() => parseRosterArgs(['r.json', '--frobnicate'], '/w')).toThrow(/unknown option '--frobnicate'/);
  });

  it('the run settings for every entry are run’s own flags, with run’s ranges and messages', () => {
    const shared = ROSTER_RUN_FLAGS.filter((f) => RUN_FLAGS.includes(f));
    expect(shared.map((f) => f.flag)).toEqual(
      expect.arrayContaining(['--tasks', '--reps-drive', '--seed', '--runner', '--no-screen', '--max-steps']),
    );
    for (const given of [
      ['--tasks', '0'],
      ['--reps-nulls', '0'],
      ['--extensions', '-1'],
      ['--batch-tasks', 'six'],
      ['--seed', '99999999999999999999'],
      ['--generator', 'explore/1'],
      ['--call-timeout', '1.5'],
    ]) {
      const run = failure(() => parseRunArgs([...given, '--', 'node'], { cwd: '/w', env: {} }));
      expect(run, given.join(' ')).toMatch(new RegExp(`^${given[0]} `));
      expect(failure(() => parseRosterArgs(['r.json', ...given], '/w'))).toBe(run);
    }
    expect(failure(() => parseRosterArgs(['r.json', '--trial-concurrency', '0'], '/w'))).toBe(
      '--trial-concurrency must be an integer ≥ 1, got 0',
    );
    const a = parseRosterArgs(
      ['r.json', '--trial-concurrency', '2', '--reps-drive', '1', '--reps-nulls', '2', '--allow-destructive'],
      '/w',
    );
    expect(a.defaults).toEqual({ concurrency: 2, reps: { drive: 1, nulls: 2 }, allowDestructive: true });
    expect(a.conformance).toEqual({ enabled: true });
    const c = parseRosterArgs(['r.json', '--conformance-timeout', '5000', '--no-conformance'], '/w');
    expect(c.conformance).toEqual({ enabled: false, timeoutMs: 5000 });
  });

  it('every setting an entry’s run may override has its flag, and is a run setting', () => {
    const keys = Object.keys(RunOverrideFields.shape);
    expect(new Set(ROSTER_RUN_FLAGS.map((f) => f.key))).toEqual(new Set(keys));
    for (const key of keys) expect(Object.keys(SettingsFields.shape)).toContain(key);
    const own = ROSTER_FLAGS.map((f) => f.flag);
    const all = [...own, ...ROSTER_RUN_FLAGS.map((f) => f.flag)];
    expect(new Set(all).size).toBe(all.length);
    for (const f of ROSTER_FLAGS) expect(Object.keys(RosterOptions.shape)).toContain(f.key);
  });

  it('roster --help lists every flag from its declaration (a shared flag reads as in run --help)', () => {
    for (const f of [...ROSTER_FLAGS, ...ROSTER_RUN_FLAGS]) {
      expect(f.help.length, f.flag).toBeGreaterThan(8);
      expect(rosterCommand.usage).toContain(`  ${f.flag}`);
    }
    for (const f of ROSTER_RUN_FLAGS.filter((f) => RUN_FLAGS.includes(f))) {
      expect(rosterCommand.usage).toContain(settingsHelp([f]));
      expect(runCommand.usage).toContain(settingsHelp([f]));
    }
    const line = (flag: string) =>
      rosterCommand.usage.split('\n').find((l) => l.startsWith(`  ${flag} `)) ?? '';
    expect(line('--out')).toMatch(/runs folder and work list \(default fitness-runs\)/);
    expect(line('--concurrency')).toMatch(/servers measured at once.*\(default: 2\)/);
    expect(line('--max-tries')).toMatch(/\(default: 3\)/);
    expect(line('--tasks')).toContain(`(default ${SettingsFields.parse({}).tasks};`);
  });
});
