import type { Entry } from './entries.js';
import { describe, type SearchState, search, step } from './search.js';
import { buildStory } from './story.js';
import { TapeParser } from './tape-parser.js';
import { buildRows, type Filters, facets, mergePlanes, type Row } from './timeline.js';
import type { Story } from './viewer-run.js';

/**
 * The replay viewer's state and what changes it, apart from the page: the merged timeline, the
 * rows the filters leave, the selection, the search, the story, and the tapes read a slice at a
 * time. main.ts draws this state and binds the page's controls to these functions; nothing here
 * touches the DOM, so it runs (and is tested) in Node too.
 */
export interface ViewerState {
  entries: Entry[];
  rows: Row[];
  /** `<plane>:<line>` → index in `entries`, for `#line=` links. */
  index: Map<string, number>;
  filters: Filters;
  selected: number | undefined;
  story: Story | undefined;
  /** The story came with the run (built from the published tapes); else it is told here. */
  storyGiven: boolean;
  title: string;
  search: SearchState;
}

const NO_SEARCH: SearchState = { query: '', hits: [], more: 0, at: -1 };

export function newState(): ViewerState {
  return {
    entries: [],
    rows: [],
    index: new Map(),
    filters: { phase: '', task: '', errorsOnly: false, corr: '', grouping: 'corr', unfold: false },
    selected: undefined,
    story: undefined,
    storyGiven: false,
    title: '',
    search: { ...NO_SEARCH },
  };
}

/** The rows the filters leave, recomputed after a change to the filters. */
export function filter(state: ViewerState, change: Partial<Filters> = {}): void {
  state.filters = { ...state.filters, ...change };
  state.rows = buildRows(state.entries, state.filters);
}

/** The status line under the filters: rows shown, lines, errors, pending requests. */
export function statusOf(state: ViewerState): string {
  const pending = state.entries.filter((e) => e.pending).length;
  const errors = state.entries.filter((e) => e.error).length;
  const n = (k: number) => k.toLocaleString('en-US');
  return `${n(state.rows.length)} rows shown · ${n(state.entries.length)} lines · ${errors} errors · ${pending} pending requests`;
}

export function rowOf(state: ViewerState, entry: number): number {
  return state.rows.findIndex((r) => 'entry' in r && r.entry === entry);
}

/**
 * Selects an entry and returns its row; an entry the filters hide clears them first (`cleared` then
 * says so, for the page to reset its controls).
 */
export function selectEntry(state: ViewerState, entry: number): { row: number; cleared: boolean } {
  state.selected = entry;
  const row = rowOf(state, entry);
  if (row !== -1) return { row, cleared: false };
  filter(state, { phase: '', task: '', errorsOnly: false, corr: '', unfold: true });
  return { row: rowOf(state, entry), cleared: true };
}

/** What a page's hash asks for: `#line=<plane>:<n>`, `#corr=<id>`, `#q=<text>`, `#only=problems`. */
export interface HashLink {
  line: string | null;
  corr: string | null;
  q: string | null;
  problems: boolean;
}

export function hashLink(hash: string): HashLink {
  const p = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  return { line: p.get('line'), corr: p.get('corr'), q: p.get('q'), problems: p.get('only') === 'problems' };
}

/** Steps to the next (or previous) hit of `query`, searching anew when the query changed. */
export function searchStep(state: ViewerState, query: string, by: 1 | -1): { hit?: number; text: string } {
  if (query !== state.search.query) state.search = search(state.entries, query);
  const hit = step(state.search, by);
  return { ...(hit === undefined ? {} : { hit }), text: describe(state.search) };
}

/** What the page shows anew after the timeline changed: the story it told, the filter menus. */
export interface Shown {
  story?: Story;
  facets?: { phases: string[]; tasks: string[] };
}

/**
 * The timeline from the planes read so far: merged, and once `complete`, paired and faceted. The
 * story is told here from the entries unless the run brought its own.
 */
export function showPlanes(state: ViewerState, planes: Entry[][], complete: boolean): Shown {
  state.entries = mergePlanes(planes, complete);
  // Summaries painted before pairing could not yet say "no response".
  if (complete) for (const e of state.entries) e.summary = undefined;
  state.index = new Map(state.entries.map((e, i) => [`${e.plane}:${e.line}`, i]));
  state.selected = undefined;
  state.search = { ...NO_SEARCH };
  const shown: Shown = {};
  if (!state.storyGiven && (complete || state.story === undefined)) {
    state.story = buildStory(state.entries);
    shown.story = state.story;
  }
  if (complete) shown.facets = facets(state.entries);
  filter(state);
  return shown;
}

/** One tape's text and the plane it belongs to; parsing happens in the viewer, a slice at a time. */
export interface TapeText {
  plane: string;
  text: string;
}

/** Lines parsed per plane before the first paint, and per slice after it. */
const FIRST_SLICE = 400;
const SLICE = 8000;

/** The tapes being read: the first lines of every plane at once, then the rest a slice at a time. */
export class Reading {
  private readonly parsers: TapeParser[];
  readonly planes: Entry[][];

  constructor(tapes: readonly TapeText[]) {
    this.parsers = tapes.map((t) => new TapeParser(t.text, t.plane));
    this.planes = this.parsers.map((p) => p.next(FIRST_SLICE));
  }

  get done(): boolean {
    return this.parsers.every((p) => p.done);
  }

  /** Share of the text read so far, 0–1. */
  get progress(): number {
    return this.parsers.reduce((n, p) => n + p.progress, 0) / this.parsers.length;
  }

  /** Reads one more slice of every plane not yet read. */
  more(): void {
    this.parsers.forEach((p, i) => {
      if (p.done) return;
      for (const e of p.next(SLICE)) this.planes[i]?.push(e);
    });
  }
}
