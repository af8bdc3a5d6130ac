import { html } from '../html.js';
import { SitePaths } from '../site-paths.js';
import { page } from './layout.js';
import { ROOT } from './links.js';

/** The viewer's static shell; the client module fills it and fetches nothing until opened. */
export function viewerPage(): string {
  const body = html`<h1>Tape viewer</h1>
<p><span id="viewer-title" class="status">No tape loaded.</span> <span id="signature" class="signature">no run opened</span></p>
<section id="story" class="story" aria-label="run summary"><p class="status">The run's story (handshake, probes, phases, trials) appears here when a run or tape is opened.</p></section>
<section id="compare" class="compare" aria-label="side by side" hidden></section>
<div class="viewer-bar">
<label>Phase <select id="f-phase"><option value="">all</option></select></label>
<label>Task <select id="f-task"><option value="">all</option></select></label>
<label><input type="checkbox" id="f-errors"> errors and pending only</label>
<label><input type="checkbox" id="f-unfold"> show session events</label>
<label>Layout <select id="f-group"><option value="corr">grouped by corr id</option><option value="time">one stream by time</option></select></label>
<span id="f-corr" hidden>showing corr <code id="f-corr-id"></code> <button id="f-corr-clear" type="button">show all</button></span>
<form id="search-form" role="search"><input id="search" type="search" size="24" placeholder="search the tape" aria-label="search the tape"> <button type="submit">Find next</button> <button type="button" id="search-prev">previous</button> <span id="search-count" class="status"></span></form>
</div>
<p id="trial-head" class="trial-head" hidden></p>
<p id="counts" class="status" aria-live="polite"></p>
<div class="viewer-bar">
<form id="open-url"><input id="tape-url" type="text" size="48" placeholder="https://example.org/run/wire.jsonl" aria-label="tape URL"> <button type="submit">Open URL</button></form>
<label class="dropzone" id="dropzone">Drop mcp-tape files here, or choose: <input type="file" id="tape-file" multiple accept=".jsonl,.json"></label>
</div>
<div class="viewer-split">
<div class="timeline" id="timeline" aria-label="merged timeline"><div class="spacer" id="spacer"></div></div>
<div class="detail" id="detail"><p class="status">Select a line to read it in full.</p></div>
</div>
<p class="small">Lines from every plane are merged by observed time. A trial opens into its own wire and agent lines (links: <code>#corr=</code>, <code>#line=</code>, <code>#q=</code>); session open/close events are folded until shown. Requests with no response are highlighted; a request and its response link to each other. Two runs side by side: <code>viewer.html?run=A&amp;compare=B</code>. Tape text is shown as text only.</p>`;
  return page({
    title: 'Tape viewer · Fitness Report',
    links: ROOT,
    body,
    scripts: [SitePaths.viewerAsset('main.js')],
    bodyClass: 'viewer',
  });
}
