import type { TrialCount } from '../../record/trial-count.js';
import { comparePhases, type PhaseRow, trialDiffs } from './shared/compare.js';
import type { Story } from './shared/viewer-run.js';
import { seconds } from './story-view.js';

/** Two runs of one server side by side (a rerun, another attempt), as shared/compare.ts tells them. */

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
