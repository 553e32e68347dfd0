import type { ErrorBody, ErrorCode } from './shared/contracts/error';

/**
 * The project's error classes. Every 4xx/5xx answer has the body
 * `{ error: { code, message, field?, requestId } }` (see src/http/error-handler.ts).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    /** One of the codes of src/shared/contracts/error.ts: the API document lists them. */
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    public headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message: string, field?: string) =>
  new AppError(400, code, message, field);

export const unprocessable = (code: ErrorCode, message: string, field?: string) =>
  new AppError(422, code, message, field);

/**
 * 401 with a Basic challenge. Browsers answer a Basic challenge to fetch() with
 * their own login dialog, so requests from our own pages (`X-Requested-With`)
 * get the same challenge under a scheme name browsers leave alone
 * (docs/decisions/009-admin-sign-in.md).
 */
export const unauthorized = (realm: string, fromOwnPage = false) =>
  new AppError(401, 'unauthorized', 'Valid administrator credentials are required.', undefined, {
    'www-authenticate': `${fromOwnPage ? 'KvizBasic' : 'Basic'} realm="${realm}", charset="UTF-8"`,
  });

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', `Too many requests. Try again in ${retryAfterSeconds} s.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });

export function errorBody(
  code: ErrorCode,
  message: string,
  field: string | undefined,
  requestId: string,
): ErrorBody {
  return { error: field === undefined ? { code, message, requestId } : { code, message, field, requestId } };
}
