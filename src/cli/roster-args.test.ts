import { describe, expect, it } from 'vitest';
import { parseRunArgs } from '../../test/support/run-args.js';
import { RosterOptions } from '../roster/args.js';
import { parseRoster, RunOverrideFields } from '../roster/entry.js';
import { SettingsFields } from '../run/settings.js';
import { rosterCommand } from './roster.js';
import { parseRosterArgs, ROSTER_FLAGS, ROSTER_RUN_FLAGS } from './roster-args.js';
import { runCommand } from './run.js';
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
        '--jobs',
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
      jobs: 3,
      only: ['a', 'b', 'c'],
      conformance: { enabled: false },
      defaults: { tasks: 8, runner: 'heuristic' },
    });
    expect(() => parseRosterArgs([], '/w')).toThrow(/name a roster file/);
    expect(() => parseRosterArgs(['r.json', '--jobs', '0'], '/w')).toThrow(
      /^--jobs must be an integer ≥ 1, got 0$/,
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
    for (const f of [...ROSTER_FLAGS, ...ROSTER_RUN_FLAGS].filter((g) => g.renamedTo === undefined)) {
      expect(f.help.length, f.flag).toBeGreaterThan(8);
      expect(rosterCommand.usage).toContain(`  ${f.flag}`);
    }
    for (const f of ROSTER_RUN_FLAGS.filter((f) => RUN_FLAGS.includes(f))) {
      expect(rosterCommand.usage).toContain(settingsHelp([f]));
      expect(runCommand.usage).toContain(settingsHelp([f]));
    }
    // A flag's whole entry, its wrapped lines joined.
    const line = (flag: string) => {
      const at = rosterCommand.usage.indexOf(`\n  ${flag} `);
      return rosterCommand.usage.slice(at, rosterCommand.usage.indexOf('\n  -', at + 1)).replace(/\s+/g, ' ');
    };
    expect(line('--out')).toMatch(/runs folder and work list \(default fitness-runs\)/);
    expect(line('--jobs')).toMatch(/servers measured at once.*\(default: 2; at most 32\)/);
    expect(line('--max-tries')).toMatch(/\(default: 3; at most 20\)/);
    expect(line('--tasks')).toContain(`(default ${SettingsFields.parse({}).tasks};`);
  });

  it('a roster option or run setting over its bound is one line naming the flag and the bound', () => {
    for (const [given, message] of [
      [['--jobs', '1000'], '--jobs must be an integer ≤ 32, got 1000'],
      [['--max-tries', '21'], '--max-tries must be an integer ≤ 20, got 21'],
      [['--job-timeout', '604800001'], '--job-timeout must be an integer ≤ 604800000, got 604800001'],
      [
        ['--conformance-timeout', '86400001'],
        '--conformance-timeout must be an integer ≤ 86400000, got 86400001',
      ],
      [['--trial-concurrency', '65'], '--trial-concurrency must be an integer ≤ 64, got 65'],
      [['--tasks', '100000'], '--tasks must be an integer ≤ 1000, got 100000'],
      [['--reps-drive', '1000000000'], '--reps-drive must be an integer ≤ 100, got 1000000000'],
      [['--extensions', '100000'], '--extensions must be an integer ≤ 20, got 100000'],
      [
        ['--roster-id', 'r'.repeat(101)],
        '--roster-id must be 1 to 100 letters, digits, dots, hyphens or underscores (it names job ids and folders)',
      ],
    ] as const)
      expect(failure(() => parseRosterArgs(['r.json', ...given], '/w'))).toBe(message);
    const usage = rosterCommand.usage.replace(/\s+/g, ' ');
    for (const words of [
      '(default: 3600000; at most 604800000, i.e. 168h)',
      'trials in flight within each run (default 4; at most 64)',
    ])
      expect(usage).toContain(words);
  });

  it('an entry’s run settings and fields have the same bounds as the flags', () => {
    for (const [run, message] of [
      [{ tasks: 100000 }, 'run.tasks: must be an integer ≤ 1000, got 100000'],
      [{ reps: { drive: 1000000000 } }, 'run.reps.drive: must be an integer ≤ 100, got 1000000000'],
      [{ concurrency: 1000 }, 'run.concurrency: must be an integer ≤ 64, got 1000'],
      [{ extensions: 100000 }, 'run.extensions: must be an integer ≤ 20, got 100000'],
    ] as const) {
      const parsed = parseRoster({ mcpServers: { a: { command: 'node', run } } }, 'r.json');
      expect('fault' in parsed ? parsed.fault : parsed.errors[0]?.message).toBe(message);
    }
    const slow = parseRoster({ mcpServers: { a: { command: 'node', timeoutMs: 604800001 } } }, 'r.json');
    expect('fault' in slow ? slow.fault : slow.errors[0]?.message).toBe(
      'timeoutMs: must be an integer ≤ 604800000, got 604800001',
    );
  });
});
