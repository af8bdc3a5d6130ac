import { generatorChip, isRecorded, type RunRecord } from '../../record/index.js';
import { count } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { page } from './layout.js';
import { ROOT } from './links.js';
import {
  FAMILIES,
  GATE_ORDER,
  methodsIntro,
  NOT_IN_NUMBERS,
  PANELS,
  READING,
  SCREEN_AND_EXTENSIONS,
  WHAT_IT_MEASURES,
} from './methods-copy.js';

/** An element id from recorded text: only [a-z0-9-] survive, so it is safe in any fragment. */
export function anchorId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function notesAnchor(record: RunRecord): string {
  const g = record.identity.generator;
  return isRecorded(g) ? `notes-${anchorId(`${g.name}-${g.version}`)}` : 'notes-not-recorded';
}

/** Standing notes of each generator, each distinct text once, with how many runs carry it. */
function standingNotes(records: readonly RunRecord[]): SafeHtml {
  const byGenerator = new Map<
    string,
    { anchor: string; runs: number; notes: Map<string, { id: string; text: string; runs: number }> }
  >();
  for (const r of records) {
    const chip = generatorChip(r.identity.generator);
    const entry = byGenerator.get(chip) ?? { anchor: notesAnchor(r), runs: 0, notes: new Map() };
    entry.runs += 1;
    for (const note of r.notes.standing) {
      const key = JSON.stringify([note.id, note.text]);
      const seen = entry.notes.get(key) ?? { id: note.id, text: note.text, runs: 0 };
      seen.runs += 1;
      entry.notes.set(key, seen);
    }
    byGenerator.set(chip, entry);
  }
  if (byGenerator.size === 0) return html`<p>No run is on the board yet.</p>`;
  return html`${[...byGenerator.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(
      ([chip, e]) =>
        html`<h3 id="${e.anchor}">Generator <code>${chip}</code> <span class="small">(${count(e.runs)} runs)</span></h3>${
          e.notes.size === 0
            ? html`<p>Its runs carry no standing notes.</p>`
            : html`<ul class="notes">${[...e.notes.values()].map(
                (n) =>
                  html`<li id="${e.anchor}-${anchorId(n.id)}"><code>${n.id}</code> <span class="small">(carried by ${count(n.runs)} of ${count(e.runs)} runs)</span><p>${n.text}</p></li>`,
              )}</ul>`
        }`,
    )}`;
}

type Row = readonly [string, string];

function thresholdRows(r: RunRecord): Row[] | undefined {
  const reg = r.prereg?.registration;
  if (!reg) return undefined;
  const ext =
    'batchTasks' in reg.extension
      ? `${reg.extension.maxExtensions} × ${reg.extension.batchTasks} tasks`
      : 'zero (policy not recorded)';
  return [
    ['construct threshold', String(reg.construct.threshold)],
    ['alpha', String(reg.construct.alpha)],
    ['detectable rate / planned power', `${reg.construct.detectableRate} / ${reg.construct.power}`],
    ['null ratio / percentile', `${reg.nulls.ratio} / ${reg.nulls.percentile}`],
    ['minimum suite size', String(reg.minTasks)],
    ['admission floor', String(reg.minAdmissionRate)],
    ['compromised error share', String(reg.compromisedErrorShare)],
    ['reps (nulls / construct / drive)', `${reg.reps.nulls} / ${reg.reps.construct} / ${reg.reps.drive}`],
    ['registered tasks', String(reg.tasks)],
    ['extension batches', ext],
  ];
}

/** Every distinct set of registered thresholds, as the records carry them. */
function thresholds(records: readonly RunRecord[]): SafeHtml {
  const sets = new Map<string, { rows: Row[]; runs: string[] }>();
  const without: string[] = [];
  for (const r of records) {
    const rows = thresholdRows(r);
    if (!rows) {
      without.push(r.runId);
      continue;
    }
    const key = JSON.stringify(rows);
    const entry = sets.get(key) ?? { rows, runs: [] };
    entry.runs.push(r.runId);
    sets.set(key, entry);
  }
  return html`${[...sets.values()].map(
    (s, i) =>
      html`<h3>Registration ${i + 1} <span class="small">(${count(s.runs.length)} runs)</span></h3><table class="facts"><tbody>${s.rows.map(
        ([k, v]) => html`<tr><th scope="row">${k}</th><td>${v}</td></tr>`,
      )}</tbody></table>`,
  )}${without.length > 0 ? html`<p class="small">${count(without.length)} runs carry no pre-registration (void before it was written).</p>` : ''}`;
}

export function methodsPage(records: readonly RunRecord[]): string {
  const body = html`${methodsIntro()}
${WHAT_IT_MEASURES}
${GATE_ORDER}
${FAMILIES}
<section class="block" id="thresholds"><h2>Registered thresholds, as recorded</h2><p>Read from each run’s pre-registration. No threshold, ratio, floor or alpha has been loosened to turn a refusal into a score.</p>${thresholds(records)}</section>
${SCREEN_AND_EXTENSIONS}
${READING}
${PANELS}
${NOT_IN_NUMBERS}
<section class="block" id="standing-notes"><h2>Standing notes, published once</h2><p>Notes that a generator writes into every one of its runs are printed here once, verbatim; each run record shows only its own notes and how many standing notes it also carries.</p>${standingNotes(records)}</section>`;
  return page({ title: 'Methods · Fitness Report', links: ROOT, body });
}
