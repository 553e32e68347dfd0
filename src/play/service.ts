import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { AppError, unprocessable } from '../errors';
import { verifyQuizToken } from '../quiz/token';
import type { SubmitBody } from '../shared/contracts/quiz';
import { DEFAULT_DIFFICULTY, type Difficulty } from '../shared/difficulty';
import type { PlayStore, RecordOutcome } from '../storage/contract';
import type { Clock } from '../time/clock';
import type { LocalTime } from '../time/day';
import type { Device } from './device';
import { type GradedPlay, gradeSubmission } from './grade';
import type { RecordPlay } from './group-commit';

const tokenProblems = {
  malformed: 'quizToken is not a quiz token',
  bad_signature: 'quizToken is not a token issued by this server',
  expired: 'quizToken has expired; fetch a new quiz',
  not_yet_valid: 'quizToken is not valid yet',
} as const;

export interface SubmitContext {
  catalogue: () => CatalogueIndex;
  tokenSecret: string;
  tokenTtlSeconds: number;
  /** A play submitted sooner after its quiz was issued is refused (0: no minimum). */
  playMinSeconds: number;
  /** Day and hour in STATS_TIMEZONE (src/time/day.ts). */
  localTime: (epochMs: number) => LocalTime;
  /** Device class and browser family of a user agent (src/play/device.ts). */
  classifyDevice: (userAgent: string) => Device;
  clock: Clock;
  record: RecordPlay;
  /**
   * Ranked daily plays per address and day (RATE_LIMIT_DAILY_RANKED_PER_ADDRESS): `reserve`
   * takes one before the play is recorded (false when none is left: the play is recorded
   * unranked), `release` gives it back when the store did not rank it after all.
   */
  dailyRanks?: {
    reserve(key: string): boolean | Promise<boolean>;
    release(key: string): void | Promise<void>;
  };
  /** What a replay is compared with (the play store's reads of a recorded play). */
  recorded: Pick<PlayStore, 'findRecorded' | 'recordedSelections' | 'findsRecordedLocally'>;
  /** Told of each play recorded (not a replay): the dashboard's "Igra sada" (docs/decisions/037). */
  onRecorded?: (play: { sessionId: string; issuedAtMs: number; recordedAtMs: number }) => void;
}

/** The answer to a submission: the play's result, and whether it replays one recorded before. */
export type SubmitOutcome = RecordOutcome & { difficulty: Difficulty; replayed: boolean };

const conflict = () =>
  new AppError(
    409,
    'play_conflict',
    'this quiz token was already recorded with other answers; fetch a new quiz to play again',
    'answers',
  );

/**
 * A token recorded before (docs/decisions/034): the same selections are a replay of the
 * first result; other selections are a conflict, and the first play stands.
 */
async function replayOf(
  ctx: SubmitContext,
  recorded: RecordOutcome,
  graded: GradedPlay,
): Promise<RecordOutcome> {
  const selections = recorded.recordedAnswers
    ? await ctx.recorded.recordedSelections(recorded.recordedAnswers)
    : new Map<number, number>();
  const same =
    selections.size === graded.answers.length &&
    graded.answers.every((a) => selections.get(a.lyricId) === a.selectedSongId);
  if (!same) throw conflict();
  return recorded;
}

/**
 * Verifies, grades and records a submitted play. Idempotent per quiz token: the same answers
 * again replay the first result (also once the token has expired), other answers are 409.
 */
export async function submitPlay(
  ctx: SubmitContext,
  body: SubmitBody,
  /** The client's limiter key (src/http/address.ts): the address the daily ranking is capped for. */
  addressKey?: string,
): Promise<SubmitOutcome> {
  const check = verifyQuizToken(ctx.tokenSecret, body.quizToken, ctx.clock.nowSeconds(), ctx.tokenTtlSeconds);
  const expired = !check.ok && check.reason === 'expired';
  if (!check.ok && !expired)
    throw unprocessable(`token_${check.reason}`, tokenProblems[check.reason], 'quizToken');
  // A token recorded before replays its first result (also once it has expired). Where the store
  // reads it locally (SQLite) it is looked up first, so a replay never takes the write path: sent
  // from 100,000 addresses, each replay's trip through the writer thread was ~30 MiB of the
  // server's peak memory and a sixth of its CPU (issue 37). Otherwise the write finds it.
  if (expired || ctx.recorded.findsRecordedLocally) {
    const recorded = await ctx.recorded.findRecorded(check.payload.nonce);
    if (recorded) {
      const replayed = await replayOf(ctx, recorded, gradeSubmission(ctx.catalogue(), check.payload, body));
      return { ...replayed, difficulty: check.payload.difficulty ?? DEFAULT_DIFFICULTY, replayed: true };
    }
    if (expired) throw unprocessable('token_expired', tokenProblems.expired, 'quizToken');
  }
  // Nobody reads 30 lines and picks 30 songs this fast, so no play counts as finished sooner than
  // PLAY_MIN_SECONDS after its quiz was issued (docs/decisions/012-integrity.md). A play sent
  // sooner is recorded at once, as of that earliest time, instead of refused: the browser never
  // has to wait with a finished play it could lose (docs/decisions/032-play-outbox.md).
  const earliestMs = (check.payload.issuedAt + ctx.playMinSeconds) * 1000;
  const graded = gradeSubmission(ctx.catalogue(), check.payload, body);
  const recordedAtMs = Math.max(ctx.clock.nowMs(), earliestMs);
  const { day, hour } = ctx.localTime(recordedAtMs);
  // The token's difficulty, never the client's word (docs/decisions/022); absent = normal.
  const difficulty = check.payload.difficulty ?? DEFAULT_DIFFICULTY;
  // Reserved before the play is recorded, so concurrent plays from one address cannot all rank.
  const rankKey =
    ctx.dailyRanks && addressKey !== undefined && check.payload.day === day
      ? `${day} ${addressKey}`
      : undefined;
  const reserved = rankKey !== undefined && (await ctx.dailyRanks!.reserve(rankKey));
  let outcome: RecordOutcome | undefined;
  try {
    outcome = await ctx.record({
      ...graded,
      nonce: check.payload.nonce,
      sessionId: body.sessionId,
      createdAtMs: recordedAtMs,
      day,
      hour,
      difficulty,
      // The daily challenge's day (docs/decisions/021): the store decides whether it is ranked.
      ...(check.payload.day === undefined ? {} : { dailyDay: check.payload.day }),
      ...(rankKey !== undefined && !reserved ? { unranked: true } : {}),
      ...ctx.classifyDevice(body.deviceInfo),
    });
  } finally {
    // Not ranked after all (the player ranked today already, a retry of a recorded play, a failure).
    if (reserved && !(outcome?.ranked && !outcome.duplicate)) await ctx.dailyRanks!.release(rankKey);
  }
  if (outcome.duplicate) return { ...(await replayOf(ctx, outcome, graded)), difficulty, replayed: true };
  ctx.onRecorded?.({ sessionId: body.sessionId, issuedAtMs: check.payload.issuedAt * 1000, recordedAtMs });
  return { ...outcome, difficulty, replayed: false };
}
