import { noTaskCompleted, type ScoreBlock, type ToolAttribution } from '../../../record/index.js';
import { trialCorrId } from '../../../tape/corr-id.js';
import { count, ms, usd } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import { facts } from '../facts.js';
import { corrHref, type Links, lineHref } from '../links.js';

/** The failed calls' wire lines behind an error count, or why none are cited. */
function errorRefs(t: ToolAttribution, runId: string, links: Links): SafeHtml {
  if (t.errors === 0) return html``;
  if (t.tapeRefs === undefined || t.tapeRefs.length === 0)
    return html` <span class="missing">no tape lines cited: this record was written before failed calls were cited</span>`;
  return html` <span class="small evidence">${t.tapeRefs.map(
    (ref, i) => html`${i > 0 ? ' ' : ''}<a href="${lineHref(links, runId, ref)}">${ref}</a>`,
  )}</span>`;
}

/** Per-tool attribution: calls, errors by failure class, latency percentiles as stored. */
export function toolAttribution(score: ScoreBlock | undefined, runId: string, links: Links): SafeHtml {
  if (!score) return html`<p>No drive ran, so there is no per-tool attribution.</p>`;
  if (score.tools.length === 0) return html`<p>The drive made no tool call.</p>`;
  return html`<p class="small">A call count is not cited line by line: the drive's calls are on the wire tape under each trial's corr id, which the per-task table below opens. Each error count links to the failed calls' lines.</p><table><thead><tr><th>tool</th><th>calls</th><th>errors</th><th>by class</th><th>latency p50 / p95</th></tr></thead><tbody>${score.tools.map(
    (t) =>
      html`<tr><td><code>${t.tool}</code></td><td>${count(t.calls)}</td><td>${count(t.errors)}${errorRefs(t, runId, links)}</td><td>${Object.entries(
        t.errorsByClass,
      ).map(
        ([cls, n], i) => html`${i > 0 ? ', ' : ''}${cls} ${count(n ?? 0)}`,
      )}</td><td>${t.latencyMs ? `${ms(t.latencyMs.p50)} / ${ms(t.latencyMs.p95)} over ${count(t.latencyMs.samples)} calls` : html`<span class="missing">no call was answered</span>`}</td></tr>`,
  )}</tbody></table>`;
}

function perCompleted(score: ScoreBlock): SafeHtml {
  const p = score.perCompletedTask;
  if (noTaskCompleted(p)) return html`none: ${p.why}`;
  const cost = p.cost
    ? p.cost.kind === 'total'
      ? `${usd(p.cost.usd)} (measured)`
      : `at least ${usd(p.cost.usd)}`
    : `no figure: ${p.costMissing ?? ''}`;
  return html`${count(p.completedTasks)} completed tasks; ${count(Math.round(p.tokens))} tokens and ${cost} per completed task`;
}

/** One link per rep to the trial's lines in the viewer (the drive's corr ids, docs/design.md §9). */
function trialLinks(taskId: string, reps: number, runId: string, links: Links): SafeHtml {
  return html`${Array.from({ length: reps }, (_, i) => {
    const corr = trialCorrId(taskId, 'drive', i + 1, reps);
    return html`${i > 0 ? ' ' : ''}<a href="${corrHref(links, runId, corr)}">${corr}</a>`;
  })}`;
}

/** The drive's stored numbers beyond the headline rate. */
export function scoreDetails(score: ScoreBlock, runId: string, links: Links): SafeHtml {
  return html`${facts([
    ['first try', `${count(score.firstTry.k)} of ${count(score.firstTry.n)}`],
    ['eventual success', `${count(score.eventual.k)} of ${count(score.eventual.n)}`],
    ['tasks passed on every rep (pass^k)', `${count(score.passHatK.k)} of ${count(score.passHatK.n)}`],
    ['tasks passed on some rep (pass@k)', `${count(score.passAtK.k)} of ${count(score.passAtK.n)}`],
    [
      'runner tokens (input / output / cache read / cache write)',
      `${count(score.tokens.input)} / ${count(score.tokens.output)} / ${count(score.tokens.cacheRead)} / ${count(score.tokens.cacheWrite)}`,
    ],
    ['trials without reported usage', count(score.tokens.trialsWithoutUsage)],
    ['per completed task', perCompleted(score)],
  ])}
<p class="small">The counts above are sums over the per-task rows below; each row links to its trials on the tapes.</p>
<details><summary>Per task (${count(score.perTask.length)})</summary><table><thead><tr><th>task</th><th>reps</th><th>first try</th><th>eventual</th><th>pass^k</th><th>pass@k</th><th>trials on the tape</th></tr></thead><tbody>${score.perTask.map(
    (t) =>
      html`<tr><td><code>${t.taskId}</code></td><td>${count(t.reps)}</td><td>${count(t.firstTry)}</td><td>${count(t.eventual)}</td><td>${t.passHatK ? 'yes' : 'no'}</td><td>${t.passAtK ? 'yes' : 'no'}</td><td class="small">${trialLinks(t.taskId, t.reps, runId, links)}</td></tr>`,
  )}</tbody></table></details>`;
}
