import type { AnswerLeakGate, RunRecord } from '../../../record/index.js';
import { count, when } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import { facts } from '../facts.js';
import { gateShown, shown } from '../shown.js';

export function leakStory(g: AnswerLeakGate): SafeHtml {
  return html`<p>A registered task carried its own answer where the agent would read it, so passing it would prove nothing.</p>
${facts([
  ['tasks scanned', count(g.scanned)],
  ['tasks carrying their answer', count(g.leaks.length)],
])}
<ul>${g.leaks.map((l) => html`<li><code>${l.taskId}</code>: “${l.phrase}” in ${l.where}</li>`)}</ul>`;
}

export function leakHeadline(record: RunRecord, g: AnswerLeakGate): SafeHtml {
  return html`${gateShown(record, g, 'leaks.length')} of ${gateShown(record, g, 'scanned')} tasks carry their answer`;
}

export function voidStory(record: RunRecord): SafeHtml {
  const v = record.void;
  if (!v) return html``;
  const trials = Object.entries(v.completed.trials).map(
    ([phase, n]) => html`<li><code>${phase}</code>: ${count(n ?? 0)} trials</li>`,
  );
  return html`<p>The run stopped before completing its registered size, so it publishes nothing but this record. It is kept and shown like any other run.</p>
${facts([
  ['why', html`<code>${v.reason}</code>: ${v.detail}`],
  ['stopped at', when(v.at)],
  ['stages completed', v.completed.stages.length > 0 ? v.completed.stages.join(' → ') : 'none'],
  ['gates decided', v.completed.gates.length > 0 ? v.completed.gates.join(', ') : 'none'],
])}
${trials.length > 0 ? html`<p>Trials finished before the stop:</p><ul>${trials}</ul>` : ''}`;
}

export function voidHeadline(record: RunRecord): SafeHtml {
  return record.void
    ? html`<code>${shown(record, 'void.reason')}</code>: ${shown(record, 'void.detail')}`
    : html``;
}
