import type { RunRecord } from '../../record/index.js';
import { html, type SafeHtml } from '../html.js';
import { type Links, recordHref } from './links.js';

/**
 * A run whose target was never reached (VOID `unreachable`: nothing listening at the URL, a command
 * that does not exist, a server that exited before the handshake) measured no server. It is listed
 * apart from the groups, with what was typed and why, never as a server row with chips.
 */
export function isNeverReached(record: RunRecord): boolean {
  return record.outcome === 'VOID' && record.void?.reason === 'unreachable';
}

export function neverReachedSection(records: readonly RunRecord[], links: Links): SafeHtml {
  if (records.length === 0) return html``;
  return html`<section class="group never-reached" id="never-reached">
<h2>Never reached (${records.length})</h2>
<p>No server answered these runs: nothing was listening, the command did not exist or could not start, or the process exited before the handshake. They measured nothing, so they are not server rows; each record is signed like any other.</p>
<ul>${records.map(
    (r) =>
      html`<li><code>${r.identity.target.description}</code>: ${r.void?.detail ?? 'never reached'} <span class="small">(${r.identity.startedAt}, <a href="${recordHref(links, r.runId)}">record</a>)</span></li>`,
  )}</ul>
</section>`;
}
