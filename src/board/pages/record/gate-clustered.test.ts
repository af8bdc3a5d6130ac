import { describe, expect, it } from 'vitest';
import { pageText } from '../../../../test/support/board/page-text.js';
import { fixtureRecord } from '../../../../test/support/board/records.js';
import { nullBaselineGate } from '../../../gates/null-baseline.js';
import { perTaskBlock } from '../../../gates/per-task.js';
import type { GateRecord, NullRate, RunRecord } from '../../../record/index.js';
import { buildBoard } from '../../model.js';
import { NOT_CLUSTERED } from '../gate-clustered.js';
import { recordPage } from './page.js';

const text = pageText;

function render(record: RunRecord): string {
  const row = buildBoard([record])
    .flatMap((g) => g.rows)
    .find((r) => r.record.runId === record.runId);
  return text(recordPage({ record, row, published: undefined, groupName: (id) => id }));
}

/** Per-task counts spreading k passes over tasks of the given sizes, first tasks first. */
function spread(k: number, sizes: readonly number[]) {
  let left = k;
  return sizes.map((m, i) => {
    const ki = Math.min(m, left);
    left -= ki;
    return { taskId: `t${i + 1}`, k: ki, m };
  });
}

/** The scored fixture with its gate rates' per-task counts and blocks, as a run now records them. */
function withBlocks(r: RunRecord): RunRecord {
  const gates = r.gates.map((g): GateRecord => {
    if (g.gate === 'construct')
      return { ...g, ...perTaskBlock('construct', 'perTask', spread(g.k, Array(16).fill(3)), g.k, g.n) };
    if (g.gate !== 'null_baseline') return g;
    const phases = Object.fromEntries(
      Object.entries(g.nullRates).map(([p, rate]: [string, NullRate]) => {
        // 16 tasks at 1 rep, except random-args: 3 tasks had no applicable trial and one had 4.
        const sizes = p === 'null-random-args' ? [4, 0, 0, 0, ...Array(12).fill(1)] : Array(16).fill(1);
        return [p, { k: rate.k, n: rate.n, perTask: spread(rate.k, sizes) }];
      }),
    );
    return nullBaselineGate({
      phases,
      signal: g.signalCounts ? { source: g.signalSource, counts: g.signalCounts } : { source: 'ceiling' },
      ratio: g.ratio,
      percentile: g.percentile,
    });
  });
  return { ...r, gates };
}

describe('the record page shows the gate rates’ clustered intervals', () => {
  const old = fixtureRecord('scored', { slug: 'good', startedAt: '2026-11-01T12:00:00Z', firstTry: 46 });

  it('the construct rate in the deciding sentence: clustered first, plain Wilson beside it, which the PASS rule reads', () => {
    const page = render(withBlocks(old));
    expect(page).toContain(
      'reached the answer key through the server 48 of 48 times (95% interval 80.6% to 100.0%, clustered by task: 16.0 effective observations from 16 tasks; plain Wilson over trials 92.6% to 100.0%, which the PASS rule still reads ):',
    );
    expect(page).toContain(
      'reference rate 95% interval 80.6% to 100.0%, clustered by task (16.0 effective observations from 16 tasks)',
    );
  });

  it('each null rate in the gate ladder, unequal task sizes named', () => {
    const page = render(withBlocks(old));
    expect(page).toMatch(
      /null: tools called with random valid arguments 2 of 16: 95% interval \S+ to \S+, clustered by task \(\S+ effective observations from 13 tasks of unequal size\); plain Wilson over trials as if independent: 3\.5% to 36\.0%/,
    );
    expect(page).toContain(
      'null: no tools at all 1 of 16: 95% interval 1.1% to 28.3%, clustered by task (16.0 effective observations from 16 tasks)',
    );
  });

  it('a record made before the method says its gate intervals are not clustered', () => {
    const page = render(old);
    expect(page).toContain(`null: no tools at all 1 of 16: ${NOT_CLUSTERED}`);
    expect(page).toContain(`48 of 48 times (${NOT_CLUSTERED}) :`);
  });
});
