import { checkPublishedRun, type RunHints } from './custody-run.js';
import { badgeOf, CHECKING } from './custody-text.js';

/**
 * The custody badge beside a run's identity (record page and viewer): "checking…" until the
 * browser's own check finishes, then its verdict. `data-custody` carries the state for tests.
 */
export async function showCustody(
  el: HTMLElement,
  root: string,
  runId: string,
  hints: RunHints,
): Promise<void> {
  el.className = 'signature';
  el.dataset.custody = 'checking';
  el.textContent = CHECKING;
  const verdict = await checkPublishedRun(root, runId, hints);
  const badge = badgeOf(verdict);
  el.classList.add(badge.tone);
  el.dataset.custody = verdict.state;
  el.textContent = badge.text;
}
