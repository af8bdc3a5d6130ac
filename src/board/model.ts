import { decidingInterval, generatorChip, type RunRecord } from '../record/index.js';
import { type DominancePosition, dominancePositions } from '../stats/index.js';
import { type Drift, driftOf } from './drift.js';
import { serverOfRuns } from './servers.js';

/** A board group: rows that may be read against each other (same runner model AND generator). */
export interface BoardGroup {
  id: string;
  runner: string;
  generator: string;
  /**
   * One row per server: its latest attempt in this group. Scored rows first (in dominance listing
   * order), then refused and void rows.
   */
  rows: ServerRow[];
  /** Every run of the group, each with its own place among its server's attempts (its record page's). */
  runs: BoardRow[];
  scored: number;
  /** Every scored row shares one position, and there are at least two of them. */
  nothingSeparates: boolean;
}

export interface Sibling {
  runId: string;
  outcome: RunRecord['outcome'];
  groupId: string;
  attempt: number;
  /** What differs between attempts, said on the row: transport, credential, the target as run. */
  transport: RunRecord['identity']['target']['kind'];
  credential: string;
  target: string;
  /** Tools added, removed and changed against this row's run, when the credentials differ. */
  surfaceDiff?: SurfaceDiff;
}

/** The tool-surface difference between two runs of one server (by tool name and per-tool digest). */
export interface SurfaceDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

/** Tools `other` has that `mine` has not, the reverse, and those both list with a different digest. */
export function surfaceDiff(mine: RunRecord, other: RunRecord): SurfaceDiff | undefined {
  const a = mine.surface?.tools;
  const b = other.surface?.tools;
  if (a === undefined || b === undefined) return undefined;
  const ours = new Map(a.map((t) => [t.name, t.sha256]));
  const theirs = new Map(b.map((t) => [t.name, t.sha256]));
  return {
    added: [...theirs.keys()].filter((n) => !ours.has(n)).sort(byText),
    removed: [...ours.keys()].filter((n) => !theirs.has(n)).sort(byText),
    changed: [...ours]
      .filter(([n, d]) => theirs.has(n) && theirs.get(n) !== d)
      .map(([n]) => n)
      .sort(byText),
  };
}

export interface BoardRow {
  record: RunRecord;
  groupId: string;
  attempt: { index: number; of: number; siblings: Sibling[] };
  /** Dominance place among the group's scored rows. */
  place?: DominancePosition;
  /** Where this attempt's server version, package or surface differs from its other attempts. */
  drift?: Drift[];
}

/** One attempt of a server, as its board row lists it: the run, its number, and where it sits. */
export interface Attempt {
  record: RunRecord;
  /** 1 … of, oldest first, over every run of the server on the board. */
  index: number;
  groupId: string;
}

/**
 * One server on the board (src/board/servers.ts): the row is its latest attempt in the group (its
 * outcome, interval and place), and `attempts` lists every run of the server, this one included.
 */
export interface ServerRow extends BoardRow {
  attempts: Attempt[];
}

