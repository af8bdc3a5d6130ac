import type { StoredInterval } from '../../record/index.js';
import { pct } from '../format.js';
import { html, type SafeHtml } from '../html.js';

/**
 * The first-try interval on the shared 0–100 axis. Geometry only: the band spans the stored
 * lower and upper bounds (the task-clustered interval where the record has one), the plain Wilson
 * interval over trials, when given, is a thin line across it, and the mark sits at the stored point. SVG attributes (not style
 * attributes) position everything, so the strict CSP needs no inline style. The interval and the
 * axis share one viewBox width and one CSS width, so every row and the axis use the same scale.
 */
export function intervalSvg(w: StoredInterval, label: string, plainWilson?: StoredInterval): SafeHtml {
  const x = (v: number) => Number((v * 100).toFixed(3));
  const thin = plainWilson
    ? `; plain Wilson over trials ${pct(plainWilson.lower)} to ${pct(plainWilson.upper)}`
    : '';
  const title = `${label}: ${pct(w.point)} (95% interval ${pct(w.lower)} to ${pct(w.upper)}${thin})`;
  return html`<svg class="interval" viewBox="-4 0 108 10" role="img" aria-label="${title}">
<title>${title}</title>
${[0, 25, 50, 75, 100].map((g) => html`<line class="grid" x1="${g}" x2="${g}" y1="0" y2="10"></line>`)}
<rect class="band" x="${x(w.lower)}" y="2" width="${Number((x(w.upper) - x(w.lower)).toFixed(3))}" height="6"></rect>
${
  plainWilson
    ? html`<line class="plain-wilson" x1="${x(plainWilson.lower)}" x2="${x(plainWilson.upper)}" y1="5" y2="5"></line>`
    : ''
}
<rect class="point" x="${Number(Math.max(0, x(w.point) - 0.6).toFixed(3))}" y="0.5" width="1.2" height="9"></rect>
</svg>`;
}

/** The axis printed once in each group's header, so every row reads on the same scale. */
export function axisSvg(): SafeHtml {
  const ticks = [0, 25, 50, 75, 100];
  return html`<svg class="axis" viewBox="-4 0 108 8" role="img" aria-label="first-try success, 0 to 100 percent">
${ticks.map((t) => html`<line class="grid" x1="${t}" x2="${t}" y1="0" y2="3"></line><text x="${t}" y="7.5" text-anchor="middle">${t}</text>`)}
</svg>`;
}
