import { timingSafeEqual } from 'node:crypto';
import { DEFAULT_DIFFICULTY, type Difficulty, isDifficulty } from '../shared/difficulty';

/**
 * Quiz tokens: `base64url(payload).base64url(HMAC-SHA256(payload))`, where the
 * payload names the quiz's lines, the options offered for each, its issue time
 * and a nonce. The server keeps
 * no state per fetched quiz; the nonce makes a submission idempotent
 * (docs/decisions/004-quiz-tokens.md).
 */
export interface QuizTokenPayload {
  lyricIds: number[];
  /**
   * The song ids offered for each line, in the order shown (aligned with `lyricIds`).
   * Absent only in tokens issued before they carried it (signed, so not forgeable; they
   * expire within QUIZ_TOKEN_TTL_SECONDS of an upgrade).
   */
  options?: number[][];
  /**
   * The daily challenge's calendar day (STATS_TIMEZONE) when the token was issued by
   * GET /api/daily (field `y`); absent for free play and in tokens issued before it existed
   * (docs/decisions/021-daily-challenge.md).
   */
  day?: string;
  /** Unix seconds. */
  issuedAt: number;
  nonce: string;
  /**
   * The difficulty the quiz was chosen at (docs/decisions/022): the play records it. Written
   * only for `easy` and `hard` (field `d`), so a normal token is byte for byte what it was
   * before difficulties; absent (every earlier token, every normal one) means `normal`.
   */
  difficulty?: Difficulty;
}

export type TokenCheck =
  | { ok: true; payload: QuizTokenPayload }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'not_yet_valid' }
  /** Signed by this server but past its lifetime: the payload still names the play (a replay of it is answered). */
  | { ok: false; reason: 'expired'; payload: QuizTokenPayload };

/** Tolerated clock difference for tokens issued "in the future" (another instance, clock step). */
const CLOCK_SKEW_SECONDS = 60;

// Bun's own HMAC and random source: the same bytes as node:crypto's, cheaper on every quiz
// request (docs/decisions/018). The keyed hasher of the last secret is made once and copied per
// token: its key schedule is not worked out again for every quiz (a server has one secret).
let keyed: { secret: string; hasher: Bun.CryptoHasher } | undefined;
const sign = (secret: string, body: string) => {
  if (keyed?.secret !== secret) keyed = { secret, hasher: new Bun.CryptoHasher('sha256', secret) };
  return keyed.hasher.copy().update(body).digest('base64url');
};

/** Random bytes drawn NONCES_PER_DRAW nonces at a time: one call to the random source, not one a quiz. */
const NONCE_BYTES = 12;
const NONCES_PER_DRAW = 256;
const noncePool = Buffer.alloc(NONCE_BYTES * NONCES_PER_DRAW);
let nonceAt = noncePool.length;

