/**
 * Which lines and options the daily challenge asks on a day: a pure function of
 * (server secret, day number, catalogue), so every process on one database, and
 * every caller of a day, gets the same 30 questions (docs/decisions/021).
 *
 * Lines: the askable lines are put in an order keyed by the secret (HMAC of each
 * line id: not guessable from the catalogue alone), and day n takes the 30 lines
 * at positions [30n, 30n + 30) of that order, wrapping around. Consecutive days
 * take consecutive windows, so no line comes back before every other line was
 * asked: within floor(lines / 30) days (66 on the demo catalogue) none repeats.
 * Options: drawn by the free-play generator with a random source seeded from the
 * secret and the day.
 */
import type { CatalogueIndex, IndexedLyric } from '../catalogue/catalogue-index';
import { generateQuiz, type Question } from '../quiz/generate';
import type { Random } from '../quiz/sample';
import { PLAY_LENGTH } from '../shared/rules';

const hmac = (secret: string, text: string) => new Bun.CryptoHasher('sha256', secret).update(text).digest();

/** The lines in the secret's order (cached per catalogue and secret: 2,000 HMACs once). */
const orders = new WeakMap<CatalogueIndex, Map<string, IndexedLyric[]>>();

function keyedOrder(secret: string, catalogue: CatalogueIndex): IndexedLyric[] {
  let bySecret = orders.get(catalogue);
  if (!bySecret) {
    bySecret = new Map();
    orders.set(catalogue, bySecret);
  }
  let order = bySecret.get(secret);
  if (!order) {
    const keyed = catalogue.askable.map((lyric) => ({
      lyric,
      key: hmac(secret, `line:${lyric.id}`).toString('hex'),
    }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.lyric.id - b.lyric.id));
    order = keyed.map((k) => k.lyric);
    bySecret.set(secret, order);
  }
  return order;
}

/** The lines of day `dayIndex` (days since 1970-01-01): a window of the keyed order. */
export function dailyLines(
  secret: string,
  dayIndex: number,
  catalogue: CatalogueIndex,
  count = PLAY_LENGTH,
): IndexedLyric[] {
  const order = keyedOrder(secret, catalogue);
  const n = order.length;
  const take = Math.min(count, n);
  if (take === 0) return [];
  const start = (((dayIndex * count) % n) + n) % n;
  return Array.from({ length: take }, (_, i) => order[(start + i) % n]!);
}

/**
 * sfc32 seeded with 128 bits of HMAC(secret, day): a small, well-tested generator whose
 * output depends only on its seed (Math.random cannot be seeded).
 */
function seededRandom(secret: string, dayIndex: number): Random {
  const seed = hmac(secret, `options:${dayIndex}`);
  let a = seed.readUInt32LE(0);
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12);
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
}

/** The day's questions: its lines in a seeded order, each with seeded options (the free-play generator). */
export function dailyQuestions(secret: string, dayIndex: number, catalogue: CatalogueIndex): Question[] {
  const lines = dailyLines(secret, dayIndex, catalogue);
  // The generator samples `count` lines out of `askable`: given exactly the day's lines, it
  // asks all of them, shuffled and with options from the seeded source.
  return generateQuiz({ ...catalogue, askable: lines }, lines.length, seededRandom(secret, dayIndex));
}
