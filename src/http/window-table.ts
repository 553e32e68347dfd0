/**
 * The windows of one rate limiter (src/http/rate-limit.ts) in typed arrays: a ring of slots in
 * start order (key, end, count) and an open-addressing hash table from key to slot. A slot is
 * 20 bytes and a table entry 8, against ~120 bytes for a `Map` entry with three array slots: with
 * 100,000 addresses behind a proxy the windows were the largest live share of the heap, and the
 * garbage collector lets the heap grow to about twice what is live before it collects in full
 * (issue 37). Both shrink again once most windows have ended.
 *
 * A slot is named by its sequence number (absolute, counted from the first slot ever started);
 * the table holds it modulo 2³⁰, which is unambiguous while fewer than 2³⁰ slots are queued.
 */
const SEQ_MASK = 0x3fffffff;
const MIN_RING = 16;
const MIN_TABLE = 32;

/**
 * What a slot keeps of its key: an IPv4 address in its usual form (what `limiterKey` writes for
 * an IPv4 client) as its 32-bit number, the daily ranking's `<YYYY-MM-DD> <IPv4>` (its cap per
 * address and day, src/play/service.ts) as day × 2³² + address (the days counted from
 * 1970-01-01, so never below 2³² from its second day on: no IPv4 number), anything else as the
 * string. A number is no object on the heap; a string key per window was 100,000 live strings
 * behind one proxy (~5 MiB that the garbage collector's heap then grew in proportion to, issue
 * 37). Only canonical forms (no leading zeros, a date that exists) are packed, so no two
 * different keys share a number.
 */
type Stored = string | number;

const DOT = 46;
const ZERO = 48;
const DASH = 45;
const SPACE = 32;
const TWO_32 = 4294967296;

/** The IPv4 address of `key` from `from` on, in its usual form, as a number; -1 when it is none. */
function ipv4At(key: string, from: number): number {
  const length = key.length;
  if (length - from < 7 || length - from > 15) return -1;
  let value = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let i = from; i <= length; i++) {
    const c = i < length ? key.charCodeAt(i) : DOT;
    if (c === DOT) {
      if (digits === 0 || part > 255) return -1;
      value = value * 256 + part;
      parts++;
      part = 0;
      digits = 0;
      continue;
    }
    const digit = c - ZERO;
    if (digit < 0 || digit > 9 || (digits === 1 && part === 0)) return -1;
    part = part * 10 + digit;
    digits++;
  }
  return parts === 4 ? value : -1;
}