export function groupKey(record: RunRecord): { runner: string; generator: string } {
  return { runner: record.identity.runner, generator: generatorChip(record.identity.generator) };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function byStart(a: RunRecord, b: RunRecord): number {
  return byText(a.identity.startedAt, b.identity.startedAt) || byText(a.runId, b.runId);
}

/**
 * Positions come from the stored task-clustered bounds (plain Wilson on a record made before them). The record has no field for a board position
 * (it depends on which other rows share the group), so the board asks src/stats'
 * `dominancePositions` to order the stored intervals: this compares stored numbers, it does not
 * compute a statistic.
 */
function places(records: readonly RunRecord[]): DominancePosition[] {
  return dominancePositions(
    records.flatMap((r) =>
      r.score
        ? [
            {
              id: r.runId,
              point: decidingInterval(r.score.firstTry).point,
              lower: decidingInterval(r.score.firstTry).lower,
              upper: decidingInterval(r.score.firstTry).upper,
            },
          ]
        : [],
    ),
  );
}

/**
 * Groups, orders and links every record: one row per server and group (its latest attempt there),
 * every run of the server listed on that row as an attempt. Nothing is best-of: the row is the
 * latest attempt, whatever its outcome, and no run is left out.
 */
export function buildBoard(records: readonly RunRecord[]): BoardGroup[] {
  const keyed = new Map<string, RunRecord[]>();
  for (const record of records) {
    const { runner, generator } = groupKey(record);
    const key = JSON.stringify([runner, generator]);
    keyed.set(key, [...(keyed.get(key) ?? []), record]);
  }
  const keys = [...keyed.keys()].sort(byText);
  const groupOf = new Map<string, string>();
  keys.forEach((key, i) => {
    for (const r of keyed.get(key) ?? []) groupOf.set(r.runId, `group-${i + 1}`);
  });

  // "The same server": the roster entry that asked for the runs, or the name the server reported
  // (src/board/servers.ts), not the port, transport or data directory: all its runs are attempts here.
  const serverOf = serverOfRuns(records);
  const byServer = new Map<string, RunRecord[]>();
  for (const record of records) {
    const server = serverOf.get(record.runId) ?? record.runId;
    byServer.set(server, [...(byServer.get(server) ?? []), record]);
  }
  for (const list of byServer.values()) list.sort(byStart);
  const attemptsOf = (record: RunRecord) => byServer.get(serverOf.get(record.runId) ?? '') ?? [record];
  const driftFor = (record: RunRecord): Pick<BoardRow, 'drift'> => {
    const drift = driftOf(record, attemptsOf(record));
    return drift.length > 0 ? { drift } : {};
  };
  const attemptOf = (record: RunRecord): BoardRow['attempt'] => {
    const list = attemptsOf(record);
    return {
      index: list.indexOf(record) + 1,
      of: list.length,
      siblings: list
        .map((r, i) => ({ r, i }))
        .filter(({ r }) => r !== record)
        .map(({ r, i }) => {
          const diff =
            r.identity.credential === record.identity.credential ? undefined : surfaceDiff(record, r);
          return {
            runId: r.runId,
            outcome: r.outcome,
            groupId: groupOf.get(r.runId) ?? '',
            attempt: i + 1,
            transport: r.identity.target.kind,
            credential: r.identity.credential,
            target: r.identity.target.description,
            ...(diff ? { surfaceDiff: diff } : {}),
          };
        }),
    };
  };

  const rowOf = (record: RunRecord, id: string, place?: DominancePosition): BoardRow => ({
    record,
    groupId: id,
    attempt: attemptOf(record),
    ...(place ? { place } : {}),
    ...driftFor(record),
  });
  const serverRow = (row: BoardRow): ServerRow => ({
    ...row,
    attempts: attemptsOf(row.record).map((record, i) => ({
      record,
      index: i + 1,
      groupId: groupOf.get(record.runId) ?? '',
    })),
  });

  return keys.map((key, i) => {
    const members = keyed.get(key) ?? [];
    const first = members[0];
    const { runner, generator } = first ? groupKey(first) : { runner: '', generator: '' };
    const id = `group-${i + 1}`;
    // A server's row is its latest attempt in this group; only those rows are placed.
    const latest = new Map<string, RunRecord>();
    for (const r of [...members].sort(byStart)) latest.set(serverOf.get(r.runId) ?? r.runId, r);
    const shown = members.filter((r) => latest.get(serverOf.get(r.runId) ?? r.runId) === r);
    const ranked = places(shown);
    const byId = new Map(shown.map((r) => [r.runId, r]));
    const scoredRows = ranked.flatMap((place) => {
      const record = byId.get(place.id);
      return record ? [rowOf(record, id, place)] : [];
    });
    const others = shown
      .filter((r) => !r.score)
      .sort((a, b) => byText(a.identity.serverSlug, b.identity.serverSlug) || byStart(a, b))
      .map((record) => rowOf(record, id));
    const rows = [...scoredRows, ...others];
    const placed = new Map(rows.map((row) => [row.record.runId, row]));
    return {
      id,
      runner,
      generator,
      rows: rows.map(serverRow),
      runs: members.map((record) => placed.get(record.runId) ?? rowOf(record, id)),
      scored: scoredRows.length,
      nothingSeparates: ranked.length > 1 && ranked.every((p) => p.position === 1),
    };
  });
}
