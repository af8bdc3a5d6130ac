import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextJobs } from './local.js';
import { eventLine, progressPrinter } from './progress.js';
import type { ChildEnd } from './spawn.js';
import type { JobRow } from './store.js';
import { summaryLines } from './summary.js';
import { runTry, tryEnding } from './try.js';

const job = (entry: string, attempt: number, state: JobRow['state'] = 'queued'): JobRow => ({
  key: `${entry}#${attempt}`,
  entry,
  attempt,
  position: 0,
  state,
  detail: null,
});

const start = {
  slug: 's',
  target: { kind: 'stdio' as const, description: 'node s.js' },
  credential: 'anonymous' as const,
  runner: 'heuristic',
  judge: 'heuristic',
  generator: { name: 'explore', version: '1' },
  startedAt: '2026-12-01T00:00:00.000Z',
};
const end = (over: Partial<ChildEnd>): ChildEnd => ({ code: 0, signal: null, stderrTail: '', ...over });

describe('the roster’s decisions', () => {
  it('schedules queued jobs in order, never two tries of one entry at once', () => {
    const jobs = [
      job('a', 1, 'running'),
      job('b', 1),
      job('a', 2),
      job('c', 1),
      job('b', 2),
      job('d', 1, 'done'),
    ];
    const picked = nextJobs(jobs, new Set(['a#1']), 3).map((j) => j.key);
    expect(picked).toEqual(['b#1', 'c#1']);
    expect(nextJobs(jobs, new Set(['a#1']), 1).map((j) => j.key)).toEqual(['b#1']);
    expect(nextJobs(jobs, new Set(), 0)).toEqual([]);
  });

  it('tells a try the harness stopped (run again) from one that ended on its own (done)', () => {
    const result = {
      type: 'result' as const,
      runId: 'r',
      runDir: '/r',
      outcome: 'SCORED' as const,
      interrupted: false,
    };
    expect(tryEnding(end({ result, start })).state).toBe('finished');
    expect(tryEnding(end({ result: { ...result, outcome: 'VOID', interrupted: true }, start })).state).toBe(
      'interrupted',
    );
    expect(tryEnding(end({ code: null, signal: 'SIGKILL', start }))).toEqual({
      state: 'died',
      death: {
        reason: 'crashed',
        detail: "the job's process ended (SIGKILL) before the run wrote its record",
      },
    });
    expect(tryEnding(end({ asked: 'abort', start })).state).toBe('interrupted');
    expect(tryEnding(end({ asked: 'timeout', signal: 'SIGKILL', start }))).toMatchObject({
      state: 'finished',
      death: { reason: 'budget_exhausted' },
    });
    expect(tryEnding(end({ error: 'SERVE_NOT_READY: serve command exited (1)', start }))).toMatchObject({
      state: 'finished',
      death: { reason: 'target_died' },
    });
    expect(tryEnding(end({ error: 'USAGE: --tasks must be ≥ 1' })).state).toBe('error');
  });

  it('prints one plain line per event, and a redrawn status line on a terminal', () => {
    const counts = { done: 1, failed: 0, running: 1, queued: 2, total: 4 };
    expect(eventLine({ type: 'start', key: 'a#1', try: 2, ...counts })).toBe(
      'start a#1 (try 2); 1 of 4 done (1 running, 2 queued)',
    );
    const died = {
      state: 'died' as const,
      settled: { runId: 'a-1', runDir: '/x', outcome: 'VOID' as const, recordedDead: true, ranToEnd: false },
    };
    expect(eventLine({ type: 'end', key: 'a#1', try: 1, result: died, ...counts })).toBe(
      'a#1: VOID (the process died: recorded VOID, runs again as the next attempt) a-1; 1 of 4 done (1 running, 2 queued)',
    );
    const out: string[] = [];
    progressPrinter((t) => out.push(t), false)({ type: 'entry-error', name: 'x', message: 'bad' });
    expect(out).toEqual(['entry x: cannot be run: bad\n']);
    const tty: string[] = [];
    progressPrinter((t) => tty.push(t), true)({ type: 'start', key: 'a#1', try: 1, ...counts });
    expect(tty[0]?.startsWith('\r\u001b[2Kstart a#1 (try 1)')).toBe(true);
    expect(tty[0]).toMatch(/\nroster: 1 of 4 done \(1 running, 2 queued\)$/);
  });

  it('the closing table names every try, died ones included, and every entry that did not run', () => {
    expect(
      summaryLines({
        jobs: [
          {
            key: 'a#1',
            state: 'done',
            tries: [
              { try: 1, state: 'died', outcome: 'VOID', runId: 'a-1' },
              { try: 2, state: 'finished', outcome: 'SCORED', runId: 'a-2' },
            ],
          },
          { key: 'b#1', state: 'failed', detail: 'USAGE: bad', tries: [{ try: 1, state: 'error' }] },
        ],
        errors: [{ name: 'c', message: 'attempts: too small' }],
      }),
    ).toEqual([
      'a#1: VOID (died) a-1; then SCORED a-2',
      'b#1: error (error) [failed: USAGE: bad]',
      'c: not run: attempts: too small',
    ]);
  });

  it('prints entry names, job keys and details from a roster or a queue inert', () => {
    const key = 'a\n::add-mask::x\x1b]0;t\x07\u202e#1';
    const counts = { done: 0, failed: 0, running: 1, queued: 0, total: 1 };
    const shown = 'a\\n::add-mask::x\\x1b]0;t\\x07\\u202e#1';
    expect(eventLine({ type: 'start', key, try: 1, ...counts })).toBe(
      `start ${shown} (try 1); 0 of 1 done (1 running, 0 queued)`,
    );
    const error = { state: 'error' as const, detail: 'no\nsuch \x9b2J' };
    expect(eventLine({ type: 'end', key, try: 1, result: error, ...counts })).toBe(
      `${shown}: could not start: no\\nsuch \\x9b2J; 0 of 1 done (1 running, 0 queued)`,
    );
    expect(eventLine({ type: 'entry-error', name: '::error::x\ny', message: 'bad\r' })).toBe(
      'entry \\::error::x\\ny: cannot be run: bad\\r',
    );
    expect(
      summaryLines({
        jobs: [{ key: '::set-output name=a::b', state: 'failed\n', detail: '##[error]', tries: [] }],
        errors: [{ name: ':x\u2066', message: 'm' }],
      }),
    ).toEqual(['\\::set-output name=a::b: not run [failed\\n: #\\#[error]]', '\\:x\\u2066: not run: m']);
  });
});

describe('a try that cannot start', () => {
  it('rejects with one line naming its folder when the folder cannot be made (its job fails, no other)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'fitness-try-'));
    const aFile = join(root, 'a-file');
    writeFileSync(aFile, '');
    const job = {
      key: 'thin#1',
      name: 'thin',
      attempt: 1,
      try: 1,
      entry: { command: 'node' },
      rosterFile: join(root, 'roster.json'),
      defaults: {},
      stagingDir: join(aFile, 'thin#1.1'),
      signingKeyPath: join(root, 'key.pem'),
      conformance: { enabled: false, timeoutMs: 1000 },
    };
    await expect(runTry(job, root, { timeoutMs: 1000 })).rejects.toThrow(
      `cannot create the try's folder ${join(aFile, 'thin#1.1')} (ENOTDIR)`,
    );
  });
});
