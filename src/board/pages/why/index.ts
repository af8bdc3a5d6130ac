import type { RunRecord } from '../../../record/index.js';
import { html, type SafeHtml } from '../../html.js';
import type { Links } from '../links.js';
import { constructHeadline, constructStory } from './construct.js';
import { refusingGate } from './gates.js';
import { nullHeadline, nullStory } from './nulls.js';
import { leakHeadline, leakStory, voidHeadline, voidStory } from './other.js';
import { surfaceHeadline, surfaceStory } from './surface.js';

/** One line under the outcome, from the refusing gate's stored numbers. */
export function refusalHeadline(record: RunRecord): SafeHtml {
  const g = refusingGate(record);
  if (record.outcome === 'VOID') return voidHeadline(record);
  if (!g) return html``;
  if (g.gate === 'null_baseline') return nullHeadline(g);
  if (g.gate === 'construct') return constructHeadline(g);
  if (g.gate === 'answer_leak') return leakHeadline(g);
  return surfaceHeadline(record);
}

/** The measured story behind a refusal (or a void run), read from this record only. */
export function refusalStory(record: RunRecord, links: Links): SafeHtml {
  const g = refusingGate(record);
  if (record.outcome === 'VOID') return voidStory(record);
  if (!g) return html``;
  if (g.gate === 'null_baseline') return nullStory(g, record);
  if (g.gate === 'construct') return constructStory(g, record, links);
  if (g.gate === 'answer_leak') return leakStory(g);
  return surfaceStory(record);
}
