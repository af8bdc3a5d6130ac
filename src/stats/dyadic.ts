/**
 * Exact arithmetic on dyadic rationals (a / 2^m), the numbers a double can hold. Used to compute a
 * binomial CDF exactly and round it once, so results for probabilities such as 0.5 or 0.25 are the
 * correctly rounded doubles rather than approximations.
 */

export interface Dyadic {
  /** Odd numerator (or 0). */
  numerator: bigint;
  /** Denominator exponent: value = numerator / 2^exponent. */
  exponent: number;
}

/** Exact dyadic form of a finite double in [0, 1]. */
export function toDyadic(value: number): Dyadic {
  let scaled = value;
  let exponent = 0;
  // Doubling is exact, and a double in [0, 1] becomes an integer after at most 1074 doublings.
  while (!Number.isInteger(scaled)) {
    scaled *= 2;
    exponent += 1;
  }
  return { numerator: BigInt(scaled), exponent };
}

export function bitLength(value: bigint): number {
  if (value === 0n) return 0;
  const hex = value.toString(16);
  const lead = Number.parseInt(hex[0] ?? '0', 16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(lead));
}

const scratch = new DataView(new ArrayBuffer(8));

/** 2^e as a double, exactly, for e in [-1074, 1023]. */
export function pow2(e: number): number {
  if (e < -1074 || e > 1023 || !Number.isInteger(e)) throw new RangeError(`pow2 exponent out of range: ${e}`);
  if (e >= -1022) scratch.setBigUint64(0, BigInt(e + 1023) << 52n);
  else scratch.setBigUint64(0, 1n << BigInt(e + 1074));
  return scratch.getFloat64(0);
}

/**
 * numerator / 2^exponent rounded once to the nearest double (ties to even), for a non-negative
 * numerator. Subnormal results are rounded at their own precision, not twice.
 */
export function dyadicToNumber(numerator: bigint, exponent: number): number {
  if (numerator < 0n) throw new RangeError('dyadicToNumber needs a non-negative numerator');
  if (numerator === 0n) return 0;
  const length = bitLength(numerator);
  // Keep 53 significant bits, or fewer where the result is subnormal (its ulp is 2^-1074).
  const drop = Math.max(length - 53, exponent - 1074, 0);
  let kept = numerator >> BigInt(drop);
  if (drop > 0) {
    const remainder = numerator - (kept << BigInt(drop));
    const half = 1n << BigInt(drop - 1);
    if (remainder > half || (remainder === half && (kept & 1n) === 1n)) kept += 1n;
  }
  const scale = drop - exponent;
  if (scale < -1074) return 0;
  if (scale > 1023) return Number.POSITIVE_INFINITY;
  // kept <= 2^53 is an exact double and the product is representable by construction, so exact.
  return Number(kept) * pow2(scale);
}
