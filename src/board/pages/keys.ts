import type { KeysFile } from '../../tape/keys-file.js';
import { html, type SafeHtml } from '../html.js';
import { page } from './layout.js';
import { ROOT, recordHref } from './links.js';

function runLinks(runs: readonly string[]): SafeHtml {
  if (runs.length === 0) return html`<span class="small">none on this board</span>`;
  return html`${runs.map((id, i) => html`${i > 0 ? ', ' : ''}<a href="${recordHref(ROOT, id)}"><code>${id}</code></a>`)}`;
}

/** The keys page: each public key the board saw, its fingerprint, its roles and the runs it signed. */
export function keysPage(keys: KeysFile): string {
  const rows = keys.keys.map(
    (k) =>
      html`<tr><td><code>${k.keyid}</code></td><td>${k.roles.join(', ')}</td><td>${runLinks(k.runs)}</td></tr>`,
  );
  const unsigned =
    keys.unsigned.length === 0
      ? html`<p>Every run on this board carries a signature.</p>`
      : html`<ul>${keys.unsigned.map((u) => html`<li><a href="${recordHref(ROOT, u.runId)}"><code>${u.runId}</code></a>: unsigned (${u.reason})</li>`)}</ul>`;
  return page({
    title: 'Keys — Fitness Report',
    links: ROOT,
    body: html`<h1>Keys</h1>
<p class="lede">Every public key this board saw. A <em>run signer</em> signed a run's <code>signature.json</code> (over the manifest of its original files); the <em>board publisher</em> signed each run's <code>redaction.json</code>, which binds the published, redacted copies to those originals. The same list, with each key's base64 SPKI DER, is <a href="keys.json"><code>keys.json</code></a>. Check a run with <code>fitness-report verify --trust FINGERPRINT &lt;site&gt;/runs/&lt;run-id&gt;/</code>.</p>
<table><thead><tr><th>fingerprint</th><th>role</th><th>runs signed</th></tr></thead><tbody>${rows}</tbody></table>
<h2>Unsigned runs</h2>
${unsigned}`,
  });
}
