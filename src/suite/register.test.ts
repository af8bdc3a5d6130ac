import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { librarySurface } from '../../test/support/suite/library.js';
import { libraryTask } from '../../test/support/suite/tasks.js';
import { FitnessError } from '../core/errors.js';
import type { AdmissionEntry } from './admission/types.js';
import { register, reserveBatches, suiteHash, surfaceDigest } from './register.js';
import { Task } from './schema.js';
import { applyScreen } from './screen.js';
import {
  admittedTasks,
  assertFateInvariant,
  buildSuiteFile,
  countFates,
  SuiteFile,
  survivors,
} from './suite-file.js';

const generator = { name: 'explore', version: '1' };
const digest = surfaceDigest(librarySurface());

const task = libraryTask;

const tasks = (n: number) => Array.from({ length: n }, (_, i) => task(`t${String(i).padStart(2, '0')}`));
const options = { generator, seed: 7, surfaceDigest: digest, tasks: 16, batchTasks: 6, maxExtensions: 2 };

describe('register', () => {
  it('holds back tasks whose key already answers a quarter of the suite, last in the surplus', () => {
    // 11 of 20 tasks answer "main" (SQLite's schema name on every table): only 4 may be registered.
    const input = [
      ...Array.from({ length: 11 }, (_, i) =>
        task(`m${String(i).padStart(2, '0')}`, i % 2 === 0 ? 'main' : ' MAIN '),
      ),
      ...tasks(9),
    ];
    const r = register(input, { ...options, maxExtensions: 0 });
    const mains = (list: Task[]) => list.filter((t) => String(t.answerKey).trim().toLowerCase() === 'main');
    // A cap of 4 would leave 13 tasks, of which 4 is more than a quarter: the cap falls to 3 (12 tasks).
    expect(mains(r.tasks)).toHaveLength(3);
    expect(r.tasks).toHaveLength(12);
    expect(mains(r.surplus)).toHaveLength(8);
    expect([...r.keyRepeated.values()]).toEqual(Array(8).fill('main'));
    expect(r.surplus.slice(-8).every((t) => r.keyRepeated.has(t.id))).toBe(true);
    // 6 "loans" among 17: a cap of 4 leaves 15 tasks (4 is over a quarter), a cap of 3 leaves 14.
    const short = register([...Array.from({ length: 6 }, (_, i) => task(`l${i}`, 'loans')), ...tasks(11)], {
      ...options,
      maxExtensions: 0,
    });
    expect(short.tasks).toHaveLength(14);
    expect(short.tasks.filter((t) => t.answerKey === 'loans')).toHaveLength(3);
    // Distinct keys are never held back.
    expect(register(tasks(40), options).keyRepeated.size).toBe(0);
  });

  it('is deterministic for a seed and independent of input order', () => {
    const a = register(tasks(40), options);
    const b = register([...tasks(40)].reverse(), options);
    expect(b.tasks.map((t) => t.id)).toEqual(a.tasks.map((t) => t.id));
    expect(b.hash).toBe(a.hash);
    const c = register(tasks(40), { ...options, seed: 8 });
    expect(c.tasks.map((t) => t.id)).not.toEqual(a.tasks.map((t) => t.id));
    expect(c.hash).not.toBe(a.hash);
  });

  it('splits suite / reserve batches / surplus', () => {
    const r = register(tasks(40), options);
    expect([r.tasks.length, r.reserve.length, r.surplus.length]).toEqual([16, 12, 12]);
    expect(r.extension).toEqual({ batchTasks: 6, requestedMaxExtensions: 2, maxExtensions: 2 });
    expect(reserveBatches(r).map((b) => b.length)).toEqual([6, 6]);
    const ids = [...r.tasks, ...r.reserve, ...r.surplus].map((t) => t.id).sort();
    expect(ids).toEqual(tasks(40).map((t) => t.id));
  });

  it('reduces maxExtensions when too few tasks are admitted, and says so', () => {
    const r = register(tasks(25), options);
    expect([r.tasks.length, r.reserve.length, r.surplus.length]).toEqual([16, 6, 3]);
    expect(r.extension.maxExtensions).toBe(1);
    expect(r.extension.reducedBecause).toMatch(
      /reduced from 2 to 1: 9 admitted task\(s\) beyond the suite of 16/,
    );
    const thin = register(tasks(5), options);
    expect([thin.tasks.length, thin.reserve.length, thin.extension.maxExtensions]).toEqual([5, 0, 0]);
  });

  it('hashes exactly {generator, seed, surfaceDigest, tasks, reserve}', () => {
    const r = register(tasks(30), options);
    expect(r.hash).toBe(
      suiteHash({ generator, seed: 7, surfaceDigest: digest, tasks: r.tasks, reserve: r.reserve }),
    );
    const tampered = r.tasks.map((t, i) => (i === 0 ? { ...t, answerKey: 'other' } : t));
    expect(
      suiteHash({ generator, seed: 7, surfaceDigest: digest, tasks: tampered, reserve: r.reserve }),
    ).not.toBe(r.hash);
  });

  it('rejects impossible options with a typed error', () => {
    expect(() => register(tasks(3), { ...options, tasks: 0 })).toThrow(FitnessError);
    expect(() => register(tasks(3), { ...options, batchTasks: 0 })).toThrow(/batchTasks/);
    expect(() => register(tasks(3), { ...options, seed: 1.5 })).toThrow(/seed/);
  });

  it('surface digest ignores tool order but not content', () => {
    const surface = librarySurface();
    const reordered = { ...surface, tools: [...surface.tools].reverse() };
    expect(surfaceDigest(reordered)).toBe(digest);
    expect(surfaceDigest({ ...surface, instructions: 'changed' })).not.toBe(digest);
  });
});

