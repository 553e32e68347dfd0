import { Elysia, type ValidationError } from 'elysia';
import { AppError, errorBody } from '../errors';
import { isStorageFault, storageProblemOf, storageUnavailable } from '../health/storage-health';
import type { Logger } from '../logger';
import type { ErrorBody, ErrorCode } from '../shared/contracts/error';
import { isAdminPath } from './admin-path';
import type { AllowedMethods } from './methods';
import { newRequestId, REQUEST_ID_HEADER, type WithRequestId } from './request-id';
import { pathOf } from './request-target';

/** `/answers/3/isCorrect` → `answers[3].isCorrect` */
function fieldOf(path: string | undefined): string | undefined {
  if (!path) return undefined;
  return path
    .slice(1)
    .split('/')
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

/** Schemas name their field and message with `error: fieldError(...)` (src/http/field-error.ts). */
const isFieldError = (value: unknown): value is { field: string; message: string; code?: ErrorCode } =>
  typeof value === 'object' && value !== null && 'field' in value && 'message' in value;

function validationBody(error: Readonly<ValidationError>, requestId: string): ErrorBody {
  const custom = error.customError;
  if (isFieldError(custom))
    return errorBody(custom.code ?? 'validation_failed', custom.message, custom.field, requestId);
  // The first error Elysia already found: `error.all` validates the value again and collects up
  // to 64 errors with their paths, tens of kilobytes per refused submission (issue 37).
  const first = error.valueError ?? error.all[0];
  const field = fieldOf(first && 'path' in first ? first.path : undefined);
  const where = field ?? error.type;
  const detail = first && 'message' in first ? first.message : 'invalid value';
  return errorBody('validation_failed', `${where}: ${detail}`, field ?? error.type, requestId);
}

/**
 * The one place where errors become HTTP answers: every 4xx/5xx has the body
 * `{ error: { code, message, field?, requestId } }`, the request id also in `X-Request-Id`
 * (src/http/request-id.ts). Unexpected errors are logged and answered with a generic 500 that
 * reveals no internals. No error is stored by a cache; one of an admin path is also private.
 */
export const errorHandler = (
  log: Logger,
  notFoundPage?: () => string,
  allowedMethods?: AllowedMethods,
  /** Told of every storage fault (a full disk, a database away): /healthz reports it, and it logs. */
  onStorageFault?: (error: unknown, where: Record<string, unknown>) => void,
) =>
  new Elysia({ name: 'error-handler' }).onError({ as: 'global' }, (context) => {
    const { code, error, set, request } = context;
    const path = pathOf(request) ?? '';
    let requestId = (context as WithRequestId).requestId;
    if (requestId === undefined) {
      requestId = newRequestId();
      set.headers[REQUEST_ID_HEADER] = requestId;
    }
    set.headers['content-type'] = 'application/json; charset=utf-8';
    set.headers['cache-control'] = isAdminPath(path) ? 'no-store, private' : 'no-store';
    // Errors thrown by the body parser reach here wrapped in Elysia's ParseError.
    const appError =
      error instanceof AppError
        ? error
        : code === 'PARSE' && error.cause instanceof AppError
          ? error.cause
          : undefined;
    if (appError) {
      set.status = appError.status;
      Object.assign(set.headers, appError.headers);
      return errorBody(appError.code, appError.message, appError.field, requestId);
    }
    switch (code) {
      case 'VALIDATION':
        set.status = 422;
        return validationBody(error, requestId);
      case 'PARSE':
        set.status = 400;
        return errorBody(
          'malformed_body',
          'The request body could not be parsed; send well-formed JSON with Content-Type: application/json.',
          undefined,
          requestId,
        );
      case 'NOT_FOUND': {
        // The path exists, for other methods: 405 with what it has (RFC 9110 §15.5.6).
        const methods = allowedMethods?.(path);
        // (A route that exists for this method and found nothing — an unknown asset — stays 404.)
        if (methods && !methods.includes(request.method)) {
          set.status = 405;
          set.headers.allow = methods.join(', ');
          return errorBody(
            'method_not_allowed',
            `${request.method} is not allowed on ${path}; allowed: ${methods.join(', ')}.`,
            undefined,
            requestId,
          );
        }
        set.status = 404;
        // People get the 404 page; API clients (every /api path) and non-GET requests get JSON.
        const api = path === '/api' || path.startsWith('/api/');
        if (notFoundPage && !api && (request.method === 'GET' || request.method === 'HEAD')) {
          set.headers['content-type'] = 'text/html; charset=utf-8';
          return notFoundPage();
        }
        return errorBody('not_found', `No route for ${request.method} ${path}.`, undefined, requestId);
      }
    }
    // A full disk, a read-only file, a database that does not answer: nothing was recorded and a
    // retry later may succeed. Logged by the storage health, at most one line a second.
    if (isStorageFault(error)) {
      onStorageFault?.(error, { method: request.method, path });
      const refusal = storageUnavailable(storageProblemOf(error));
      set.status = refusal.status;
      Object.assign(set.headers, refusal.headers);
      return errorBody(refusal.code, refusal.message, undefined, requestId);
    }
    // One line, never a stack with source excerpts: the logger cuts long fields.
    log.error('unhandled error', {
      method: request.method,
      path,
      requestId,
      error: String((error as Error)?.message ?? error),
      at: String((error as Error)?.stack ?? '')
        .split('\n')[1]
        ?.trim(),
    });
    set.status = 500;
    return errorBody(
      'internal_error',
      'Something went wrong on our side. Please try again.',
      undefined,
      requestId,
    );
  });
