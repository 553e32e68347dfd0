import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { AppError, unprocessable } from '../errors';
import { verifyQuizToken } from '../quiz/token';
import type { SubmitBody } from '../shared/contracts/quiz';
import { DEFAULT_DIFFICULTY, type Difficulty } from '../shared/difficulty';
import type { RecordOutcome } from '../storage/contract';
import type { Clock } from '../time/clock';
import type { LocalTime } from '../time/day';
import type { Device } from './device';
import { gradeSubmission } from './grade';
import type { RecordPlay } from './group-commit';

const tokenProblems = {
  malformed: 'quizToken is not a quiz token',
  bad_signature: 'quizToken is not a token issued by this server',
  expired: 'quizToken has expired; fetch a new quiz',
  not_yet_valid: 'quizToken is not valid yet',
} as const;

export interface SubmitContext {
  catalogue: CatalogueIndex;
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
}

/** Verifies, grades and records a submitted play (idempotent per quiz token). */
export async function submitPlay(
  ctx: SubmitContext,
  body: SubmitBody,
): Promise<RecordOutcome & { difficulty: Difficulty }> {
  const check = verifyQuizToken(ctx.tokenSecret, body.quizToken, ctx.clock.nowSeconds(), ctx.tokenTtlSeconds);
  if (!check.ok) throw unprocessable(`token_${check.reason}`, tokenProblems[check.reason], 'quizToken');
  // Nobody reads 30 lines and picks 30 songs this fast: such a play is scripted and would
  // put more weight on the public numbers than a person can (docs/decisions/012-integrity.md).
  const wait = check.payload.issuedAt + ctx.playMinSeconds - ctx.clock.nowSeconds();
  if (wait > 0)
    throw new AppError(
      422,
      'play_too_fast',
      `this play was submitted sooner than ${ctx.playMinSeconds} s after its quiz was fetched; submit it again in ${wait} s`,
      'quizToken',
      { 'retry-after': String(wait) },
    );
  const graded = gradeSubmission(ctx.catalogue, check.payload, body);
  const now = ctx.clock.nowMs();
  const { day, hour } = ctx.localTime(now);
  // The token's difficulty, never the client's word (docs/decisions/022); absent = normal.
  const difficulty = check.payload.difficulty ?? DEFAULT_DIFFICULTY;
  const outcome = await ctx.record({
    ...graded,
    nonce: check.payload.nonce,
    sessionId: body.sessionId,
    createdAtMs: now,
    day,
    hour,
    difficulty,
    // The daily challenge's day (docs/decisions/021): the store decides whether it is ranked.
    ...(check.payload.day === undefined ? {} : { dailyDay: check.payload.day }),
    ...ctx.classifyDevice(body.deviceInfo),
  });
  return { ...outcome, difficulty };
}
