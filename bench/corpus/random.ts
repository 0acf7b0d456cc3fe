/**
 * A small seeded pseudo-random generator (sfc32 seeded through cyrb128), so a corpus is the same
 * byte for byte for the same seed on every machine and Node version. `Math.random` is never used.
 */

/** Deterministic random source; every helper draws from `next()`. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** Picks by weight: `weighted([['js', 3], ['json', 1]])`. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  /**
   * An independent stream derived from this seed and a label. Each page gets its own stream, so
   * changing how one page is written never reshuffles the others.
   */
  fork(label: string | number): Random;
}

/** Creates a generator from a number or string seed. */
export function createRandom(seed: number | string): Random {
  const seedText = String(seed);
  let [a, b, c, d] = cyrb128(seedText);
  const next = () => {
    // sfc32 (Chris Doty-Humphrey's Small Fast Chaotic PRNG), 32-bit state words.
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 are poorly mixed; discard a few.
  for (let i = 0; i < 15; i++) next();
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    weighted(entries) {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of entries) {
        r -= w;
        if (r < 0) return value;
      }
      return entries[entries.length - 1][0];
    },
    fork: (label) => createRandom(`${seedText}/${label}`),
  };
  return random;
}

/** cyrb128: hashes a string into four 32-bit words (a PRNG seed). */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044559);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044559);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
