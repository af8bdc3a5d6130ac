import type { RunRecord } from '../../../record/index.js';
import { RUN_FILES } from '../../../tape/file-names.js';
import { count } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import { corrHref, type Links, runFileHref } from '../links.js';

/** Items shown before the rest of a list folds into a details element. */
export const SHOWN = 5;

function folded(items: readonly SafeHtml[], what: string): SafeHtml {
  if (items.length === 0) return html``;
  const head = items.slice(0, SHOWN);
  const rest = items.slice(SHOWN);
  return html`<ul class="candidates">${head}</ul>${
    rest.length > 0
      ? html`<details class="more"><summary>${count(rest.length)} more ${what}</summary><ul class="candidates">${rest}</ul></details>`
      : ''
  }`;
}

function rejectedList(record: RunRecord): SafeHtml {
  const rejected = record.suite?.rejected;
  if (!rejected || rejected.total === 0) return html``;
  const list = rejected.candidates;
  if (list === undefined)
    return html`<p class="small">${count(rejected.total)} rejected by admission: <span class="missing">${rejected.limitation ?? 'the candidates are not listed in this record'}</span></p>`;
  return html`<h4>Rejected by admission (${count(list.length)})</h4>${folded(
    list.map(
      (r) =>
        html`<li><code>${r.candidateId}</code>: rule <code>${r.rule}</code>${r.detail ? html` — ${r.detail}` : ''}</li>`,
    ),
    'rejected candidates',
  )}`;
}

function deletedList(record: RunRecord, links: Links): SafeHtml {
  const suite = record.suite;
  if (!suite || suite.deletedByScreen === 0) return html``;
  if (suite.deleted === undefined)
    return html`<p class="small">${count(suite.deletedByScreen)} deleted by the screen: <span class="missing">the candidates are not listed in this record (written before they were); suite.json's ledger has each one</span></p>`;
  return html`<h4>Deleted by the generation-time screen (${count(suite.deleted.length)})</h4>${folded(
    suite.deleted.map((d) => {
      const corr = `${d.candidateId}::screen`;
      return html`<li><code>${d.candidateId}</code>: answered with no tools and no server${d.detail ? html` — ${d.detail}` : ''} <a class="small" href="${corrHref(links, record.runId, corr)}">the screen's turns</a></li>`;
    }),
    'deleted candidates',
  )}`;
}

function trimmedList(record: RunRecord): SafeHtml {
  const suite = record.suite;
  if (!suite || suite.surplus === 0) return html``;
  if (suite.trimmed === undefined)
    return html`<p class="small">${count(suite.surplus)} trimmed as surplus: <span class="missing">the candidates are not listed in this record (written before they were)</span></p>`;
  return html`<h4>Trimmed as surplus (${count(suite.trimmed.length)})</h4><p class="small">Admitted, but beyond the suite and its reserve: never driven.</p>${folded(
    suite.trimmed.map((t) => html`<li><code>${t.candidateId}</code></li>`),
    'trimmed candidates',
  )}`;
}

/**
 * Every candidate that did not reach the suite, by fate: rejected (with its rule and detail),
 * deleted by the screen, trimmed as surplus. The counts come from the record's suite summary; the
 * fates come from the suite ledger, which suite.json publishes in full.
 */
export function candidateFates(record: RunRecord, links: Links): SafeHtml {
  const suite = record.suite;
  if (!suite) return html`<p class="missing">the suite summary: not in the record</p>`;
  const lists = [rejectedList(record), deletedList(record, links), trimmedList(record)];
  const none = suite.rejected.total === 0 && suite.deletedByScreen === 0 && suite.surplus === 0;
  return html`${
    none ? html`<p>Every candidate reached the suite or its reserve.</p>` : lists
  }<p class="small">Each fate is read from the suite ledger, not from a tape: ${
    record.files.some((f) => f.path === RUN_FILES.suite)
      ? html`the full ledger, with every candidate as proposed, is <a href="${runFileHref(links, record.runId, RUN_FILES.suite)}">${RUN_FILES.suite}</a>`
      : 'the run lists no suite.json beside its record'
  }.</p>`;
}
