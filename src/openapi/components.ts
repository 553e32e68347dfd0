import { Type as T } from '@sinclair/typebox';
import { errorBody } from '../errors';
import { Annotation, AnnotationList, NewAnnotation } from '../shared/contracts/admin-annotations';
import {
  AdminConfusions,
  AdminDaily,
  AdminDevices,
  AdminHourlyPlayers,
  AdminSummary,
  HourlyRangeStat,
  TrendPoint,
} from '../shared/contracts/admin-range';
import {
  AdminSources,
  CampaignList,
  CampaignRow,
  Funnel,
  ReferrerList,
  ReferrerRow,
  ShareBeacon,
  ShareRow,
} from '../shared/contracts/admin-sources';
import {
  DailyChallenge,
  DailyHardestLine,
  DailyPercentile,
  DailyStreak,
  DailySummary,
} from '../shared/contracts/daily';
import { ErrorBody, type ErrorCode } from '../shared/contracts/error';
import { Health } from '../shared/contracts/health';
import { PartyGameList, PartyGameSummary, PartyHardLines } from '../shared/contracts/party-admin';
import {
  QUIZ_TOKEN_EXAMPLE,
  Question,
  QuizQuestions,
  SongOption,
  SubmitBody,
  SubmitResult,
  SubmittedAnswer,
} from '../shared/contracts/quiz';
import { AlbumStat, HourlyStat, LyricStat, Overview, Percentile, SongStat } from '../shared/contracts/stats';
import { Confusion, LineConfusion, ScoreDistribution } from '../shared/contracts/time-series';
import {
  AnnotationPage,
  Confusions,
  LineConfusion as LineConfusionV1,
  LiveGame,
  LiveGameLine,
  LiveGameLines,
  LiveGamePage,
  RangeStats,
  SongConfusion,
  StatsSummary,
  Trend,
  TrendPointV1,
} from '../v1/admin-dashboard-openapi';
import { DailyFigures, DailyLineStats, DailyScorePercentile } from '../v1/daily-openapi';
import {
  AlbumStats,
  AlbumStatsPage,
  DailyInfo,
  HourStats,
  HourStatsList,
  LineStats,
  LineStatsPage,
  Meta,
  PlayAnswer,
  PlayResult,
  PlaySubmission,
  Quiz,
  QuizMode,
  ScorePercentile,
  SongStats,
  SongStatsPage,
  StatsOverview,
  V1Question,
  V1SongOption,
} from '../v1/openapi';
import type { HeaderSpec, ResponseSpec } from './contract';

/**
 * The named parts of the API document: schemas, headers and responses that operations refer to
 * with `$ref` (src/openapi/document.ts matches them by identity). Names are what generated clients
 * call their types.
 */

export const schemas = {
  Question,
  SongOption,
  QuizResponse: QuizQuestions,
  Submission: SubmitBody,
  SubmittedAnswer,
  SubmitResult,
  Percentile,
  Overview,
  LyricStat,
  SongStat,
  AlbumStat,
  HourlyStat,
  Health,
  DailyChallenge,
  DailyPercentile,
  DailyStreak,
  DailySummary,
  DailyHardestLine,
  Error: ErrorBody,
  AdminSummary,
  AdminHourlyPlayers,
  AdminDaily,
  AdminConfusions,
  AdminDevices,
  Annotation,
  AnnotationList,
  NewAnnotation,
  AdminSources,
  ReferrerList,
  ReferrerRow,
  CampaignList,
  CampaignRow,
  ShareRow,
  Funnel,
  ShareBeacon,
  ScoreDistribution,
  Quiz,
  QuizQuestion: V1Question,
  SongChoice: V1SongOption,
  QuizMode,
  DailyInfo,
  PlaySubmission,
  PlayAnswer,
  PlayResult,
  Meta,
  LineStats,
  LineStatsPage,
  SongStats,
  SongStatsPage,
  StatsOverview,
  ScorePercentile,
  AlbumStats,
  AlbumStatsPage,
  DailyScorePercentile,
  DailyFigures,
  DailyLineStats,
  HourStats,
  HourStatsList,
  AdminTrendPoint: TrendPoint,
  Confusion,
  LyricConfusion: LineConfusion,
  HourlyRangeStat,
  PartyGame: PartyGameSummary,
  PartyGameList,
  PartyHardLines,
  RangeStats,
  StatsSummary,
  TrendPoint: TrendPointV1,
  Trend,
  ComparedTrend: Trend.properties.previous,
  SongConfusion,
  LineConfusion: LineConfusionV1,
  Confusions,
  LiveGame,
  LiveGamePage,
  LiveGameLine,
  LiveGameLines,
  AnnotationPage,
};

