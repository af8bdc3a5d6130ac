import { z } from 'zod';

/** A count of things: a non-negative safe integer. */
export const Count = z.int().min(0);
/** A positive count (sizes that must be at least one). */
export const PositiveCount = z.int().min(1);
/** A finite number in [0, 1]. */
export const Unit = z.number().min(0).max(1);
/** A rate threshold: finite, in (0, 1]. */
export const Threshold = z.number().gt(0).max(1);
/** A significance level or power target: finite, in (0, 1). */
export const OpenUnit = z.number().gt(0).lt(1);
/** A non-negative finite amount (dollars, milliseconds, tokens per task). */
export const Amount = z.number().min(0);
export const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lowercase hex chars');
export const IsoTime = z.iso.datetime();
export const NonEmpty = z.string().min(1);

/**
 * A field the record's producer did not write because it predates the field. It is read as "not
 * recorded" with the stated limitation, never filled with an assumed value.
 */
export const NotRecorded = z.looseObject({
  recorded: z.literal(false),
  limitation: NonEmpty,
});
export type NotRecorded = z.infer<typeof NotRecorded>;

export function notRecorded(limitation: string): NotRecorded {
  return { recorded: false, limitation };
}

export function isRecorded<T extends object>(value: T | NotRecorded): value is T {
  return !('recorded' in value && value.recorded === false);
}

/** A success count out of a trial count, k <= n. */
export const Counts = z
  .looseObject({ k: Count, n: Count })
  .refine((c) => c.k <= c.n, { message: 'k must not exceed n', path: ['k'] });
export type Counts = z.infer<typeof Counts>;

/** A Wilson score interval as stored (computed by src/stats, never here). */
export const StoredInterval = z
  .looseObject({
    point: Unit,
    lower: Unit,
    upper: Unit,
    confidence: OpenUnit,
    z: z.number().gt(0),
  })
  .refine((w) => w.lower <= w.point && w.point <= w.upper, {
    message: 'expected lower <= point <= upper',
    path: ['point'],
  });
export type StoredInterval = z.infer<typeof StoredInterval>;