function admission(n: number, rejected: number): AdmissionEntry[] {
  const admitted: AdmissionEntry[] = tasks(n).map((t, seq) => ({
    seq,
    id: t.id,
    candidate: t,
    verdict: { admitted: true, task: t },
  }));
  const refused: AdmissionEntry[] = Array.from({ length: rejected }, (_, i) => ({
    seq: n + i,
    id: `r${i}`,
    candidate: { id: `r${i}` },
    verdict: { admitted: false, rule: i % 2 === 0 ? 'malformed' : 'plan-failed', detail: 'x', evidence: {} },
  }));
  return [...admitted, ...refused];
}

describe('suite file and fate counts', () => {
  it('gives every candidate exactly one fate and the counts add up', () => {
    const entries = admission(30, 5);
    const screen = applyScreen(admittedTasks(entries), [
      { id: 't03', answer: 'It is answer for t03 obviously' },
      { id: 't04', answer: 'no idea' },
    ]);
    const registration = register(survivors(entries, screen), options);
    const file = buildSuiteFile({
      registration,
      admission: entries,
      screen,
      candidatesAsked: 36,
      toolSafety: [],
      faults: [],
    });
    expect(file.counts).toEqual({
      candidates: 35,
      rejected: 5,
      rejectedByRule: { malformed: 3, 'plan-failed': 2 },
      deleted: 1,
      registered: 16,
      reserve: 12,
      surplus: 1,
    });
    expect(file.ledger.find((e) => e.id === 't03')?.fate).toMatchObject({ fate: 'deleted-by-screen' });
    expect(SuiteFile.safeParse(JSON.parse(JSON.stringify(file))).success).toBe(true);
    expect(file.screen).toMatchObject({ enabled: true, deleted: 1, errors: 28 });
  });

  it('refuses to build when a deleted candidate was registered anyway', () => {
    const entries = admission(20, 0);
    const screen = applyScreen(admittedTasks(entries), [{ id: 't01', answer: 'answer for t01' }]);
    const registration = register(admittedTasks(entries), options);
    expect(() =>
      buildSuiteFile({
        registration,
        admission: entries,
        screen,
        candidatesAsked: 20,
        toolSafety: [],
        faults: [],
      }),
    ).toThrow(/SUITE_INVARIANT|does not match/);
  });

  it('the invariant holds for any split (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer(),
        (n, rejected, seed) => {
          const entries = admission(n, rejected);
          const registration = register(survivors(entries), { ...options, seed });
          const file = buildSuiteFile({
            registration,
            admission: entries,
            candidatesAsked: n + rejected,
            toolSafety: [],
            faults: [],
          });
          const c = file.counts;
          return (
            c.candidates === n + rejected &&
            c.rejected + c.deleted + c.registered + c.reserve + c.surplus === c.candidates
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('assertFateInvariant throws on counts that do not add up', () => {
    const counts = countFates([]);
    expect(() => assertFateInvariant({ ...counts, candidates: 1 })).toThrow(FitnessError);
  });
});

describe('applyScreen', () => {
  it('deletes what the no-tools answer passes, keeps failures and errors, skips state checks', () => {
    const state = Task.parse({
      ...task('s1'),
      check: {
        kind: 'state',
        call: { tool: 'get_notes', arguments: { id: 4101 } },
        extract: { kind: 'pointer', pointer: '/notes/0' },
        expect: { kind: 'contains', value: 'loved it' },
      },
    });
    const result = applyScreen(
      [task('a1'), task('a2'), task('a3'), state],
      [
        { id: 'a1', answer: 'answer for a1', usage: { inputTokens: 10, outputTokens: 2 } },
        { id: 'a2', answer: 'I cannot know', usage: { inputTokens: 11, outputTokens: 3 } },
        { id: 'a3', error: 'rate limited' },
      ],
    );
    expect(result.deleted).toEqual(['a1']);
    expect(result.counts).toMatchObject({ screened: 3, deleted: 1, kept: 1, errors: 1, notApplicable: 1 });
    expect(result.counts.tokens).toBeUndefined();
    expect(result.counts.tokensMissingReason).toBe('1 screen call(s) reported no usage');
    const full = applyScreen(
      [task('a1')],
      [{ id: 'a1', answer: 'x', usage: { inputTokens: 5, outputTokens: 1 } }],
    );
    expect(full.counts.tokens).toEqual({ input: 5, output: 1 });
  });
});
