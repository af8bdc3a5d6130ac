import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DominanceInput, dominancePositions } from './dominance.js';
import { StatsInputError } from './errors.js';

const row = (id: string, lower: number, point: number, upper: number): DominanceInput => ({
  id,
  lower,
  point,
  upper,
});

describe('dominancePositions', () => {
  it('shares position 1 when nothing separates any row', () => {
    const result = dominancePositions([
      row('a', 0.5, 0.7, 0.9),
      row('b', 0.4, 0.6, 0.8),
      row('c', 0.45, 0.65, 0.85),
    ]);
    expect(result.map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(result.every((r) => r.position === 1 && r.tied && r.overlapsAbove.length === 0)).toBe(true);
  });

  it('places a row lower only under an interval entirely above it, and names overlaps across positions', () => {
    const result = dominancePositions([
      row('top', 0.8, 0.85, 0.9),
      row('wide', 0.55, 0.7, 0.85),
      row('low', 0.5, 0.55, 0.6),
    ]);
    expect(result).toEqual([
      { id: 'top', position: 1, tied: true, overlapsAbove: [] },
      { id: 'wide', position: 1, tied: true, overlapsAbove: [] },
      // 'top' lies entirely above 'low'; 'wide' does not, and 'low' says it still overlaps it.
      { id: 'low', position: 2, tied: false, overlapsAbove: ['wide'] },
    ]);
  });

  it('touching intervals do not separate', () => {
    const result = dominancePositions([row('a', 0.6, 0.7, 0.8), row('b', 0.4, 0.5, 0.6)]);
    expect(result.map((r) => r.position)).toEqual([1, 1]);
  });

  it('orders equal points by id and handles no rows', () => {
    expect(dominancePositions([row('b', 0, 0.5, 1), row('a', 0, 0.5, 1)]).map((r) => r.id)).toEqual([
      'a',
      'b',
    ]);
    expect(dominancePositions([])).toEqual([]);
    expect(dominancePositions([row('solo', 0.1, 0.2, 0.3)])).toEqual([
      { id: 'solo', position: 1, tied: false, overlapsAbove: [] },
    ]);
  });

  const rows = fc
    .array(
      fc.tuple(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
      ),
      { maxLength: 12 },
    )
    .map((triples) =>
      triples.map(([a, b, c], i) => {
        const [lower, point, upper] = [a, b, c].sort((x, y) => x - y) as [number, number, number];
        return row(`r${i}`, lower, point, upper);
      }),
    );

  it('keeps the dominance invariants (fast-check)', () => {
    fc.assert(
      fc.property(rows, (input) => {
        const result = dominancePositions(input);
        const byId = new Map(input.map((r) => [r.id, r]));
        const pos = new Map(result.map((r) => [r.id, r]));
        expect(result.length).toBe(input.length);
        // Listed by point, descending.
        for (let i = 1; i < result.length; i++) {
          const prev = byId.get(result[i - 1]?.id ?? '');
          const cur = byId.get(result[i]?.id ?? '');
          expect((prev?.point ?? 0) >= (cur?.point ?? 0)).toBe(true);
        }
        for (const a of input) {
          const pa = pos.get(a.id);
          const above = input.filter((b) => b.lower > a.upper);
          // Position counts exactly the rows lying entirely above.
          expect(pa?.position).toBe(1 + above.length);
          expect(pa?.tied).toBe(result.some((r) => r.id !== a.id && r.position === pa?.position));
          for (const b of input) {
            if (b.id === a.id) continue;
            const pb = pos.get(b.id);
            const bAboveA = b.lower > a.upper;
            const overlap = b.lower <= a.upper && a.lower <= b.upper;
            if (bAboveA) expect((pb?.position ?? 0) < (pa?.position ?? 0)).toBe(true);
            // Placed below a row that is not entirely above it: only while overlapping it, and it says so.
            if ((pb?.position ?? 0) < (pa?.position ?? 0) && !bAboveA) {
              expect(overlap).toBe(true);
              expect(pa?.overlapsAbove).toContain(b.id);
            }
            expect(pa?.overlapsAbove.includes(b.id)).toBe(
              (pb?.position ?? 0) < (pa?.position ?? 0) && overlap,
            );
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    [
      [row('a', 0.5, 0.4, 0.6)],
      'rows[0] must satisfy lower <= point <= upper; got lower=0.5, point=0.4, upper=0.6 (id "a")',
    ],
    [[row('a', 0, 0.5, 1), row('a', 0, 0.5, 1)], 'rows[1].id must be unique; got rows[1].id="a" twice'],
    [[row('', 0, 0.5, 1)], 'rows[0].id must be a non-empty string; got rows[0].id=""'],
    [[row('a', Number.NaN, 0.5, 1)], 'rows[0].lower must be a finite number; got rows[0].lower=NaN'],
    [
      [row('a', 0, 0.5, Number.POSITIVE_INFINITY)],
      'rows[0].upper must be a finite number; got rows[0].upper=Infinity',
    ],
  ])('rejects %o', (input, message) => {
    expect(() => dominancePositions(input)).toThrow(StatsInputError);
    expect(() => dominancePositions(input)).toThrow(message);
  });
});
