/**
 * The validation error of one field: `t.Integer({ ..., error: fieldError('count', 'count must be ...') })`.
 * Elysia validates query and path fields one by one and then loses their name;
 * this keeps the name and gives a message a client can show. A function, so the
 * message stays out of the OpenAPI document.
 */
export const fieldError = (field: string, message: string) => () => ({ field, message });
