import { Type as T } from '@sinclair/typebox';

/** The body of every 4xx/5xx answer. */
export const ErrorResponse = T.Object(
  {
    error: T.Object({
      code: T.String({ description: 'Stable machine-readable code.', examples: ['validation_failed'] }),
      message: T.String({
        description: 'Human-readable explanation (English).',
        examples: ['count: Expected integer to be less or equal to 50'],
      }),
      field: T.Optional(
        T.String({ description: 'The request field at fault, when there is one.', examples: ['count'] }),
      ),
    }),
  },
  { description: 'Error', title: 'Error' },
);

/**
 * The validation error of one field: `t.Integer({ ..., error: fieldError('count', 'count must be ...') })`.
 * Elysia validates query and path fields one by one and then loses their name;
 * this keeps the name and gives a message a client can show. A function, so the
 * message stays out of the OpenAPI document.
 */
export const fieldError = (field: string, message: string) => () => ({ field, message });
