import { type Static, Type as T } from '@sinclair/typebox';

/** The answer of GET /healthz. */
export const Health = T.Object(
  {
    status: T.Union([T.Literal('ok'), T.Literal('unavailable')], {
      description: '`ok` while the database answers a query and takes writes, `unavailable` otherwise.',
    }),
    reason: T.Optional(
      T.Union([T.Literal('database_unreachable'), T.Literal('storage_unavailable')], {
        description:
          'With `unavailable`: the database does not answer (`database_unreachable`), or it answers but refuses writes, e.g. a full disk (`storage_unavailable`).',
      }),
    ),
  },
  { description: 'Whether the server can serve.', examples: [{ status: 'ok' }] },
);
export type Health = Static<typeof Health>;
