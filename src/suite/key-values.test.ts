import { describe, expect, it } from 'vitest';
import { isTimeLike } from './key-values.js';

describe('isTimeLike: a value that reads as a moment', () => {
  it('clock readings, and moments said relative to now', () => {
    for (const value of [
      '2026-12-01T11:04:37Z',
      '11:04:37',
      1764587077123,
      'just now',
      '5 minutes ago',
      'Last active: an hour ago',
      'yesterday',
      'in 3 days',
    ])
      expect(isTimeLike(value), String(value)).toBe(true);
  });

  it('dates, durations and words that only look like one are not', () => {
    for (const value of [
      '2024-03-29',
      '10 minutes',
      'Ines Marlow',
      'the day after the storm, a long story of the harbour and its ferries ago',
      '- 金针菇 10g（看个人喜好, 不喜欢 see you tomorrow 的就不放）',
      'Order the buoys tomorrow',
    ])
      expect(isTimeLike(value), String(value)).toBe(false);
  });
});