/** `count` decimal digits of `key` from `from` on as a number; -1 when one is not a digit. */
function digitsAt(key: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = key.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Days from 1970-01-01 to the `YYYY-MM-DD` at the start of `key`, when that date exists; else -1. */
function dayAt(key: string): number {
  if (key.charCodeAt(4) !== DASH || key.charCodeAt(7) !== DASH) return -1;
  const year = digitsAt(key, 0, 4);
  const month = digitsAt(key, 5, 2);
  const day = digitsAt(key, 8, 2);
  if (year < 1970 || month < 1 || month > 12 || day < 1) return -1;
  const first = Date.UTC(year, month - 1, 1) / 86_400_000;
  const next = Date.UTC(year, month, 1) / 86_400_000;
  return day <= next - first ? first + day - 1 : -1;
}

function packedKey(key: string): Stored {
  const address = ipv4At(key, 0);
  if (address >= 0) return address;
  // The daily ranking's key: a day and an IPv4 address.
  if (key.length < 18 || key.charCodeAt(10) !== SPACE) return key;
  const dayAddress = ipv4At(key, 11);
  const day = dayAddress < 0 ? -1 : dayAt(key);
  return day > 0 ? day * TWO_32 + dayAddress : key;
}

/** 32-bit FNV-1a with a per-process seed and a final mix: keys are chosen by clients. */
function hashOf(key: Stored, seed: number): number {
  let h = seed;
  if (typeof key === 'number') {
    h = Math.imul(h ^ key, 16777619); // the low 32 bits (the address)
    if (key >= TWO_32) h = Math.imul(h ^ Math.floor(key / TWO_32), 16777619); // the day
  } else for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  return h ^ (h >>> 15);
}

export function createWindowTable() {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0]! | 0;
  let ringMask = MIN_RING - 1;
  let keys: (Stored | undefined)[] = new Array(MIN_RING);
  let ends = new Float64Array(MIN_RING);
  let counts = new Uint32Array(MIN_RING);
  /** Sequence numbers: the oldest queued slot and the next one to start. */
  let head = 0;
  let tail = 0;
  let tableMask = MIN_TABLE - 1;
  /** (sequence number modulo 2³⁰) + 1 of each entry's slot; 0 = empty. */
  let tags = new Int32Array(MIN_TABLE);
  let hashes = new Int32Array(MIN_TABLE);
  let size = 0;
  // The last key packed: a request looks its key up and then often starts it (one parse).
  let lastText = '';
  let lastKey: Stored = '';
  const pack = (text: string) => {
    if (text !== lastText) {
      lastText = text;
      lastKey = packedKey(text);
    }
    return lastKey;
  };

  const seqOfTag = (tag: number) =>
    head + ((((tag - 1) & SEQ_MASK) - (head & SEQ_MASK) + SEQ_MASK + 1) % (SEQ_MASK + 1));

  /** The table position of `key`, or -1. */
  const positionOf = (key: Stored, hash: number) => {
    for (let i = hash & tableMask; ; i = (i + 1) & tableMask) {
      const tag = tags[i]!;
      if (tag === 0) return -1;
      if (hashes[i] === hash && keys[(tag - 1) & ringMask] === key) return i;
    }
  };

  const insert = (hash: number, tag: number) => {
    let i = hash & tableMask;
    while (tags[i] !== 0) i = (i + 1) & tableMask;
    tags[i] = tag;
    hashes[i] = hash;
  };

  const resizeTable = (capacity: number) => {
    const [oldTags, oldHashes] = [tags, hashes];
    tags = new Int32Array(capacity);
    hashes = new Int32Array(capacity);
    tableMask = capacity - 1;
    for (let i = 0; i < oldTags.length; i++) if (oldTags[i] !== 0) insert(oldHashes[i]!, oldTags[i]!);
  };

  /** Empties table position `i`, moving later entries of its probe run back (no tombstones). */
  const removeAt = (position: number) => {
    let i = position;
    for (let j = (i + 1) & tableMask; tags[j] !== 0; j = (j + 1) & tableMask) {
      const home = hashes[j]! & tableMask;
      const staysPut = i <= j ? i < home && home <= j : i < home || home <= j;
      if (staysPut) continue;
      tags[i] = tags[j]!;
      hashes[i] = hashes[j]!;
      i = j;
    }
    tags[i] = 0;
    size--;
  };

  const resizeRing = (capacity: number) => {
    const mask = capacity - 1;
    const [oldKeys, oldEnds, oldCounts] = [keys, ends, counts];
    keys = new Array(capacity);
    ends = new Float64Array(capacity);
    counts = new Uint32Array(capacity);
    for (let seq = head; seq < tail; seq++) {
      keys[seq & mask] = oldKeys[seq & ringMask];
      ends[seq & mask] = oldEnds[seq & ringMask]!;
      counts[seq & mask] = oldCounts[seq & ringMask]!;
    }
    ringMask = mask;
  };

  return {
    /** The sequence number of the key's newest slot, or -1. */
    find(text: string): number {
      const key = pack(text);
      const position = positionOf(key, hashOf(key, seed));
      return position < 0 ? -1 : seqOfTag(tags[position]!);
    },
    /** Starts a slot for `key` ending at `end` (replacing any slot the key had); its sequence number. */
    start(text: string, end: number): number {
      const key = pack(text);
      const hash = hashOf(key, seed);
      const position = positionOf(key, hash);
      if (position >= 0) removeAt(position);
      if (tail - head > ringMask) resizeRing((ringMask + 1) * 2);
      if ((size + 1) * 2 > tableMask + 1) resizeTable((tableMask + 1) * 2);
      const seq = tail++;
      keys[seq & ringMask] = key;
      ends[seq & ringMask] = end;
      counts[seq & ringMask] = 0;
      insert(hash, (seq & SEQ_MASK) + 1);
      size++;
      return seq;
    },
    /** Forgets the key (its slot stays queued, stale, until it reaches the head). */
    forget(text: string): void {
      const key = pack(text);
      const position = positionOf(key, hashOf(key, seed));
      if (position >= 0) removeAt(position);
    },
    /** Whether a slot is queued. */
    queued: () => tail > head,
    /** The end of the oldest queued slot. */
    headEnd: () => ends[head & ringMask]!,
    /** Drops the oldest queued slot, and its key's entry when that slot is still the key's. */
    dropHead(): void {
      const key = keys[head & ringMask]!;
      const hash = hashOf(key, seed);
      const position = positionOf(key, hash);
      if (position >= 0 && seqOfTag(tags[position]!) === head) removeAt(position);
      keys[head & ringMask] = undefined;
      head++;
    },
    /** Gives memory back once most windows have ended (after a burst of addresses). */
    shrink(): void {
      let ring = ringMask + 1;
      while (ring > MIN_RING && (tail - head) * 4 < ring) ring /= 2;
      if (ring !== ringMask + 1) resizeRing(ring);
      let table = tableMask + 1;
      while (table > MIN_TABLE && size * 8 < table) table /= 2;
      if (table !== tableMask + 1) resizeTable(table);
    },
    end: (seq: number) => ends[seq & ringMask]!,
    count: (seq: number) => counts[seq & ringMask]!,
    setCount(seq: number, count: number): void {
      counts[seq & ringMask] = count;
    },
    /** Keys with a slot. */
    size: () => size,
    clear(): void {
      for (let seq = head; seq < tail; seq++) keys[seq & ringMask] = undefined;
      head = tail;
      tags.fill(0);
      size = 0;
    },
  };
}
