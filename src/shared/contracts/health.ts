import { type Static, Type as T } from '@sinclair/typebox';

/** The answer of GET /healthz. */
export const Health = T.Object(
  {
    status: T.Union([T.Literal('ok'), T.Literal('unavailable')], {
      description: '`ok` while the database answers a query, `unavailable` otherwise.',
    }),
  },
  { description: 'Whether the server can serve.', examples: [{ status: 'ok' }] },
);
export type Health = Static<typeof Health>;
