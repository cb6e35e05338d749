/**
 * A small, seeded pseudo-random number generator for deterministic tie-breaking.
 *
 * `createRng('family-1:2026-11-29')` always yields the same sequence, on every platform, so a plan can be
 * reproduced from its seed. The string seed is hashed with cyrb53 (bryc, public domain) and the hash seeds
 * mulberry32 (Tommy Ettinger, public domain): 32-bit state, period 2^32, plenty for tie-breaks. Not for
 * anything security related.
 */

/** cyrb53: a fast 53-bit string hash (an integer in [0, 2^53)). */
export function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** mulberry32: returns a generator of floats in [0, 1) from a 32-bit state. */
export function mulberry32(state: number): () => number {
  let a = state | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n) (0 when n <= 0). */
  int(n: number): number;
  /** A shuffled copy (Fisher–Yates); the input is not modified. */
  shuffle<T>(items: readonly T[]): T[];
}

/** A seeded generator: the same string seed always gives the same sequence. */
export function createRng(seed: string): Rng {
  const h = cyrb53(seed);
  // Fold the upper 21 bits of the 53-bit hash into the 32-bit state.
  const next = mulberry32((h ^ Math.floor(h / 4294967296)) >>> 0);
  const int = (n: number) => (n > 0 ? Math.floor(next() * n) : 0);
  return {
    next,
    int,
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}
