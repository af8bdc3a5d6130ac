import { asObject, type Entry, type Json, type JsonObject, str } from './tape.js';

const PLANE_ORDER: Readonly<Record<string, number>> = { wire: 0, agent: 1, judge: 2 };

/** Merges the planes into one timeline by observed time (ties keep plane, then line order). */
export function mergePlanes(planes: readonly (readonly Entry[])[]): Entry[] {
  const all = planes.flat();
  all.sort(
    (a, b) =>
      a.ms - b.ms ||
      (PLANE_ORDER[a.plane] ?? 9) - (PLANE_ORDER[b.plane] ?? 9) ||
      (a.plane < b.plane ? -1 : a.plane > b.plane ? 1 : 0) ||
      a.line - b.line,
  );
  linkPairs(all);
  return all;
}

/**
 * Links each request to the first later response with the same id in the same plane and session;
 * requests that share an id queue in order. Unanswered requests stay pending. Agent-plane
 * tool_use blocks link to the tool_result that names them.
 */
export function linkPairs(entries: Entry[]): void {
  const open = new Map<string, number[]>();
  entries.forEach((e, i) => {
    if (e.rpcId === undefined) return;
    const key = `${e.plane}|${e.session ?? ''}|${e.rpcId}`;
    if (e.kind === 'request') {
      e.pending = true;
      const queue = open.get(key) ?? [];
      queue.push(i);
      open.set(key, queue);
    } else if (e.kind === 'response') {
      const j = open.get(key)?.shift();
      if (j === undefined) return;
      const request = entries[j];
      if (!request) return;
      request.pending = false;
      request.pair = i;
      e.pair = j;
      if (e.tool === undefined && request.tool !== undefined) e.tool = request.tool;
    }
  });
  linkToolUses(entries);
}

function blocksOf(e: Entry): JsonObject[] {
  try {
    const blocks = asObject(JSON.parse(e.text) as Json)?.blocks;
    if (!Array.isArray(blocks)) return [];
    return blocks.flatMap((b) => {
      const o = asObject(b);
      return o ? [o] : [];
    });
  } catch {
    return [];
  }
}

function linkToolUses(entries: Entry[]): void {
  const uses = new Map<string, number>();
  entries.forEach((e, i) => {
    if (e.kind !== 'turn' || !e.text.includes('tool_')) return;
    for (const b of blocksOf(e)) {
      if (b.type === 'tool_use') {
        const id = str(b.id);
        if (id !== undefined) uses.set(`${e.plane}|${id}`, i);
        const name = str(b.name);
        if (name !== undefined && e.tool === undefined) e.tool = name;
      } else if (b.type === 'tool_result') {
        const j = uses.get(`${e.plane}|${str(b.tool_use_id) ?? ''}`);
        const use = j === undefined ? undefined : entries[j];
        if (j !== undefined && use && use.pair === undefined && e.pair === undefined) {
          use.pair = i;
          e.pair = j;
        }
      }
    }
  });
}

/** Harness stages that tag their lines with a corr id of their own (not a task). */
const STAGES = new Set(['connect', 'surface', 'generate', 'admit', 'register', 'prereg']);

function isTaskCorr(corr: string): boolean {
  return !STAGES.has(corr) && !corr.startsWith('probe:');
}

/**
 * `<taskId>::<phase>#<rep>` → phase; a task corr id with no phase is a drive trial; probe and
 * harness-stage corr ids (`probe:<id>`, `generate`, …) are their own phases.
 */
export function phaseOf(corr: string | undefined): string | undefined {
  if (corr === undefined) return undefined;
  const at = corr.indexOf('::');
  if (at === -1) {
    if (corr.startsWith('probe:')) return 'probes';
    return STAGES.has(corr) ? corr : 'drive';
  }
  const rest = corr.slice(at + 2);
  const hash = rest.indexOf('#');
  return hash === -1 ? rest : rest.slice(0, hash);
}

export function taskOf(corr: string | undefined): string | undefined {
  if (corr === undefined || !isTaskCorr(corr)) return undefined;
  const cut = [corr.indexOf('::'), corr.indexOf('#')].filter((i) => i >= 0);
  return cut.length === 0 ? corr : corr.slice(0, Math.min(...cut));
}

export interface Filters {
  phase: string;
  task: string;
  errorsOnly: boolean;
  corr: string;
  grouping: 'corr' | 'time';
}

/** A display row: an entry (by index) or a corr-group header. */
export type Row = { entry: number } | { group: string; count: number; errors: number; pending: number };

function keep(e: Entry, f: Filters): boolean {
  if (f.corr !== '' && e.corr !== f.corr) return false;
  if (f.phase !== '' && phaseOf(e.corr) !== f.phase) return false;
  if (f.task !== '' && taskOf(e.corr) !== f.task) return false;
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
      if (keep(e, f)) rows.push({ entry: i });
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
    for (const i of list) rows.push({ entry: i });
  }
  return rows;
}

/** Distinct phases and tasks, for the filter menus. */
export function facets(entries: readonly Entry[]): { phases: string[]; tasks: string[] } {
  const phases = new Set<string>();
  const tasks = new Set<string>();
  for (const e of entries) {
    const p = phaseOf(e.corr);
    const t = taskOf(e.corr);
    if (p !== undefined) phases.add(p);
    if (t !== undefined) tasks.add(t);
  }
  return { phases: [...phases].sort(), tasks: [...tasks].sort() };
}
