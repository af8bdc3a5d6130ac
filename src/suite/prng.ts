/**
 * Seeded randomness for the suite. mulberry32 (Tommy Ettinger's 32-bit generator): tiny, fast,
 * passes gjrand/PractRand at the sizes we use, and trivially re-implementable by anyone checking
 * a published suite order. Not cryptographic, and it does not need to be.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A 32-bit seed from the run seed and a label (FNV-1a over "<seed>:<label>"), so independent
 * choices (registration order, one tool's fake arguments) draw from independent streams and
 * adding one choice never shifts another.
 */
export function deriveSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(`${seed}:${label}`)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Fisher-Yates with the given generator; returns a new array. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    // Left as casts: i and j are in range (T itself may include undefined).
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
