import type { ErrorCode } from '../shared/contracts/error';

/**
 * The validation error of one field: `t.Integer({ ..., error: fieldError('count', 'count must be ...') })`.
 * Elysia validates query and path fields one by one and then loses their name;
 * this keeps the name and gives a message a client can show. A function, so the
 * message stays out of the OpenAPI document. `code` replaces `validation_failed` where one
 * fault has its own code everywhere (an impossible date is `invalid_range`).
 */
export const fieldError = (field: string, message: string, code?: ErrorCode) => () =>
  code === undefined ? { field, message } : { field, message, code };
