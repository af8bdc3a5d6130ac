import type { CostBlock, RoleCost } from '../../../record/index.js';
import { count, usd } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import { costCell } from '../cost.js';

const ROLE_TEXT = {
  runner: 'runner (drives the server; its turns are on the agent tape)',
  judge: 'judge (generates the suite; its turns are on the judge tape)',
  screen: 'screen (generation-time null screen)',
} as const;

function role(name: keyof typeof ROLE_TEXT, r: RoleCost): SafeHtml {
  const models = r.models.map(
    (m) =>
      html`<li><code>${m.model}</code>: ${count(m.calls)} calls, ${count(m.tokens.input)} in / ${count(m.tokens.output)} out / ${count(m.tokens.cacheRead)} cache read / ${count(m.tokens.cacheWrite)} cache write; ${
        m.usd === undefined ? html`<span class="missing">no price on file</span>` : usd(m.usd)
      }</li>`,
  );
  return html`<tr><td>${ROLE_TEXT[name]}</td><td>${count(r.calls)}</td><td>${r.usd === undefined ? html`<span class="missing">not priced</span>` : usd(r.usd)}</td><td><ul class="small">${models}</ul></td></tr>`;
}

/** The cost block in full: the figure and its kind, each reason, and the per-role breakdown. */
export function costBreakdown(cost: CostBlock): SafeHtml {
  const reasons = cost.reasons.map(
    (r) =>
      html`<li><code>${r.code}</code> (${r.role}${r.model ? html`, <code>${r.model}</code>` : ''}${r.calls === undefined ? '' : `, ${count(r.calls)} calls`}): ${r.detail}</li>`,
  );
  return html`<div>${costCell(cost)}</div>
${reasons.length > 0 ? html`<p>Known spend missing from the figure:</p><ul>${reasons}</ul>` : ''}
${
  cost.breakdown
    ? html`<table><thead><tr><th>role</th><th>calls</th><th>dollars</th><th>models</th></tr></thead><tbody>${role('runner', cost.breakdown.runner)}${role('judge', cost.breakdown.judge)}${role('screen', cost.breakdown.screen)}</tbody></table>`
    : html`<p class="missing">the usage breakdown: not in the record</p>`
}
${cost.priceTable ? html`<p class="small">Prices as of ${cost.priceTable.asOf} from ${cost.priceTable.source}.</p>` : ''}`;
}
