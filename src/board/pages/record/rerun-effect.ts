import type { MeasuredEffect, RerunRecord } from '../../../record/rerun.js';
import { RUN_FILES } from '../../../tape/file-names.js';
import { html, type SafeHtml } from '../../html.js';
import { compareHref, type Links, lineHref, runFileHref, viewerHref } from '../links.js';
import { anchorId } from '../methods.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function rate(
  label: string,
  r: { k: number; n: number; wilson: { point: number; lower: number; upper: number } },
) {
  return html`<li>${label}: first try ${r.k}/${r.n} = ${pct(r.wilson.point)} (Wilson 95% ${pct(r.wilson.lower)}–${pct(r.wilson.upper)})</li>`;
}

/** The test the verdict follows, as the record holds it; a rerun made before it says so. */
function taskLevel(e: MeasuredEffect): SafeHtml {
  const t = e.taskLevel;
  if (t === undefined)
    return html`<li><span class="missing">task-level test not recorded: rerun made before this method</span> (this verdict followed the trial-level McNemar below)</li>`;
  const sum = t.statistic > 0 ? `+${t.statistic}` : String(t.statistic);
  return html`<li>per task (the unit of the test): ${t.tasks} tasks paired; first-try successes rose on ${t.rose}, fell on ${t.fell}, sum of differences ${sum}; exact sign-flip test (two-sided) p = ${t.pValue.toPrecision(3)} at the pre-registered alpha ${t.alpha}: ${t.rejects ? 'rejects no effect' : 'does not reject'}</li>`;
}

function refs(links: Links, runId: string, list: readonly string[]): SafeHtml {
  return html`${list.map((ref, i) => html`${i > 0 ? ', ' : ''}<a href="${lineHref(links, runId, ref)}">${ref}</a>`)}`;
}

function effect(original: string, r: RerunRecord, links: Links): SafeHtml {
  const e = r.effect;
  if (r.outcome === 'REFUSED' && r.refusal)
    return html`<p class="refused">Refused (${r.refusal.reason}): ${r.refusal.detail}</p>`;
  if (e === undefined)
    return html`<p class="missing">VOID (${r.void?.reason ?? 'unknown'}): ${r.void?.detail ?? 'no effect was measured'}.</p>`;
  return html`<p><strong>${e.verdict}</strong>${e.runnerKind === 'lexical' ? html` <span class="chip">effect on a lexical agent (heuristic runner)</span>` : ''}</p>
<ul>${rate('original', e.original)}${rate('with the rewrites', e.rewritten)}
${taskLevel(e)}
<li>${e.pairs} paired trials (task × rep); discordant pairs: b = ${e.mcnemar.b} passed first try only originally, c = ${e.mcnemar.c} only with the rewrites</li>
<li>${e.taskLevel ? 'a description only (reps of one task are not independent): ' : ''}exact McNemar over trials (two-sided) p = ${e.mcnemar.pValue.toPrecision(3)}${e.taskLevel ? '' : html` at the pre-registered alpha ${e.mcnemar.alpha}: ${e.mcnemar.rejects ? 'rejects no effect' : 'does not reject'}`}</li></ul>
<p class="small">${e.statement}</p>
${e.evidence.original.length > 0 ? html`<p class="small">discordant trials: original ${refs(links, original, e.evidence.original)}; rerun ${refs(links, r.runId, e.evidence.rewritten)}</p>` : ''}`;
}

function one(original: string, r: RerunRecord, links: Links): SafeHtml {
  return html`<article class="rerun" id="rerun-${anchorId(r.runId)}"><h4>Rerun <code>${r.runId}</code> · ${r.outcome}</h4>
${effect(original, r, links)}
${
  r.overrides.length > 0
    ? html`<p>Shown to the runner in place of the server's descriptions (the server was untouched):</p><ul>${r.overrides.map(
        (o) => html`<li><code>${o.tool}</code>: <blockquote>${o.description}</blockquote>
<div class="small">from ${o.proposals.map((p, i) => html`${i > 0 ? '; ' : ''}${p.generator} proposal answering ${p.answers.map((id, j) => html`${j > 0 ? ', ' : ''}<a href="#finding-${anchorId(id)}">${id}</a>`)}`)}${o.parameters.map((q) => html` · parameter <code>${q.name}</code>${q.rename ? html` shown as <code>${q.rename}</code>` : ''}`)}</div></li>`,
      )}</ul>`
    : ''
}
<p class="small"><a href="${viewerHref(links, original)}">original's tapes</a> · <a href="${viewerHref(links, r.runId)}">rerun's tapes</a> · <a href="${compareHref(links, original, r.runId)}">side by side</a> · <a href="${runFileHref(links, r.runId, RUN_FILES.rerun)}">${RUN_FILES.rerun}</a></p>
<p class="small">${r.statement}</p></article>`;
}

/**
 * The proposals' measured effect, on the original's record page only: a rerun is a paired
 * experiment on this run's registered suite, never a second score.
 */
export function measuredEffects(originalId: string, reruns: readonly RerunRecord[], links: Links): SafeHtml {
  if (reruns.length === 0)
    return html`<p>No rerun yet: <code>fitness-report rerun ${originalId} --with-rewrites</code> measures the proposals on this run's registered suite.</p>`;
  return html`${reruns.map((r) => one(originalId, r, links))}`;
}
