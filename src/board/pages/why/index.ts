import type { RunRecord } from '../../../record/index.js';
import { html, type SafeHtml } from '../../html.js';
import type { Links } from '../links.js';
import { constructHeadline, constructStory } from './construct.js';
import { refusingGate } from './gates.js';
import { nullHeadline, nullStory } from './nulls.js';
import { leakHeadline, leakStory, voidHeadline, voidStory } from './other.js';
import { surfaceHeadline, surfaceStory } from './surface.js';

export type Family = 'null' | 'surface' | 'construct' | 'leak' | 'void' | 'none';

/** Which measured story explains this record's outcome. */
export function familyOf(record: RunRecord): Family {
  if (record.outcome === 'VOID') return 'void';
  const g = refusingGate(record);
  if (!g) return 'none';
  if (g.gate === 'null_baseline') return 'null';
  if (g.gate === 'construct') return 'construct';
  if (g.gate === 'answer_leak') return 'leak';
  return 'surface';
}

/** One line under the outcome, from the refusing gate's stored numbers. */
export function refusalHeadline(record: RunRecord): SafeHtml {
  const g = refusingGate(record);
  if (record.outcome === 'VOID') return voidHeadline(record);
  if (!g) return html``;
  if (g.gate === 'null_baseline') return nullHeadline(record, g);
  if (g.gate === 'construct') return constructHeadline(record, g);
  if (g.gate === 'answer_leak') return leakHeadline(record, g);
  return surfaceHeadline(record);
}

/** The measured story behind a refusal (or a void run), read from this record only. */
export function refusalStory(record: RunRecord, links: Links): SafeHtml {
  const g = refusingGate(record);
  if (record.outcome === 'VOID') return voidStory(record);
  if (!g) return html``;
  if (g.gate === 'null_baseline') return nullStory(g, record, links);
  if (g.gate === 'construct') return constructStory(g, record, links);
  if (g.gate === 'answer_leak') return leakStory(g);
  return surfaceStory(record, links);
}
