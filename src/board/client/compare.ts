import type { TrialCount } from '../../record/trial-count.js';
import { seconds } from './story-view.js';
import type { Story, TrialStory } from './viewer-run.js';

/** Two runs of one server side by side (a rerun, another attempt): per phase, then per trial. */
export interface PhaseRow {
  phase: string;
  a?: { passed: number; trials: number; ms: number };
  b?: { passed: number; trials: number; ms: number };
}

export interface TrialDiff {
  corr: string;
  a?: TrialCount;
  b?: TrialCount;
}

export function comparePhases(a: Story, b: Story): PhaseRow[] {
  const names = [...new Set([...a.phases.map((p) => p.phase), ...b.phases.map((p) => p.phase)])];
  const side = (s: Story, phase: string) => {
    const p = s.phases.find((x) => x.phase === phase);
    return p === undefined
      ? undefined
      : // Of the trials its rate counts, as the record counts them.
        { passed: p.counts.passed, trials: p.counts.passed + p.counts.failed, ms: p.endMs - p.startMs };
  };
  return names.map((phase) => {
    const row: PhaseRow = { phase };
    const sa = side(a, phase);
    const sb = side(b, phase);
    if (sa) row.a = sa;
    if (sb) row.b = sb;
    return row;
  });
}

/** Trials (matched by corr id) whose result differs between the runs, or that only one run has. */
export function trialDiffs(a: Story, b: Story): TrialDiff[] {
  const index = (s: Story) =>
    new Map<string, TrialStory>(s.phases.flatMap((p) => p.trials.map((t) => [t.corr, t])));
  const ia = index(a);
  const ib = index(b);
  const out: TrialDiff[] = [];
  for (const corr of new Set([...ia.keys(), ...ib.keys()])) {
    const ta = ia.get(corr)?.count;
    const tb = ib.get(corr)?.count;
    if (ta === tb && ia.has(corr) && ib.has(corr)) continue;
    const d: TrialDiff = { corr };
    if (ta !== undefined) d.a = ta;
    if (tb !== undefined) d.b = tb;
    out.push(d);
  }
  return out;
}

function cell(tr: HTMLTableRowElement, text: string, tag: 'td' | 'th' = 'td'): void {
  const c = document.createElement(tag);
  c.textContent = text;
  tr.append(c);
}

const side = (x: PhaseRow['a']) =>
  x === undefined ? 'did not run' : `${x.passed} of ${x.trials} passed · ${seconds(x.ms)}`;
const verdict = (v: TrialCount | undefined) => v ?? '—';

export function drawCompare(
  root: HTMLElement,
  a: { title: string; story: Story },
  b: { title: string; story: Story },
): void {
  root.replaceChildren();
  root.hidden = false;
  const h = document.createElement('h2');
  h.textContent = 'Side by side';
  const table = document.createElement('table');
  table.className = 'compare-table';
  const head = document.createElement('tr');
  cell(head, 'phase', 'th');
  cell(head, a.title, 'th');
  cell(head, b.title, 'th');
  table.append(head);
  for (const row of comparePhases(a.story, b.story)) {
    const tr = document.createElement('tr');
    cell(tr, row.phase);
    cell(tr, side(row.a));
    cell(tr, side(row.b));
    table.append(tr);
  }
  const diffs = trialDiffs(a.story, b.story);
  const p = document.createElement('p');
  p.className = 'small';
  p.textContent =
    diffs.length === 0
      ? 'Every trial the two runs share came out the same.'
      : `${diffs.length} trials differ (or ran in one run only): ${diffs
          .slice(0, 40)
          .map((d) => `${d.corr} ${verdict(d.a)} → ${verdict(d.b)}`)
          .join('; ')}${diffs.length > 40 ? '; …' : ''}`;
  root.append(h, table, p);
}
