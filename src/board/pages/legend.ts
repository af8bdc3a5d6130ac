import { html, type SafeHtml } from '../html.js';
import { type Links, methodsHref } from './links.js';

/** The board's key, in our own words. */
export function legend(links: Links): SafeHtml {
  return html`<dl class="legend" aria-label="how to read this board">
<dt><span class="outcome scored">SCORED</span></dt>
<dd>Every validity gate passed and the drive ran. The number is the first-try success rate, drawn as its 95% interval.</dd>
<dt><span class="outcome refused">REFUSED</span></dt>
<dd>We judged our own measurement invalid, so no number is published. The gate that stopped the run, its reason and its counts sit where the number would be.</dd>
<dt><span class="unknown">could not check</span></dt>
<dd>A probe that did not apply to this connection, or whose answer was not evidence. It counts neither as a pass nor as a failure.</dd>
<dt><span class="fault">probe failed</span></dt>
<dd>A fact about the server’s protocol behaviour, in its own colour: it is not a refusal, which is a decision about our measurement.</dd>
<dt>Why refused</dt>
<dd>Opens what the stopping gate actually saw in that run: its rates, counts, floors and tape readings. A number the record lacks is said to be missing. <a href="${methodsHref(links, 'families')}">How to read each family</a>.</dd>
</dl>`;
}
