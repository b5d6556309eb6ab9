/**
 * A small seeded random generator (sfc32, 128-bit state) with the draws the demo data needs. The demo must be
 * reproducible for a seed, so nothing in the generator may call Math.random.
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(...seeds: number[]) {
    // splitmix32 spreads the seed words over the four state words, so nearby seeds give unrelated streams.
    let h = 0x9e3779b9;
    for (const seed of seeds) h = mix32(h ^ Math.imul(seed | 0, 0x85ebca6b) ^ Math.floor(seed / 2 ** 32));
    this.a = mix32(h + 0x6a09e667);
    this.b = mix32(h + 0xbb67ae85);
    this.c = mix32(h + 0x3c6ef372);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A standard normal draw (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Hex digits for identifiers that should look random but stay reproducible. */
  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 4294967296)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length);
  }
}

function mix32(value: number): number {
  let z = (value + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Draws an index with probability proportional to its weight in O(log n), from a cumulative table built once.
 */
export class WeightedTable {
  private readonly cumulative: Float64Array;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((weight, i) => {
      sum += Math.max(0, weight);
      this.cumulative[i] = sum;
    });
    if (sum <= 0) throw new Error('weighted table needs a positive weight');
    for (let i = 0; i < this.cumulative.length; i++)
      this.cumulative[i] = (this.cumulative[i] as number) / sum;
  }

  draw(prng: Prng): number {
    const u = prng.next();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] as number) > u) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
