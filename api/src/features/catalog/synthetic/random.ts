// A small seeded PRNG. Every generated entity gets its own stream derived from (seed, kind, index),
// so a row's content never depends on chunk size, on what was generated before, or on a top-up run.

/** Mixes 32-bit integers into one (murmur3-style finaliser): stream seeds that are far apart. */
function mix(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    h = Math.imul(h ^ (v >>> 0), 0x85ebca6b);
    h = (h << 13) | (h >>> 19);
    h = Math.imul(h, 0xc2b2ae35) ^ 0x27d4eb2f;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
};

/** mulberry32: fast, good enough for test data, and identical on every platform. */
export function createRandom(seed: number, ...stream: number[]): Random {
  let state = mix(seed, ...stream);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

/** Stream kinds, so a book and a user with the same index do not share numbers. */
export const STREAM = { book: 1, author: 2, similar: 3, user: 4 } as const;
