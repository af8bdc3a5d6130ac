import type { CostBlock } from '../../record/index.js';
import { usd } from '../format.js';
import { html, type SafeHtml } from '../html.js';

/**
 * The cost wording: "measured total" only when the record says nothing known is missing; "at least"
 * with every reason when the figure is a floor; no figure, and why, when nothing supports one.
 */
export function costCell(cost: CostBlock): SafeHtml {
  if (cost.kind === 'total') {
    return html`<div>${usd(cost.usd)}</div><div class="cost-kind">measured total</div>`;
  }
  if (cost.kind === 'floor') {
    return html`<div>at least ${usd(cost.usd)}</div><div class="cost-kind">a floor, because:</div><ul class="small">${cost.reasons.map(
      (r) => html`<li>${r.detail}</li>`,
    )}</ul>`;
  }
  return html`<div class="missing">no figure</div><div class="small">${cost.why}</div>`;
}
