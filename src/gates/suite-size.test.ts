import { describe, expect, it } from 'vitest';
import { suiteSizeGate } from './suite-size.js';

describe('suite_size gate', () => {
  it('passes at exactly the minimum', () => {
    expect(suiteSizeGate({ registered: 8, deletedByScreen: 0, minTasks: 8 })).toMatchObject({
      verdict: 'PASS',
    });
  });

  it('refuses below_minimum_suite_size as INSUFFICIENT_SURFACE', () => {
    const g = suiteSizeGate({ registered: 7, deletedByScreen: 0, minTasks: 8 });
    expect(g).toMatchObject({
      verdict: 'FAIL',
      reason: 'below_minimum_suite_size',
      outcome: 'INSUFFICIENT_SURFACE',
    });
    expect(g.explain).toBe('7 tasks registered, below the minimum of 8.');
  });

  it('with the offline generator, says the thin suite is as much its limit as the server’s, with its figures', () => {
    const exploration = { tools: 9, explorable: 2, toolsCalled: 2, calls: 5, errors: 0 };
    const g = suiteSizeGate({ registered: 3, deletedByScreen: 0, minTasks: 8, candidates: 3, exploration });
    expect(g.reason).toBe('below_minimum_suite_size');
    expect(g.explain).toBe(
      "3 tasks registered, below the minimum of 8. The offline generator built 3 candidates from 2 of 2 explorable tools; 7 tools not called, read as ones that may write: a limit of this generator as much as of the server (a judge model may do better); the exploration ledger gives each tool's reason.",
    );
  });

  it('says so when most rejections were key-unstable: the server answered differently in a fresh process', () => {
    const exploration = { tools: 5, explorable: 3, toolsCalled: 3, calls: 40, errors: 12 };
    const input = { registered: 1, deletedByScreen: 0, minTasks: 8, candidates: 4, exploration };
    const g = suiteSizeGate({ ...input, rejected: 3, unstable: 3 });
    expect(g.reason).toBe('below_minimum_suite_size');
    expect(g.explain).toMatch(
      /^1 task registered, below the minimum of 8\. 3 of the 3 rejected candidates were key-unstable: the same read-only call answered differently when admission made it again in a fresh server process\. The offline generator built 4 candidates/,
    );
    // Half or fewer is not most: the sentence is left out.
    expect(suiteSizeGate({ ...input, rejected: 4, unstable: 2 }).explain).not.toMatch(/key-unstable/);
  });

  it('a registration below the minimum (--tasks 3) is the run’s limit, not the server’s', () => {
    const g = suiteSizeGate({ registered: 3, deletedByScreen: 0, minTasks: 8, requestedTasks: 3 });
    expect(g).toMatchObject({
      verdict: 'FAIL',
      reason: 'registration_below_minimum',
      outcome: 'INDETERMINATE',
      requestedTasks: 3,
    });
    expect(g.explain).toMatch(/this run's registration, not a statement about the server/);
    // A full registration that the server could not fill is still the surface's shortfall.
    expect(suiteSizeGate({ registered: 3, deletedByScreen: 0, minTasks: 8, requestedTasks: 16 }).reason).toBe(
      'below_minimum_suite_size',
    );
  });

  it('refuses all_candidates_null_answerable as DEGENERATE when the screen caused the shortfall', () => {
    const emptied = suiteSizeGate({ registered: 0, deletedByScreen: 20, minTasks: 8 });
    expect(emptied).toMatchObject({
      reason: 'all_candidates_null_answerable',
      outcome: 'DEGENERATE',
      deletedByScreen: 20,
    });
    expect(suiteSizeGate({ registered: 5, deletedByScreen: 3, minTasks: 8 }).reason).toBe(
      'all_candidates_null_answerable',
    );
  });

  it('stays a thin surface when the deletions could not have filled the suite', () => {
    expect(suiteSizeGate({ registered: 3, deletedByScreen: 2, minTasks: 8 }).reason).toBe(
      'below_minimum_suite_size',
    );
  });

  it('rejects bad counts naming the argument', () => {
    expect(() => suiteSizeGate({ registered: -1, deletedByScreen: 0, minTasks: 8 })).toThrow('registered=-1');
    expect(() => suiteSizeGate({ registered: 8, deletedByScreen: 0, minTasks: 0 })).toThrow('minTasks=0');
    expect(() => suiteSizeGate({ registered: 8, deletedByScreen: Number.NaN, minTasks: 8 })).toThrow(
      'deletedByScreen=NaN',
    );
  });
});
