import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageText } from '../../../../test/support/board/page-text.js';
import { fixtureRecord } from '../../../../test/support/board/records.js';
import { parseRecord } from '../../../record/index.js';
import { gateLedger } from './gate-ledger.js';

const text = pageText;

describe('gate ledger: the effective sample plan_power states', () => {
  it("prints the record's effective observations and the perfect run's clustered bound", () => {
    const record = fixtureRecord('scored', { slug: 'good', startedAt: '2026-11-01T12:00:00Z' });
    const plan = record.gates.find((g) => g.gate === 'plan_power');
    expect(plan?.gate === 'plan_power' && plan.effective?.atRegistered).toEqual({ min: 16, max: 16 });
    const page = text(gateLedger(record).toString());
    expect(page).toContain(
      'independent observations 16 of 48 trials (16 tasks); 28 of 84 after the last extension (deterministic runner: reps add no information)',
    );
    expect(page).toContain(
      "a perfect reference run's clustered lower bound 80.6% at 16 tasks (under 90.0%); 87.9% at 28 (under 90.0%)",
    );
    expect(page).toContain('A deterministic runner repeats itself');
  });

  it('a sampled runner reads as a range', () => {
    const record = fixtureRecord('scored', {
      slug: 'good',
      startedAt: '2026-11-01T12:00:00Z',
      runner: 'anthropic:claude-haiku-4-5',
    });
    expect(text(gateLedger(record).toString())).toContain('16 to 48 of 48 trials (16 tasks); 28 to 84 of 84');
  });

  it('a record planned before the design effect was stated says so', () => {
    const raw = readFileSync(new URL('../../../record/fixtures/v2-scored.json', import.meta.url), 'utf8');
    const record = parseRecord(raw, 'v2-scored.json');
    expect(text(gateLedger(record).toString())).toContain(
      'independent observations planned before the design effect was stated',
    );
  });
});
