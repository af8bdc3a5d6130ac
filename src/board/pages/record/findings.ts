import type { ProbeResult, RunRecord } from '../../../record/index.js';
import { html, type SafeHtml } from '../../html.js';
import { type Links, lineHref } from '../links.js';
import { anchorId } from '../methods.js';

function verdict(p: ProbeResult): SafeHtml {
  if (p.pass === true) return html`<span class="pass">passed</span>`;
  if (p.pass === false) return html`<span class="fault">failed</span>`;
  return html`<span class="unknown">could not check</span>`;
}

/** Each probe finding, with its evidence as text and a link to every tape line it cites. */
export function probeFindings(record: RunRecord, links: Links): SafeHtml {
  if (record.probes.length === 0) return html`<p class="missing">probe results: not in the record</p>`;
  return html`<ul>${record.probes.map(
    (
      p,
    ) => html`<li class="finding" id="probe-${anchorId(p.id)}"><code>${p.id}</code>: ${verdict(p)}${p.applies ? '' : html` <span class="small">(does not apply to this connection)</span>`} — ${p.detail}
<div class="small">evidence: ${
      p.tapeRefs.length === 0
        ? html`<span class="missing">no tape lines cited: ${
            p.applies
              ? 'the record names no exchange behind this finding'
              : 'the probe did not apply to this connection, so it sent nothing to cite'
          }</span>`
        : p.tapeRefs.map(
            (ref, i) => html`${i > 0 ? ', ' : ''}<a href="${lineHref(links, record.runId, ref)}">${ref}</a>`,
          )
    }</div>
${Object.keys(p.evidence).length > 0 ? html`<details><summary class="small">recorded evidence</summary><pre>${JSON.stringify(p.evidence, null, 2)}</pre></details>` : ''}</li>`,
  )}</ul>`;
}
