import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { readRecord } from '../../src/record/io.js';
import { ROSTER_DB, STAGING } from '../../src/roster/local.js';
import { RosterStore } from '../../src/roster/store.js';
import { cli, plantedRoster, stopAll } from './roster/cli.js';
import { captureIO, server } from './run/helpers.js';

const runDirsIn = (out: string) =>
  readdirSync(out, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(out, d.name, 'record.json')))
    .map((d) => join(out, d.name));

// A failed assertion must not leave a roster process (or its tries and servers) running.
afterAll(() => stopAll());

describe('roster on one machine: its own process per job, a work list that resumes', () => {
  it('SIGKILL of the roster mid-run, then --resume: every job ends with exactly its records, finished jobs never rerun', async () => {
    const { dir, file } = plantedRoster();
    const out = join(dir, 'runs');
    const site = join(dir, 'site');
    const args = [
      'roster',
      file,
      '--out',
      out,
      '--site',
      site,
      '--no-conformance',
      '--concurrency',
      '2',
      '--plain',
    ];
    const first = cli(args);
    // The first job to end is finished; kill the roster while the next one runs.
    const ended = await first.waitFor(
      /^(well-made|thin|calculator)#1: (SCORED|INSUFFICIENT_SURFACE|DEGENERATE|GATE_FAILED)/,
    );
    const finishedFirst = ended.split(':')[0] ?? '';
    await first.waitFor(/^start calculator#1/);
    await new Promise((r) => setTimeout(r, 1500));
    first.child.kill('SIGKILL');
    await first.exited;

    // Without --resume the work list is not silently reused.
    const again = captureIO();
    expect(await main(args.slice(0, -1), again)).toBe(2);
    expect(again.stderr.join('\n')).toMatch(/pass --resume to continue it/);

    // The resumed roster runs in this process (one CLI start fewer); its jobs are processes of their own.
    const second = captureIO();
    expect(await main([...args, '--resume'], second), second.stderr.join('\n')).toBe(0);

    const store = new RosterStore(join(out, ROSTER_DB));
    const jobs = store.jobs();
    const tries = store.tries();
    store.close();
    expect(jobs.map((j) => [j.key, j.state]).sort()).toEqual([
      ['calculator#1', 'done'],
      ['thin#1', 'done'],
      ['well-made#1', 'done'],
    ]);
    // The job that ended before the kill ran once.
    expect(tries.filter((t) => t.job_key === finishedFirst)).toHaveLength(1);
    // Something was running at the kill: its try died, was recorded, and the job ran again.
    const died = tries.filter((t) => t.state === 'died');
    expect(died.length).toBeGreaterThanOrEqual(1);
    for (const job of jobs) {
      const mine = tries.filter((t) => t.job_key === job.key);
      expect(mine.at(-1)?.state).toBe('finished');
      expect(mine.slice(0, -1).every((t) => t.state === 'died')).toBe(true);
    }
    // One record per try that started a run: the died ones VOID, nothing lost, nothing twice. A try
    // killed before its process started anything has no run to record (and only a died try may).
    const started = tries.filter((t) => t.run_dir !== null);
    expect(tries.filter((t) => t.run_dir === null).every((t) => t.state === 'died')).toBe(true);
    const dirs = runDirsIn(out);
    expect(dirs).toHaveLength(started.length);
    expect(new Set(started.map((t) => t.run_dir))).toEqual(new Set(dirs));
    for (const t of died.filter((d) => d.run_dir !== null)) {
      const record = await readRecord(join(t.run_dir ?? '', 'record.json'));
      expect(record.outcome).toBe('VOID');
      expect(record.void?.reason).toBe('aborted');
    }
    const diedRun = died.find((d) => d.run_dir !== null)?.run_dir;
    expect(diedRun).toBeDefined();
    const verify = captureIO();
    expect(
      await main(['verify', diedRun ?? ''], verify),
      [...verify.stdout, ...verify.stderr].join('\n'),
    ).toBe(0);
    // Both attempts of a died job are on the board, as attempts on its one row: a row per entry.
    const board = readFileSync(join(site, 'index.html'), 'utf8');
    expect(board.match(/<tr id="run-/g)).toHaveLength(jobs.length);
    for (const t of started) expect(board).toMatch(new RegExp(`<(tr|li) id="run-${t.run_id}"`));
    expect(board.match(/<li id="run-/g)).toHaveLength(started.length - jobs.length);
    expect(second.stdout.join('\n')).toMatch(/\(died\)/);
    expect(readdirSync(join(out, '.roster-staging'))).toEqual([]);
  }, 600_000);

  it('an entry that cannot be parsed is reported by name and the rest run; bad flags and rosters are one line', async () => {
    const { dir, file } = plantedRoster({
      'bad-attempts': { command: 'node', attempts: 0 },
      'needs-var': { command: 'node', args: [['${', 'FITNESS_TEST_UNSET_VARIABLE}'].join('')] },
    });
    const io = captureIO();
    const code = await main(
      [
        'roster',
        file,
        '--only',
        'thin,bad-attempts,needs-var',
        '--out',
        join(dir, 'o'),
        '--site',
        join(dir, 's'),
        '--no-conformance',
        '--plain',
      ],
      io,
    );
    expect(code).toBe(1);
    expect(io.stdout).toContain('bad-attempts: not run: attempts: must be an integer ≥ 1, got 0');
    expect(io.stdout.join('\n')).toMatch(
      /needs-var: not run: .*needs environment variable FITNESS_TEST_UNSET_VARIABLE/,
    );
    expect(io.stdout.join('\n')).toMatch(/^thin#1: INSUFFICIENT_SURFACE \S*thin-/m);

    const missing = captureIO();
    expect(await main(['roster', join(dir, 'nope.json')], missing)).toBe(2);
    expect(missing.stderr).toHaveLength(1);
    expect(missing.stderr[0]).toMatch(/ROSTER_INVALID: .*nope\.json: ENOENT/);

    const notRoster = join(dir, 'not-a-roster.json');
    writeFileSync(notRoster, '{"hello": 1}');
    const bad = captureIO();
    expect(await main(['roster', notRoster], bad)).toBe(2);
    expect(bad.stderr[0]).toMatch(/no "mcpServers" entries/);

    const flag = captureIO();
    expect(await main(['roster', file, '--tasks', 'many'], flag)).toBe(2);
    expect(flag.stderr[0]).toMatch(/--tasks needs an integer, got 'many'/);
    const only = captureIO();
    expect(
      await main(['roster', file, '--only', 'ghost', '--out', mkdtempSync(join(tmpdir(), 'x-'))], only),
    ).toBe(2);
    expect(only.stderr[0]).toMatch(/--only ghost: no such entry/);
  }, 300_000);
});

describe('entry names the file system cannot take as they are', () => {
  it('a 5,000-character name is its own failure, a hostile name is slugged, the rest run, and --resume works', async () => {
    const long = 'x'.repeat(5000);
    // Within the bound, but a path as it stands: separators, `..`, a NUL and non-ASCII letters.
    const hostile = `../../etc/${'é'.repeat(150)}\u0000/..`;
    const thin = { command: process.execPath, args: server('thin') };
    const dir = mkdtempSync(join(tmpdir(), 'fitness-roster-names-'));
    const file = join(dir, 'roster.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { [long]: thin, [hostile]: thin, thin } }));
    const out = join(dir, 'runs');
    const args = ['roster', file, '--out', out, '--site', join(dir, 'site'), '--no-conformance', '--plain'];
    const first = cli(args);
    // Documented: 1 when an entry could not be parsed or run (the others ran and the board was built).
    expect(await first.exited, first.lines.join('\n').slice(0, 4000)).toBe(1);
    const said = `${long}: not run: its name is 5000 characters long; at most 200 are allowed`;
    expect(first.lines).toContain(said);
    expect(first.lines.some((l) => /^thin#1: INSUFFICIENT_SURFACE /.test(l))).toBe(true);
    // Printed as one inert value: the NUL shows as its escape (`\x00`), never as the raw byte.
    const shown = hostile.replace('\u0000', '\\x00');
    expect(first.lines.some((l) => l.startsWith(`${shown}#1: INSUFFICIENT_SURFACE `))).toBe(true);
    expect(first.lines.some((l) => l.includes('\u0000'))).toBe(false);

    const store = new RosterStore(join(out, ROSTER_DB));
    const jobs = store.jobs();
    const tries = store.tries();
    store.close();
    // The full names stay in the work list; only the try folders are slugged, each its own.
    expect(jobs.map((j) => [j.entry, j.state]).sort()).toEqual([
      [hostile, 'done'],
      ['thin', 'done'],
    ]);
    const folders = tries.map((t) => basename(t.staging_dir));
    expect(new Set(folders).size).toBe(2);
    for (const t of tries) {
      expect(dirname(t.staging_dir)).toBe(join(out, STAGING));
      expect(basename(t.staging_dir)).toMatch(/^[a-z0-9-]{1,57}#1\.1$/);
      expect(existsSync(join(t.run_dir ?? '', 'record.json'))).toBe(true);
    }

    // The resume starts no job (both ran), so it runs in this process: one CLI start fewer.
    const again = captureIO();
    expect(await main([...args, '--resume'], again), again.stdout.join('\n').slice(0, 4000)).toBe(1);
    expect(again.stdout).toContain(said);
    const after = new RosterStore(join(out, ROSTER_DB));
    // Finished jobs are never run again.
    expect(after.tries()).toHaveLength(2);
    after.close();
  }, 180_000);
});

describe('--resume after a try folder the file system refuses', () => {
  it('records that try as died with the reason and runs the job again, instead of stopping', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fitness-roster-resume-'));
    const file = join(dir, 'roster.json');
    writeFileSync(
      file,
      JSON.stringify({ mcpServers: { thin: { command: process.execPath, args: server('thin') } } }),
    );
    const out = join(dir, 'runs');
    // The work list an older roster left when it died: a running try whose folder name is too long.
    mkdirSync(out);
    const left = new RosterStore(join(out, ROSTER_DB));
    left.claim(file);
    left.plan([{ entry: 'thin', attempt: 1, position: 0 }]);
    left.startTry('thin#1', () => join(out, STAGING, `${'x'.repeat(5000)}#1.1`));
    left.release();
    left.close();
    const io = captureIO();
    const args = ['roster', file, '--out', out, '--site', join(dir, 'site'), '--no-conformance', '--plain'];
    expect(await main([...args, '--resume'], io), io.stderr.join('\n')).toBe(0);
    const store = new RosterStore(join(out, ROSTER_DB));
    const tries = store.tries();
    store.close();
    expect(tries.map((t) => [t.try, t.state])).toEqual([
      [1, 'died'],
      [2, 'finished'],
    ]);
    expect(tries[0]?.detail).toMatch(/its folder could not be settled \(ENAMETOOLONG\)$/);
  }, 120_000);
});

describe('a job past its time limit', () => {
  it('ends VOID budget_exhausted, recorded, and is not run again', async () => {
    // Slow, not busy: each server process starts a second late (sh sleeps, then execs well-made), so
    // the run is still in its first stages at the limit while spending little CPU on the way.
    const slow = ['-c', 'sleep 1; exec "$@"', 'slow', process.execPath, ...server('well-made')];
    const { dir, file } = plantedRoster({ slow: { command: 'sh', args: slow, timeoutMs: 5000 } });
    const out = join(dir, 'runs');
    const io = captureIO();
    expect(
      await main(
        [
          'roster',
          file,
          '--only',
          'slow',
          '--out',
          out,
          '--site',
          join(dir, 'site'),
          '--no-conformance',
          '--plain',
        ],
        io,
      ),
    ).toBe(0);
    const store = new RosterStore(join(out, ROSTER_DB));
    const tries = store.tries();
    store.close();
    expect(tries.map((t) => [t.job_key, t.state, t.outcome])).toEqual([['slow#1', 'finished', 'VOID']]);
    const record = await readRecord(join(tries[0]?.run_dir ?? '', 'record.json'));
    // The run's own record names the limit; on a loaded machine the limit may come before the run
    // started, and then the roster records it in the run's place with the same reason.
    expect(record.void?.reason).toBe('budget_exhausted');
    expect(record.void?.detail).toMatch(/time limit/);
  }, 120_000);
});
