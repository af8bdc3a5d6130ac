import type { RunRecord } from '../../../src/record/index.js';
import { type Family, fixtureRecord } from './records.js';

/**
 * A board's worth of synthetic runs: every outcome family, two runner groups, a server run three
 * times across groups, and overlapping and separated intervals.
 */
export function fixtureFleet(): RunRecord[] {
  const at = (day: number, hour = 12) =>
    `2026-11-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
  const claude = 'anthropic:claude-test';
  const refused: [Family, string][] = [
    ['thin-surface', 'thin-notes'],
    ['admission-floor', 'picky-api'],
    ['null-kill', 'trivia-box'],
    ['screen-emptied', 'echo-facts'],
    ['null-indeterminate', 'half-null'],
    ['construct-fail', 'silent-tools'],
    ['construct-unresolved', 'wobbly-search'],
    ['answer-leak', 'leaky-prompts'],
    ['compromised', 'flaky-remote'],
    ['extend-exhausted', 'zero-policy'],
    ['void', 'crashy'],
  ];
  return [
    fixtureRecord('scored', {
      slug: 'library-good',
      startedAt: at(1),
      firstTry: 46,
      cost: 'total',
      runner: claude,
    }),
    fixtureRecord('scored', {
      slug: 'library-okay',
      startedAt: at(2),
      firstTry: 40,
      cost: 'floor',
      runner: claude,
    }),
    fixtureRecord('scored', {
      slug: 'library-poor',
      startedAt: at(3),
      firstTry: 24,
      cost: 'none',
      runner: claude,
      screened: false,
    }),
    fixtureRecord('scored', { slug: 'library-good', startedAt: at(4), firstTry: 44, credential: 'free-key' }),
    fixtureRecord('scored', { slug: 'library-okay', startedAt: at(5), firstTry: 42 }),
    fixtureRecord('null-kill', {
      slug: 'library-good',
      startedAt: at(6),
      generator: { name: 'judge', version: '1' },
      runner: claude,
    }),
    ...refused.map(([family, slug], i) =>
      fixtureRecord(family, { slug, startedAt: at(10 + i), runner: claude }),
    ),
  ];
}
