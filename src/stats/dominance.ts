import { describeValue, requireFinite, StatsInputError } from './errors.js';

export interface DominanceInput {
  id: string;
  point: number;
  lower: number;
  upper: number;
}

export interface DominancePosition {
  id: string;
  /** 1 + the number of rows whose interval lies entirely above this row's. */
  position: number;
  /** Another row holds the same position. */
  tied: boolean;
  /** Rows at a better position whose interval still overlaps this row's (listing order). */
  overlapsAbove: string[];
}

function validateRows(rows: readonly DominanceInput[]): void {
  if (!Array.isArray(rows)) {
    throw new StatsInputError(`rows must be an array; got rows=${describeValue(rows)}`, { argument: 'rows' });
  }
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const name = `rows[${index}]`;
    if (typeof row?.id !== 'string' || row.id.length === 0) {
      throw new StatsInputError(
        `${name}.id must be a non-empty string; got ${name}.id=${describeValue(row?.id)}`,
        {
          argument: `${name}.id`,
        },
      );
    }
    if (seen.has(row.id)) {
      throw new StatsInputError(`${name}.id must be unique; got ${name}.id=${JSON.stringify(row.id)} twice`, {
        argument: `${name}.id`,
        value: row.id,
      });
    }
    seen.add(row.id);
    const lower = requireFinite(`${name}.lower`, row.lower);
    const point = requireFinite(`${name}.point`, row.point);
    const upper = requireFinite(`${name}.upper`, row.upper);
    if (!(lower <= point && point <= upper)) {
      throw new StatsInputError(
        `${name} must satisfy lower <= point <= upper; got lower=${lower}, point=${point}, upper=${upper} (id ${JSON.stringify(row.id)})`,
        { argument: name, value: { lower, point, upper } },
      );
    }
  });
}

/** `above` lies entirely above `row`: their intervals do not even touch. */
function liesAbove(above: DominanceInput, row: DominanceInput): boolean {
  return above.lower > row.upper;
}

function overlaps(a: DominanceInput, b: DominanceInput): boolean {
  return a.lower <= b.upper && b.lower <= a.upper;
}

function byPoint(a: DominanceInput, b: DominanceInput): number {
  if (a.point !== b.point) return b.point - a.point;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Board positions by interval dominance. Rows are listed by point estimate, but a row only takes a
 * lower position when another row's interval lies entirely above it, so rows nothing separates
 * share a position and a lower row that still overlaps a better-placed one says so.
 */
export function dominancePositions(rows: readonly DominanceInput[]): DominancePosition[] {
  validateRows(rows);
  const ordered = [...rows].sort(byPoint);
  const positions = new Map<string, number>();
  for (const row of ordered) {
    positions.set(row.id, 1 + ordered.filter((other) => liesAbove(other, row)).length);
  }
  const at = (row: DominanceInput) => positions.get(row.id) ?? 1;
  return ordered.map((row) => ({
    id: row.id,
    position: at(row),
    tied: ordered.some((other) => other.id !== row.id && at(other) === at(row)),
    overlapsAbove: ordered
      .filter((other) => at(other) < at(row) && overlaps(other, row))
      .map((other) => other.id),
  }));
}
