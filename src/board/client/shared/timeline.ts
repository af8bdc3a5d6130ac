import { phaseOfCorr, taskOfCorr, verifyCorrId } from '../../../tape/corr-id.js';
import { Plane } from '../../../tape/schema.js';
import type { Entry } from './entries.js';
import { isSessionEvent } from './story-span.js';

/** The planes in their order (wire, agent, judge), any other after them. */
const PLANES: readonly string[] = Plane.options;

const planeRank = (plane: string) => {
  const rank = PLANES.indexOf(plane);
  return rank === -1 ? 9 : rank;
};

function before(a: Entry, b: Entry): boolean {
  if (a.ms !== b.ms) return a.ms < b.ms;
  const pa = planeRank(a.plane);
  const pb = planeRank(b.plane);
  if (pa !== pb) return pa < pb;
  if (a.plane !== b.plane) return a.plane < b.plane;
  return a.line < b.line;
}

/** One plane in time order; lines are written in observation order, so usually already sorted. */
function sorted(plane: readonly Entry[]): readonly Entry[] {
  for (let i = 1; i < plane.length; i += 1) {
    const a = plane[i - 1];
    const b = plane[i];
    if (a && b && before(b, a)) return [...plane].sort((x, y) => (before(x, y) ? -1 : before(y, x) ? 1 : 0));
  }
  return plane;
}

/**
 * Merges the planes into one timeline by observed time (ties keep plane, then line order): a k-way
 * merge of planes that are each in order, so a 100,000-line tape is merged in one pass. With `link`
 * (once every plane is read), each entry's `pair` points at its paired entry.
 */
export function mergePlanes(planes: readonly (readonly Entry[])[], link = true): Entry[] {
  const lists = planes.map(sorted);
  const at = lists.map(() => 0);
  const total = lists.reduce((n, l) => n + l.length, 0);
  const all: Entry[] = new Array(total);
  for (let out = 0; out < total; out += 1) {
    let pick = -1;
    let best: Entry | undefined;
    lists.forEach((list, k) => {
      const candidate = list[at[k] ?? 0];
      if (candidate && (best === undefined || before(candidate, best))) {
        best = candidate;
        pick = k;
      }
    });
    if (!best) break;
    all[out] = best;
    at[pick] = (at[pick] ?? 0) + 1;
  }
  if (link) linkPairs(all);
  return all;
}

/**
 * Turns each entry's `pairLine` (the tape layer's pairing, within its plane: see `TapeParser`) into
 * the index of its paired entry in the merged timeline.
 */
function linkPairs(entries: Entry[]): void {
  const at = new Map<string, number>();
  entries.forEach((e, i) => {
    if (e.pairLine !== undefined) at.set(`${e.plane}:${e.line}`, i);
  });
  for (const e of entries) if (e.pairLine !== undefined) e.pair = at.get(`${e.plane}:${e.pairLine}`);
}

/**
 * `<taskId>::<phase>#<rep>` → phase; a task corr id with no phase is a drive trial; probe and
 * harness-stage corr ids (`probe:<id>`, `generate`, …) are their own phases.
 */
export const phaseOf = phaseOfCorr;
export const taskOf = taskOfCorr;

export interface Filters {
  phase: string;
  task: string;
  errorsOnly: boolean;
  corr: string;
  grouping: 'corr' | 'time';
  /** Show session open/close and process events; folded into one row per run of them by default. */
  unfold?: boolean;
}

/** A display row: an entry (by index), a corr-group header, or folded session events. */
export type Row =
  | { entry: number }
  | { group: string; count: number; errors: number; pending: number }
  | { fold: number; count: number };

const phaseCache = new Map<string, string | undefined>();
const taskCache = new Map<string, string | undefined>();

/** phaseOf and taskOf, remembered per corr id (a long tape repeats a few thousand of them). */
function cached(
  map: Map<string, string | undefined>,
  fn: (c: string) => string | undefined,
  corr: string | undefined,
) {
  if (corr === undefined) return undefined;
  if (!map.has(corr)) map.set(corr, fn(corr));
  return map.get(corr);
}

function keep(e: Entry, f: Filters): boolean {
  // A trial's corr id also shows its verification calls.
  if (f.corr !== '' && e.corr !== f.corr && e.corr !== verifyCorrId(f.corr)) return false;
  if (f.phase !== '' && cached(phaseCache, phaseOf, e.corr) !== f.phase) return false;
  if (f.task !== '' && cached(taskCache, taskOf, e.corr) !== f.task) return false;
  if (f.errorsOnly && !e.error && !e.pending) return false;
  return true;
}

export const NO_CORR = '(no corr id)';

/**
 * The rows to show: entries that pass the filters, either in plain time order or grouped by corr
 * id (groups ordered by their first entry's time, entries in time order within a group).
 */
export function buildRows(entries: readonly Entry[], f: Filters): Row[] {
  if (f.grouping === 'time') {
    const rows: Row[] = [];
    entries.forEach((e, i) => {
      if (keep(e, f)) push(rows, entries, i, f);
    });
    return rows;
  }
  const groups = new Map<string, number[]>();
  entries.forEach((e, i) => {
    if (!keep(e, f)) return;
    const key = e.corr ?? NO_CORR;
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  });
  const rows: Row[] = [];
  for (const [group, list] of groups) {
    let errors = 0;
    let pending = 0;
    for (const i of list) {
      const e = entries[i];
      if (e?.error) errors += 1;
      if (e?.pending) pending += 1;
    }
    rows.push({ group, count: list.length, errors, pending });
    for (const i of list) push(rows, entries, i, f);
  }
  return rows;
}

/** Adds entry `i`, folding a session event into the fold row just before it (or a new one). */
function push(rows: Row[], entries: readonly Entry[], i: number, f: Filters): void {
  const e = entries[i];
  if (f.unfold === true || e === undefined || !isSessionEvent(e)) {
    rows.push({ entry: i });
    return;
  }
  const last = rows[rows.length - 1];
  if (last !== undefined && 'fold' in last) last.count += 1;
  else rows.push({ fold: i, count: 1 });
}

/** Distinct phases and tasks, for the filter menus. */
export function facets(entries: readonly Entry[]): { phases: string[]; tasks: string[] } {
  const phases = new Set<string>();
  const tasks = new Set<string>();
  for (const e of entries) {
    const p = cached(phaseCache, phaseOf, e.corr);
    const t = cached(taskCache, taskOf, e.corr);
    if (p !== undefined) phases.add(p);
    if (t !== undefined) tasks.add(t);
  }
  return { phases: [...phases].sort(), tasks: [...tasks].sort() };
}