/** An error body as the server sends it (the code is checked against the list of codes). */
export const errorExample = (code: ErrorCode, message: string, field?: string) =>
  errorBody(code, message, field, 'kZ3v9Qm2XbTf0Rw1a8000k2');

const seconds = (description: string) => T.Integer({ minimum: 0, description });

export const headers = {
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    schema: seconds('Seconds to wait.'),
    required: true,
    example: 42,
  },
  RateLimitPolicy: {
    description:
      'The quota policies of this route (IETF draft-ietf-httpapi-ratelimit-headers): per client address, `q` requests per window of `w` seconds.',
    schema: T.String(),
    required: true,
    example: '"minute";q=300;w=60',
  },
  RateLimit: {
    description:
      'What is left of each policy for this client (IETF draft-ietf-httpapi-ratelimit-headers): `r` requests remain, the window resets in `t` seconds.',
    schema: T.String(),
    required: true,
    example: '"minute";r=299;t=60',
  },
  QuizToken: {
    description:
      'The signed token of this play (its lines, the options offered, issue time and a nonce). Send it back as `quizToken` in the submission; it is valid for 2 hours (the `tokenLifetimeSeconds` of `GET /api/v1/meta`) and records once. Not sent in answer to HEAD, which issues no quiz.',
    schema: T.String({ minLength: 1 }),
    required: true,
    omittedOnHead: true,
    example: QUIZ_TOKEN_EXAMPLE,
  },
  ETag: {
    description:
      'Strong entity tag of this answer (a hash of its content, so it changes exactly when the statistics do). Send it as `If-None-Match` to get 304 while nothing changed.',
    schema: T.String({ pattern: '^"[A-Za-z0-9_-]+"$' }),
    required: true,
    example: '"pV0WZ3kq8Jm1b6Yv2xQx1A"',
  },
  CacheControlPublic: {
    description:
      'Any cache may keep the answer for `max-age` seconds (a few), then revalidate with `If-None-Match`.',
    schema: T.String(),
    required: true,
    example: 'public, max-age=5',
  },
  CacheControlNoStore: {
    description: 'Never cached: every answer is new.',
    schema: T.String(),
    required: true,
    example: 'no-store',
  },
  CacheControlPrivate: {
    description: 'Administrator answers stay out of every cache.',
    schema: T.String(),
    required: true,
    example: 'no-store, private',
  },
  WWWAuthenticate: {
    description:
      'The Basic challenge. A request with an `X-Requested-With` header gets the scheme name `KvizBasic` instead, so a browser does not open its own sign-in dialog.',
    schema: T.String(),
    required: true,
    example: 'Basic realm="Kviz znanja admin", charset="UTF-8"',
  },
  IdempotentReplayed: {
    description:
      '`true` when this token had been recorded before with the same answers: nothing new was recorded, the first result is answered again.',
    schema: T.String({ enum: ['true'] }),
    example: 'true',
  },
  RequestId: {
    description:
      'The id of this request (also `requestId` of an error body and in the server log). A request may send its own `X-Request-Id` of 1–128 letters, digits, `.`, `_`, `:` or `-`; it is kept.',
    schema: T.String({ minLength: 1 }),
    required: true,
    example: 'kZ3v9Qm2XbTf0Rw1a8000k2',
  },
  AcceptPost: {
    description: 'The media type a request body must have.',
    schema: T.String(),
    required: true,
    example: 'application/json',
  },
  Allow: {
    description: 'The methods the path has (405 only).',
    schema: T.String(),
    example: 'GET, HEAD, OPTIONS',
  },
} satisfies Record<string, HeaderSpec>;

const rateLimitHeaders = {
  'RateLimit-Policy': headers.RateLimitPolicy,
  RateLimit: headers.RateLimit,
};

/** Headers of every answer of a rate-limited route (its 429 adds Retry-After). */
export const limitedRouteHeaders = rateLimitHeaders;

