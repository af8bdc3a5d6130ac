import { checkPublishedRun, type RunHints } from './custody-run.js';
import { badgeOf, CHECKING } from './shared/custody-text.js';
import { type Headline, withHeadline } from './shared/headline.js';

/**
 * The custody badge beside a run's identity (record page and viewer): "checking…" until the
 * browser's own check finishes, then its verdict. `data-custody` carries the state for tests.
 * `headline` is what the page shows of the record beside the badge; the verdict covers it too
 * (shared/headline.ts).
 */
export async function showCustody(
  el: HTMLElement,
  root: string,
  runId: string,
  hints: RunHints,
  headline?: Headline,
): Promise<void> {
  el.className = 'signature';
  el.dataset.custody = 'checking';
  el.textContent = CHECKING;
  const checked = await checkPublishedRun(root, runId, hints);
  const verdict = headline ? withHeadline(checked.verdict, checked.record, headline) : checked.verdict;
  const badge = badgeOf(verdict);
  el.classList.add(badge.tone);
  el.dataset.custody = verdict.state;
  el.textContent = badge.text;
}
