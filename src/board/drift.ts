import type { RunRecord } from '../record/run.js';
import { serverVersionOf } from '../record/server-version.js';

/** How one attempt of a server differs from the others: what the board says on its row. */
export interface Drift {
  field: 'version' | 'package' | 'surface';
  /** This row's value ("not recorded" when absent). */
  value: string;
  /** Other attempts with a different value, by attempt number. */
  others: { attempt: number; runId: string; value: string }[];
}

const NOT_RECORDED = 'not recorded';

function values(record: RunRecord): Record<Drift['field'], string | undefined> {
  const v = serverVersionOf(record);
  const pkg = v.package;
  return {
    version: v.reported,
    package: pkg ? `${pkg.name}@${pkg.version ?? 'unpinned'}` : undefined,
    surface: v.surfaceDigest,
  };
}

/**
 * Drift between the attempts of one server (pure): for each field that two attempts both recorded
 * with different values, the row names the attempts that differ. A field only one attempt recorded
 * is not drift (nothing to compare it with).
 */
export function driftOf(record: RunRecord, attempts: readonly RunRecord[]): Drift[] {
  const mine = values(record);
  const out: Drift[] = [];
  for (const field of ['version', 'package', 'surface'] as const) {
    const value = mine[field];
    if (value === undefined) continue;
    const others = attempts.flatMap((r, i) => {
      const theirs = values(r)[field];
      return r === record || theirs === undefined || theirs === value
        ? []
        : [{ attempt: i + 1, runId: r.runId, value: theirs }];
    });
    if (others.length > 0) out.push({ field, value: value ?? NOT_RECORDED, others });
  }
  return out;
}
