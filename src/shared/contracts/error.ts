import { type Static, Type as T } from '@sinclair/typebox';

/**
 * Every error code the server sends, with its status and what it means: the one list that the
 * error constructors (src/errors.ts) accept and the API document's `Error.code` enum shows
 * (docs/decisions/013-api-contract.md). A client may switch on these; they never change meaning.
 */
export const errorCodes = {
  bad_request_target: {
    status: 400,
    meaning: 'The request target is not a path (a CONNECT request, or a target that is not a URL).',
  },
  malformed_body: { status: 400, meaning: 'The body is not well-formed JSON.' },
  unauthorized: { status: 401, meaning: 'Administrator credentials are missing or wrong.' },
  not_found: { status: 404, meaning: 'No route has this path.' },
  method_not_allowed: {
    status: 405,
    meaning: 'The path exists, but not for this method; `Allow` lists the methods it has.',
  },
  request_timeout: {
    status: 408,
    meaning: 'The body did not arrive whole in time; the connection is closed.',
  },
  body_too_large: { status: 413, meaning: 'The body is larger than the limit (64 KiB).' },
  unsupported_media_type: {
    status: 415,
    meaning: 'A request body must be JSON (`Content-Type: application/json`); `Accept-Post` says so.',
  },
  validation_failed: { status: 422, meaning: 'A parameter or body field is invalid; `field` names it.' },
  token_malformed: { status: 422, meaning: '`quizToken` is not a quiz token.' },
  token_bad_signature: { status: 422, meaning: '`quizToken` was not issued by this server.' },
  token_expired: {
    status: 422,
    meaning: 'The token is older than its lifetime and its play was never recorded; fetch a new quiz.',
  },
  token_not_yet_valid: { status: 422, meaning: '`quizToken` was issued in the future (clock skew).' },
  play_mismatch: {
    status: 422,
    meaning: 'The answers do not match the quiz or the grading (lines, options, counts, correctness).',
  },
  unknown_lyric: {
    status: 422,
    meaning: 'A line of the quiz is no longer in the catalogue; fetch a new quiz.',
  },
  incomplete_play: { status: 422, meaning: 'Only complete plays are recorded.' },
  play_conflict: {
    status: 409,
    meaning: 'This token was already recorded with other answers; the first play stands.',
  },
  rate_limited: { status: 429, meaning: 'Too many requests from this address; see `Retry-After`.' },
  invalid_range: {
    status: 422,
    meaning:
      'A date is malformed, impossible (2026-02-30) or later than allowed, or a range ends before it starts or is too long.',
  },
  internal_error: { status: 500, meaning: 'Something failed on the server; nothing was recorded.' },
  storage_unavailable: {
    status: 503,
    meaning:
      'The storage refuses writes for now (a full disk) or the database does not answer; nothing was recorded, and no play is handed out meanwhile. Send it again after `Retry-After`.',
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof errorCodes;

const codeNames = Object.keys(errorCodes) as ErrorCode[];

/** The `code` of an error: one of `errorCodes` (a union of literals; the API document shows it as an enum). */
const ErrorCodeSchema = T.Union(
  codeNames.map((code) => T.Literal(code)),
  {
    description: `Stable machine-readable code:\n${codeNames
      .map((code) => `- \`${code}\` (${errorCodes[code].status}): ${errorCodes[code].meaning}`)
      .join('\n')}`,
  },
);

/** The body of every 4xx/5xx answer (docs/decisions/002-http-api-conventions.md). */
export const ErrorBody = T.Object(
  {
    error: T.Object(
      {
        code: ErrorCodeSchema,
        message: T.String({ description: 'Human-readable explanation (English).' }),
        field: T.Optional(
          T.String({
            description:
              'The parameter or body field at fault, when there is one (`count`, `answers[3].songId`).',
          }),
        ),
        requestId: T.String({
          minLength: 1,
          description:
            'The id of this request, also sent as the `X-Request-Id` header and written in the server log: quote it when reporting a problem.',
        }),
      },
      { description: 'What went wrong.' },
    ),
  },
  { title: 'Error', description: 'The body of every error answer.' },
);
export type ErrorBody = Static<typeof ErrorBody>;
