import { describe, expect, it } from 'vitest';
import { earlierPlan, failedTry, retryMessage, sweepAction, tryOfFolder } from './dead-tries.js';

const none = new Set<number>();
const counts = (attemptsStarted: number, attemptsMade: number, lastFailedTry?: number) => ({
  attemptsStarted,
  attemptsMade,
  lastFailedTry,
});

describe('which earlier try a worker records, and how', () => {
  it('a try that died on another worker, its folder not here: a stand-in, once', () => {
    expect(earlierPlan(counts(2, 0), none, none)).toEqual({ settle: [], standIn: [1] });
  });
  it('its folder under this worker own staging root: settled from it, no stand-in', () => {
    expect(earlierPlan(counts(2, 0), new Set([1]), none)).toEqual({ settle: [1], standIn: [] });
  });
  it('a first try has nothing before it', () => {
    expect(earlierPlan(counts(1, 0), none, none)).toEqual({ settle: [], standIn: [] });
    expect(earlierPlan(counts(0, 0), none, none)).toEqual({ settle: [], standIn: [] });
  });
  it('a try its own live worker ended (counted made, named by the last failure) was recorded there', () => {
    expect(earlierPlan(counts(2, 1, 1), none, none)).toEqual({ settle: [], standIn: [] });
    // Try 1 stalled (stood in at try 2); try 2 ended by its live worker: nothing new at try 3.
    expect(earlierPlan(counts(3, 1, 2), none, none)).toEqual({ settle: [], standIn: [] });
  });
  it('only the previous try is new: one that died earlier was recorded when the next try was taken', () => {
    // Try 1 ended by its worker, try 2 stalled: try 2 is stood in, try 1 is not touched.
    expect(earlierPlan(counts(3, 1, 1), none, none)).toEqual({ settle: [], standIn: [2] });
    // Tries 1 and 2 stalled: at try 3 only try 2 is new (try 1 was recorded at try 2).
    expect(earlierPlan(counts(3, 0), new Set([1]), none)).toEqual({ settle: [], standIn: [2] });
  });
  it('a try this worker ran itself is settled by its own code, never stood in for', () => {
    expect(earlierPlan(counts(2, 0), none, new Set([1]))).toEqual({ settle: [], standIn: [] });
  });
});

describe('the retry reason names its try', () => {
  it('reads back the try number, and nothing else', () => {
    expect(failedTry(retryMessage('well-made#1', 3, 'died'))).toBe(3);
    expect(failedTry(retryMessage('a: try 9 died#1', 2, 'interrupted'))).toBe(2);
    expect(failedTry('job stalled more than allowable limit')).toBeUndefined();
    expect(failedTry(undefined)).toBeUndefined();
  });
});

describe("a starting worker's sweep of its own staging root", () => {
  it('reads try folders by name only', () => {
    expect(tryOfFolder('r-1a2b.well-made-0f0f.1.2')).toEqual({ jobId: 'r-1a2b.well-made-0f0f.1', n: 2 });
    expect(tryOfFolder('r.x.1.2.stood-in')).toBeUndefined();
    expect(tryOfFolder('../x.1')).toBeUndefined();
  });
  it('settles a try no later try took over, and only when the job will not be handed out again', () => {
    expect(sweepAction(1, { attemptsStarted: 1, state: 'failed' })).toBe('settle');
    expect(sweepAction(1, { attemptsStarted: 1, state: 'completed' })).toBe('settle');
    expect(sweepAction(1, { attemptsStarted: 1, state: 'waiting' })).toBe('leave');
    expect(sweepAction(1, { attemptsStarted: 1, state: 'active' })).toBe('leave');
  });
  it('never records a try a later worker recorded, nor one the queue does not account for', () => {
    expect(sweepAction(1, { attemptsStarted: 2, state: 'completed' })).toBe('stood-in');
    expect(sweepAction(1, { attemptsStarted: 2, state: 'waiting' })).toBe('stood-in');
    expect(sweepAction(1, { attemptsStarted: 2, state: 'active' })).toBe('leave');
    expect(sweepAction(2, { attemptsStarted: 1, state: 'failed' })).toBe('leave');
    expect(sweepAction(1, undefined)).toBe('leave');
  });
});