export const responses = {
  StorageUnavailable: {
    description:
      'The storage refuses writes for now (a full disk) or the database does not answer; nothing was recorded. Send the same submission again after `Retry-After` (it records once).',
    schema: ErrorBody,
    headers: { 'Retry-After': headers.RetryAfter },
    example: errorExample(
      'storage_unavailable',
      'The server cannot store anything right now; nothing was recorded. Try again in 30 s.',
    ),
  },
  RateLimited: {
    description:
      'Too many requests from this client address; nothing was done. Try again after `Retry-After`.',
    schema: ErrorBody,
    headers: { 'Retry-After': headers.RetryAfter, ...rateLimitHeaders },
    example: errorExample('rate_limited', 'Too many requests. Try again in 42 s.'),
  },
  Unauthorized: {
    description: 'Administrator credentials are missing or wrong.',
    schema: ErrorBody,
    headers: { 'WWW-Authenticate': headers.WWWAuthenticate, 'Cache-Control': headers.CacheControlPrivate },
    example: errorExample('unauthorized', 'Valid administrator credentials are required.'),
  },
  SignInLocked: {
    description:
      'Too many failed sign-ins from this address (10 per 15 minutes by default): refused, even with the right password, until `Retry-After` or until the operator lifts the lock.',
    schema: ErrorBody,
    headers: { 'Retry-After': headers.RetryAfter, 'Cache-Control': headers.CacheControlPrivate },
    example: errorExample('rate_limited', 'Too many requests. Try again in 840 s.'),
  },
  NotModified: {
    description: 'The statistics have not changed since the answer whose `ETag` was sent as `If-None-Match`.',
    headers: { ETag: headers.ETag, 'Cache-Control': headers.CacheControlPublic },
  },
  MalformedBody: {
    description: 'The body is not well-formed JSON.',
    schema: ErrorBody,
    example: errorExample('malformed_body', 'The request body is not well-formed JSON.'),
  },
  RequestTimeout: {
    description:
      'The body did not arrive whole within the server’s time limit (30 s by default); the connection is closed.',
    schema: ErrorBody,
    example: errorExample('request_timeout', 'The request body did not arrive within 30 s.'),
  },
  PlayConflict: {
    description:
      'This token was recorded before with other answers; nothing was recorded. The first play stands: submit a new quiz to play again.',
    schema: ErrorBody,
    example: errorExample(
      'play_conflict',
      'this quiz token was already recorded with other answers; fetch a new quiz to play again',
      'answers',
    ),
  },
  UnsupportedMediaType: {
    description: 'The body is not typed as JSON (`Content-Type` missing or another type); nothing was done.',
    schema: ErrorBody,
    headers: { 'Accept-Post': headers.AcceptPost },
    example: errorExample(
      'unsupported_media_type',
      'The request body must be JSON (Content-Type: application/json), not "text/plain".',
    ),
  },
  BodyTooLarge: {
    description: 'The body is larger than 64 KiB (whatever its size, and with or without Content-Length).',
    schema: ErrorBody,
    example: errorExample('body_too_large', 'The request body is larger than 65536 bytes.'),
  },
  RequestError: {
    description:
      'An answer any request can get besides those listed: 404 `not_found` (no route has this path; every `/api` path answers JSON), 405 `method_not_allowed` (the path exists for other methods, listed in `Allow`), 400 `bad_request_target` (a CONNECT request, or a request target that is not a path), 413 `body_too_large` (a POST, PUT, PATCH or DELETE whose `Content-Length` is over 64 KiB, on any path; the body of a GET or HEAD is never read).',
    schema: ErrorBody,
    headers: { Allow: headers.Allow, 'X-Request-Id': headers.RequestId },
    examples: {
      notFound: { summary: 'No such path', value: errorExample('not_found', 'No route for GET /api/nope.') },
      methodNotAllowed: {
        summary: 'Wrong method (Allow: GET, HEAD, OPTIONS)',
        value: errorExample(
          'method_not_allowed',
          'DELETE is not allowed on /api/quiz; allowed: GET, HEAD, OPTIONS.',
        ),
      },
    },
  },
  ServerError: {
    description:
      'Something failed on the server (500 `internal_error`), or the database does not answer or refuses writes for now (503 `storage_unavailable` with `Retry-After`: any operation that needs the database, and the ones that hand out plays while plays cannot be recorded); nothing was recorded. The answer reveals nothing internal.',
    schema: ErrorBody,
    headers: {
      'X-Request-Id': headers.RequestId,
      'Retry-After': {
        ...headers.RetryAfter,
        required: false,
        description: 'With 503: seconds to wait before trying again.',
      },
    },
    example: errorExample('internal_error', 'Something went wrong on our side. Please try again.'),
  },
} satisfies Record<string, ResponseSpec>;

/**
 * Every operation also answers `4XX` (RequestError) and `5XX` (ServerError), for these statuses
 * only; any other status must be listed by the operation itself (the contract test holds it).
 */
export const sharedStatuses = { '4XX': [400, 404, 405, 413], '5XX': [500, 503] } as const;

/** A 422 `validation_failed` with an example of this operation's own message. */
export const validationFailed = (message: string, field: string): ResponseSpec => ({
  description: `A parameter or body field is invalid (\`field\` names it); nothing was done.`,
  schema: ErrorBody,
  example: errorExample('validation_failed', message, field),
});
