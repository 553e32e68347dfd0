import { type Static, Type as T } from '@sinclair/typebox';

/** The body of every 4xx/5xx answer (docs/decisions/002-http-api-conventions.md). */
export const ErrorBody = T.Object(
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
export type ErrorBody = Static<typeof ErrorBody>;
