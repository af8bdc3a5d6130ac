import { decidingInterval, type RunRecord } from '../../../record/index.js';
import { html, type SafeHtml } from '../../html.js';
import { observationsNote } from '../clustered.js';
import { constructIntervalClause } from '../gate-clustered.js';
import { intervalSvg } from '../interval.js';
import { type Links, methodsHref } from '../links.js';
import { gateShown, shown } from '../shown.js';
import { gate } from '../why/gates.js';
import { refusalHeadline, refusalStory } from '../why/index.js';
import { nullComparison } from '../why/nulls.js';
import { constructSupportSentence } from '../why/support.js';

function scored(record: RunRecord, links: Links): SafeHtml {
  const score = record.score;
  if (!score) return html``;
  const first = score.firstTry;
  const c = gate(record, 'construct');
  const lastNull = record.gates.filter((g) => g.gate === 'null_baseline').at(-1);
  const interval = first.clustered
    ? html`95% interval ${shown(record, 'score.firstTry.clustered.wilson.lower')} to ${shown(record, 'score.firstTry.clustered.wilson.upper')}, clustered by task (${shown(record, 'score.firstTry.clustered.nEff')} effective observations from ${shown(record, 'score.firstTry.clustered.tasks')} tasks; <a href="${methodsHref(links, 'clustered')}">why</a>); plain Wilson over trials as if independent, the thin line: ${shown(record, 'score.firstTry.wilson.lower')} to ${shown(record, 'score.firstTry.wilson.upper')}`
    : html`Wilson 95% interval ${shown(record, 'score.firstTry.wilson.lower')} to ${shown(record, 'score.firstTry.wilson.upper')}`;
  return html`<p><span class="outcome scored">${shown(record, 'outcome')}</span> first-try success <strong>${shown(record, 'score.firstTry.k')} of ${shown(record, 'score.firstTry.n')}</strong> trials = <strong>${shown(record, 'score.firstTry.wilson.point')}</strong>, ${interval}. <span class="small">${observationsNote(score)}. Each trial opens on the tapes from the <a href="#score">per-task table</a>.</span></p>
${intervalSvg(decidingInterval(first), 'first-try success', first.clustered ? first.wilson : undefined)}
${
  c
    ? html`<p class="deciding-line" data-gate="construct">It was published because the reference agent reached the answer key through the server ${gateShown(record, c, 'k')} of ${gateShown(record, c, 'n')} times${constructIntervalClause(record, c, links)}: ${constructSupportSentence(record, c)}${
        lastNull?.gate === 'null_baseline'
          ? html`, and the nulls stayed below the line: ${nullComparison(record, lastNull)}`
          : ''
      }.</p>`
    : ''
}`;
}

/** What decided this run, first: the score and the comparisons that let it stand, or the refusal. */
export function decidingComparison(record: RunRecord, links: Links): SafeHtml {
  if (record.outcome === 'SCORED') return scored(record, links);
  const isVoid = record.outcome === 'VOID';
  return html`<p><span class="outcome ${isVoid ? 'void' : 'refused'}">${shown(record, 'outcome')}</span>${
    record.refusal
      ? html` at gate <code>${shown(record, 'refusal.gate')}</code>, reason <code>${shown(record, 'refusal.reason')}</code>`
      : ''
  }</p>
<p class="deciding-line" data-gate="${record.refusal?.gate ?? 'none'}"><strong>${refusalHeadline(record)}</strong></p>
${refusalStory(record, links)}`;
}