export function newNonce(): string {
  if (nonceAt === noncePool.length) {
    crypto.getRandomValues(noncePool);
    nonceAt = 0;
  }
  // Each pool byte goes into one nonce only: a nonce is as random as one drawn alone.
  const nonce = noncePool.toString('base64url', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/** What a token says besides its lines and options. */
export type QuizTokenFields = Pick<QuizTokenPayload, 'issuedAt' | 'difficulty' | 'day'> & { nonce?: string };

/**
 * The token's JSON, spelled here only: `{"l":[…],"o":[[…],…],"t":…,"n":"…","d":…,"y":…}`, keys
 * absent when undefined (`d` also for normal, so a normal token is what it was before
 * difficulties). src/quiz/encode.ts writes the lines and options as bytes between these keys.
 */
export const QUIZ_TOKEN_LINES_KEY = '{"l":[';
export const QUIZ_TOKEN_OPTIONS_KEY = '],"o":[';

function tokenTail(fields: QuizTokenFields): string {
  const d = fields.difficulty === DEFAULT_DIFFICULTY ? undefined : fields.difficulty;
  // A nonce of newNonce is base64url and an issue time a whole number of seconds: their JSON is
  // the text itself (in quotes), written without JSON.stringify on the quiz path. A given nonce
  // (a test, a replayed payload) goes through JSON.stringify as before.
  const nonce = fields.nonce === undefined ? `"${newNonce()}"` : JSON.stringify(fields.nonce);
  const t = Number.isSafeInteger(fields.issuedAt) ? `${fields.issuedAt}` : JSON.stringify(fields.issuedAt);
  return `,"t":${t},"n":${nonce}${d === undefined ? '' : `,"d":${JSON.stringify(d)}`}${
    fields.day === undefined ? '' : `,"y":${JSON.stringify(fields.day)}`
  }}`;
}

function linesAndOptions(quiz: Pick<QuizTokenPayload, 'lyricIds' | 'options'>): string {
  const lines = `${QUIZ_TOKEN_LINES_KEY}${quiz.lyricIds.join(',')}`;
  return quiz.options === undefined
    ? `${lines}]`
    : `${lines}${QUIZ_TOKEN_OPTIONS_KEY}${quiz.options.map((ids) => `[${ids.join(',')}]`).join(',')}]`;
}

function signed(secret: string, json: string | Buffer, end?: number): string {
  const body =
    typeof json === 'string' ? Buffer.from(json).toString('base64url') : json.toString('base64url', 0, end);
  return `${body}.${sign(secret, body)}`;
}

export function createQuizToken(secret: string, payload: QuizTokenPayload): string {
  return quizTokenSigner(secret, payload)(payload.issuedAt, payload.nonce);
}

/**
 * Signs the tokens of one quiz handed to many callers (a day's challenge: the same lines and
 * options all day): the JSON of its lines and options is written once, each token adds its
 * issue time and nonce.
 */
export function quizTokenSigner(
  secret: string,
  quiz: Omit<QuizTokenPayload, 'issuedAt' | 'nonce'>,
): (issuedAt: number, nonce?: string) => string {
  const head = linesAndOptions(quiz);
  return (issuedAt, nonce) =>
    signed(secret, head + tokenTail({ issuedAt, nonce, difficulty: quiz.difficulty, day: quiz.day }));
}

/**
 * The token of lines and options already written as JSON bytes (`json[0, end)`, ASCII, from
 * `QUIZ_TOKEN_LINES_KEY` through the options' closing bracket): what src/quiz/encode.ts writes
 * while it encodes; the rest is added here, so the same token `createQuizToken` makes.
 */
export function signQuizTokenJson(
  secret: string,
  json: Buffer,
  end: number,
  fields: QuizTokenFields,
): string {
  const tail = tokenTail(fields);
  if (json.length < end + tail.length) {
    const grown = Buffer.alloc(end + tail.length);
    json.copy(grown, 0, 0, end);
    json = grown;
  }
  const length = end + json.write(tail, end, 'latin1');
  return signed(secret, json, length);
}

export function verifyQuizToken(
  secret: string,
  token: string,
  nowSeconds: number,
  ttlSeconds: number,
): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [body, signature] = parts as [string, string];
  // Compare the canonical text, not decoded bytes: base64url's last character has
  // unused bits, so decoding would accept more than one spelling of a signature.
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad_signature' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { l, o, t, n, d, y } = (decoded ?? {}) as {
    l?: unknown;
    o?: unknown;
    t?: unknown;
    n?: unknown;
    d?: unknown;
    y?: unknown;
  };
  if (
    !Array.isArray(l) ||
    !l.every(Number.isSafeInteger) ||
    (o !== undefined &&
      (!Array.isArray(o) ||
        o.length !== l.length ||
        !o.every((ids) => Array.isArray(ids) && ids.every(Number.isSafeInteger)))) ||
    !Number.isSafeInteger(t) ||
    typeof n !== 'string' ||
    (d !== undefined && !isDifficulty(d)) ||
    (y !== undefined && typeof y !== 'string')
  )
    return { ok: false, reason: 'malformed' };
  const issuedAt = t as number;
  if (issuedAt > nowSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'not_yet_valid' };
  const payload: QuizTokenPayload = { lyricIds: l as number[], issuedAt, nonce: n };
  if (o !== undefined) payload.options = o as number[][];
  if (d !== undefined) payload.difficulty = d as Difficulty;
  if (y !== undefined) payload.day = y as string;
  if (nowSeconds - issuedAt > ttlSeconds) return { ok: false, reason: 'expired', payload };
  return { ok: true, payload };
}
