import type { RunRecord } from '../../../record/index.js';
import { count, shortHash } from '../../format.js';
import { html, type SafeHtml } from '../../html.js';
import type { PublishedRun, Verification } from '../../publish.js';
import { type Links, runFileHref } from '../links.js';

/**
 * Beside the run's identity: the reader's browser checks the signature, every file's digest and the
 * site's published keys itself (client/badge.ts); until it has, the badge claims nothing.
 */
export function custodyBadge(runId: string, links: Links): SafeHtml {
  return html`<p id="custody" class="signature" data-run="${runId}" data-root="${links.base}" data-custody="not-checked">signature not checked in this browser (the check needs JavaScript)</p>`;
}

/** What the site build's own check found (the badge above the page is the reader's own check). */
export function signatureLine(v: Verification): SafeHtml {
  if (v.status === 'verified')
    return html`<span class="pass">signature verified when the site was built</span> <span class="small">(key <code>${v.keyid ?? ''}</code>)</span>`;
  if (v.status === 'unsigned') return html`<span class="unknown">not signed</span>: ${v.problems.join('; ')}`;
  return html`<span class="fault">signature ${v.status === 'failed' ? 'did not verify' : 'could not be read'}</span>: ${v.problems.join('; ')}`;
}

/** The files the record lists with their digests, and what was published beside them. */
export function filesSection(record: RunRecord, published: PublishedRun | undefined, links: Links): SafeHtml {
  const pub = new Map((published?.files ?? []).map((f) => [f.path, f]));
  const listed = record.files.map((f) => {
    const copy = pub.get(f.path);
    return html`<tr><td>${copy ? html`<a href="${runFileHref(links, record.runId, f.path)}"><code>${f.path}</code></a>` : html`<code>${f.path}</code>`}</td><td>${shortHash(f.sha256)}</td><td>${count(f.bytes)}</td><td>${
      copy
        ? copy.redacted
          ? 'published, secrets redacted'
          : 'published'
        : html`<span class="missing">not in the run directory</span>`
    }</td></tr>`;
  });
  const extra = (published?.files ?? []).filter((f) => !record.files.some((x) => x.path === f.path));
  return html`<p>${published ? signatureLine(published.verification) : html`<span class="missing">not published</span>`}</p>
<table><thead><tr><th>file</th><th>sha256</th><th>bytes</th><th>published copy</th></tr></thead><tbody>${listed}</tbody></table>
${extra.length > 0 ? html`<p class="small">Also published: ${extra.map((f, i) => html`${i > 0 ? ', ' : ''}<a href="${runFileHref(links, record.runId, f.path)}"><code>${f.path}</code></a>`)}</p>` : ''}`;
}
