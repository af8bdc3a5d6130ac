import { type ConstructGate, policyRecorded } from '../../record/index.js';
import { count } from '../format.js';
import { html, type SafeHtml } from '../html.js';

const pool = (p: { k: number; n: number; errors: number }) =>
  `${count(p.k)} of ${count(p.n)} passed, ${count(p.errors)} oracle errors`;

/**
 * The construct gate's extension sequence, tasks and trials as two numbers: where it stood on the
 * registered size, each batch bought, the pool before and after, and what the pool resolved to.
 */
export function extensionLedger(g: ConstructGate): SafeHtml {
  const { policy, ledger } = g.extension;
  if (!policyRecorded(policy)) {
    return html`<p>Extension policy: zero batches. <span class="small">${policy.limitation}</span></p>`;
  }
  const head = html`<p>Registered policy: up to ${count(policy.maxExtensions)} batches of ${count(policy.batchTasks)} tasks.</p>`;
  if (!ledger) return html`${head}<p class="missing">the extension ledger: not in the record</p>`;
  const r = ledger.registered;
  return html`${head}<ol class="ledger">
<li>At the registered size: ${count(r.tasks)} tasks, ${count(r.trials)} trials; ${pool(r.pool)}; verdict <code>${r.verdict}</code>${r.reason ? html` <code>${r.reason}</code>` : ''}</li>
${ledger.batches.map(
  (b) =>
    html`<li>Batch ${b.batch}: +${count(b.tasksAdded)} tasks, +${count(b.trialsAdded)} trials; pool ${pool(b.poolBefore)} → ${pool(b.poolAfter)}; verdict <code>${b.verdict}</code>${b.reason ? html` <code>${b.reason}</code>` : ''}</li>`,
)}
</ol>${ledger.batches.length === 0 ? html`<p class="small">No batch was bought.</p>` : ''}`;
}
