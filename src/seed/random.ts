/**
 * A small seeded pseudo-random generator (mulberry32), so the demo data is the same on every
 * run and on every machine. Each area of the generator takes its own stream through `fork`,
 * so adding rows to one area does not shift the values drawn by another.
 */
export class Random {
  private state: number;

  constructor(
    /** The seed as text: forks derive theirs from it, which keeps them independent of draw order. */
    private readonly label: string,
  ) {
    this.state = hashString(label);
  }

  /** An independent stream for one area or one object: the same label always gives the same stream. */
  fork(label: string): Random {
    return new Random(`${this.label}/${label}`);
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  uint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max) rounded to `decimals` places. */
  float(min: number, max: number, decimals = 2): number {
    const factor = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * factor) / factor;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Random.pick: empty list");
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks a value with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /** `count` distinct items in random order (all of them when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  /** A version-4 UUID built from this stream: random-looking, valid, and reproducible. */
  uuid(): string {
    const bytes = this.bytes(16);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** A URL-safe token of `byteCount` random bytes (share tokens and the like). */
  token(byteCount: number): string {
    return Buffer.from(this.bytes(byteCount)).toString("base64url");
  }

  /** A string of `length` decimal digits. */
  digits(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += String(this.int(0, 9));
    return out;
  }

  private bytes(count: number): Uint8Array {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i += 4) {
      const word = this.uint32();
      for (let k = 0; k < 4 && i + k < count; k++) out[i + k] = (word >>> (8 * k)) & 0xff;
    }
    return out;
  }
}

/** FNV-1a followed by a murmur-style finaliser: spreads similar labels ("a/1", "a/2") far apart. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
