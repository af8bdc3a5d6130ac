import { z } from 'zod';
import { canonicalJson } from '../core/canonical.js';
import type { RunRecord } from '../record/run.js';

/**
 * The corpus's yield table (docs/corpus.md): for each server, how far the generator got, from the
 * tools it listed to the tasks it registered, and how the run ended. Principle: every number is
 * read from the run's own record and suite through their schemas; a number the record does not
 * carry is shown as absent (`—`), never guessed.
 */

/**
 * The corpus's splits (docs/corpus.md, "The split rule"), in the order their goal lines are printed:
 * the development two thirds, the held-out third drawn once, and the fresh batches added later, each
 * held out whole until the lead runs it once (`fresh` in the eighth session, `fresh2` in the ninth,
 * `fresh3` in the tenth, `fresh4` in the eleventh, `fresh5` in the twelfth, `fresh6` in the thirteenth,
 * `fresh7` in the fourteenth, `fresh8` in the fifteenth, `fresh9` in the sixteenth, `fresh10` in the
 * seventeenth, `fresh11` in the eighteenth).
 * The one list of them: the schema and the corpus script read it here.
 */
export const SPLITS = [
  'dev',
  'holdout',
  'fresh',
  'fresh2',
  'fresh3',
  'fresh4',
  'fresh5',
  'fresh6',
  'fresh7',
  'fresh8',
  'fresh9',
  'fresh10',
  'fresh11',
] as const;

/** What the corpus says of one server: its split and whether its answers hold readable data. */
export const CorpusServer = z.looseObject({
  split: z.enum(SPLITS),
  /** By-hand: the server answers with data a task could be read from (not only echoes of its input). */
  readableData: z.boolean().default(true),
});
export type CorpusServer = z.infer<typeof CorpusServer>;

export interface YieldRow {
  server: string;
  split: CorpusServer['split'];
  readableData: boolean;
  /** Set when no record could be read; the rest is then absent. */
  missing?: string;
  runId?: string;
  tools?: number;
  explorable?: number;
  candidates?: number;
  admitted?: number;
  registered?: number;
  outcome?: string;
  reason?: string;
  /** Share of registered tasks whose key is discriminating, when the record counts it. */
  discriminating?: number;
  /** The largest number of registered tasks sharing one answer key, and that key. */
  topKey?: { key: string; tasks: number };
}

/** A row from one run's record (and its suite when there is one): pure. */
export function yieldRow(
  server: string,
  corpus: CorpusServer,
  record: RunRecord,
  suite: { tasks: readonly { answerKey?: unknown }[] } | undefined,
): YieldRow {
  const ledger = record.exploration;
  const summary = record.suite;
  const basis = summary?.keyBasis;
  const registered = summary?.registered;
  return {
    server,
    split: corpus.split,
    readableData: corpus.readableData,
    runId: record.runId,
    tools: record.surface?.toolCount,
    explorable: ledger?.tools.filter((t) => t.explorable).length,
    candidates: summary?.candidates ?? ledger?.produced,
    admitted: summary ? summary.candidates - summary.rejected.total : undefined,
    registered,
    outcome: record.outcome,
    reason: record.refusal?.reason ?? record.void?.reason,
    // A record that counts key bases counts every registered task; a basis it lacks has none.
    discriminating: basis !== undefined && registered ? (basis.discriminating ?? 0) / registered : undefined,
    topKey: suite ? topKey(suite.tasks) : undefined,
  };
}

/** The answer key most registered tasks share (canonical JSON, so `1` and `"1"` stay apart). */
export function topKey(
  tasks: readonly { answerKey?: unknown }[],
): { key: string; tasks: number } | undefined {
  const counts = new Map<string, number>();
  for (const t of tasks) {
    const key = canonicalJson(t.answerKey);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: { key: string; tasks: number } | undefined;
  for (const [key, tasks] of counts) if (!best || tasks > best.tasks) best = { key, tasks };
  return best;
}

/** A row for a server whose run left no readable record. */
export function missingRow(server: string, corpus: CorpusServer, why: string): YieldRow {
  return { server, split: corpus.split, readableData: corpus.readableData, missing: why };
}

const dash = (v: number | string | undefined) => (v === undefined ? '—' : String(v));
const pct = (v: number | undefined) => (v === undefined ? '—' : `${Math.round(v * 100)}%`);

const COLUMNS = [
  'server',
  'split',
  'tools',
  'explorable',
  'candidates',
  'admitted',
  'registered',
  'outcome',
  'reason',
  'discriminating',
  'top key',
] as const;

function cells(r: YieldRow): string[] {
  const top =
    r.topKey && r.registered ? `${r.topKey.tasks}/${r.registered} ${r.topKey.key.slice(0, 24)}` : '—';
  return [
    r.server,
    r.split,
    dash(r.tools),
    dash(r.explorable),
    dash(r.candidates),
    dash(r.admitted),
    dash(r.registered),
    r.missing ? 'NO RECORD' : dash(r.outcome),
    r.missing ?? dash(r.reason),
    pct(r.discriminating),
    top,
  ];
}

/** The table as fixed-width text (pure). */
export function yieldTable(rows: readonly YieldRow[]): string {
  const body = [COLUMNS as readonly string[], ...rows.map(cells)];
  const widths = COLUMNS.map((_, i) => Math.max(...body.map((r) => (r[i] ?? '').length)));
  return body
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export interface Goals {
  /** Servers whose answers hold readable data, and how many of them were SCORED. */
  readable: number;
  scored: number;
  /** SCORED suites in which one key is shared by more than a quarter of the registered tasks. */
  concentrated: string[];
}

/** The issue's goal numbers over the rows (pure). */
export function goals(rows: readonly YieldRow[]): Goals {
  const readable = rows.filter((r) => r.readableData);
  const scored = readable.filter((r) => r.outcome === 'SCORED');
  const concentrated = rows
    .filter((r) => r.outcome === 'SCORED' && r.topKey && r.registered && r.topKey.tasks / r.registered > 0.25)
    .map((r) => r.server);
  return { readable: readable.length, scored: scored.length, concentrated };
}

/** The goal lines printed under the table (pure). */
export function goalLines(rows: readonly YieldRow[]): string[] {
  const g = goals(rows);
  const share = g.readable === 0 ? '—' : `${Math.round((g.scored / g.readable) * 100)}%`;
  return [
    `SCORED among servers whose answers hold readable data: ${g.scored} of ${g.readable} (${share}; goal at least 70%)`,
    `SCORED suites with one key over 25% of their tasks: ${g.concentrated.length}${g.concentrated.length ? ` (${g.concentrated.join(', ')})` : ''} (goal 0)`,
  ];
}

/**
 * The goal lines of each split the rows hold, in `SPLITS` order, each under a line naming the split
 * and its number of servers (pure): splits are measured apart (docs/corpus.md). When the rows hold
 * more than one split, the whole corpus's lines follow, the issue's goal being stated over all of it.
 */
export function splitGoalLines(rows: readonly YieldRow[]): string[] {
  const block = (name: string, mine: readonly YieldRow[]) => [
    `${name} (${mine.length}):`,
    ...goalLines(mine).map((line) => `  ${line}`),
  ];
  const splits = SPLITS.flatMap((split) => {
    const mine = rows.filter((r) => r.split === split);
    return mine.length === 0 ? [] : [block(split, mine)];
  });
  return [...splits.flat(), ...(splits.length > 1 ? block('every split', rows) : [])];
}
