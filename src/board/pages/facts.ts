import { html, type Part, type SafeHtml } from '../html.js';

/** A two-column table of labelled stored values. */
export function facts(rows: readonly (readonly [string, Part])[]): SafeHtml {
  return html`<table class="facts"><tbody>${rows.map(([label, value]) => html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`)}</tbody></table>`;
}
