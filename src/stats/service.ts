import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Clock } from '../clock';
import { unprocessable } from '../errors';
import { verifyQuizToken } from '../quiz/token';
import type { SubmitBody } from '../shared/contracts/quiz';
import { DEFAULT_DIFFICULTY } from '../shared/difficulty';
import type { LocalTime } from './day';
import type { Device } from './device';
import { gradeSubmission } from './grade';
import type { RecordPlay } from './group-commit';
import type { RecordOutcome } from './store';

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
  /** Day and hour in STATS_TIMEZONE (src/stats/day.ts). */
  localTime: (epochMs: number) => LocalTime;
  /** Device class and browser family of a user agent (src/stats/device.ts). */
  classifyDevice: (userAgent: string) => Device;
  clock: Clock;
  record: RecordPlay;
}

/** Verifies, grades and records a submitted play (idempotent per quiz token). */
export function submitPlay(ctx: SubmitContext, body: SubmitBody): Promise<RecordOutcome> {
  const check = verifyQuizToken(ctx.tokenSecret, body.quizToken, ctx.clock.nowSeconds(), ctx.tokenTtlSeconds);
  if (!check.ok) throw unprocessable(`token_${check.reason}`, tokenProblems[check.reason], 'quizToken');
  const graded = gradeSubmission(ctx.catalogue, check.payload, body);
  const now = ctx.clock.nowMs();
  const { day, hour } = ctx.localTime(now);
  return ctx.record({
    ...graded,
    nonce: check.payload.nonce,
    sessionId: body.sessionId,
    createdAtMs: now,
    day,
    hour,
    difficulty: DEFAULT_DIFFICULTY,
    ...ctx.classifyDevice(body.deviceInfo),
  });
}
