import { escapeRegex } from '../../../core/escape/regex.js';
import type { Entry } from './entries.js';

/** Search over the tape: every line whose text contains the query (case-insensitive), in time order. */
export interface SearchState {
  query: string;
  hits: number[];
  /** Lines that matched beyond the ones kept. */
  more: number;
  at: number;
}

const MAX_HITS = 100_000;

/** One pass with a literal, case-insensitive pattern: no copy of a line is made. */
export function search(entries: readonly Entry[], query: string): SearchState {
  const state: SearchState = { query, hits: [], more: 0, at: -1 };
  if (query.trim() === '') return state;
  const re = new RegExp(escapeRegex(query), 'i');
  entries.forEach((e, i) => {
    if (!re.test(e.text)) return;
    if (state.hits.length < MAX_HITS) state.hits.push(i);
    else state.more += 1;
  });
  return state;
}

/** The next (or previous) hit, wrapping around. */
export function step(state: SearchState, by: 1 | -1): number | undefined {
  if (state.hits.length === 0) return undefined;
  state.at = (state.at + by + state.hits.length) % state.hits.length;
  return state.hits[state.at];
}

export function describe(state: SearchState): string {
  if (state.query.trim() === '') return '';
  const total = state.hits.length + state.more;
  if (total === 0) return 'no match';
  return `${state.at + 1} of ${total.toLocaleString('en-US')}`;
}
