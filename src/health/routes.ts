import { Elysia } from 'elysia';
import { headers } from '../docs/components';
import { operation } from '../docs/contract';
import { Health } from '../shared/contracts/health';

/** GET /healthz — for load balancers and process supervisors: 200 when the database answers. */
export const healthRoutes = ({ ping }: { ping: () => Promise<void> }) =>
  new Elysia({ name: 'health-routes', detail: { tags: ['Operations'] } }).get(
    '/healthz',
    async ({ set }) => {
      set.headers['cache-control'] = 'no-store';
      try {
        await ping();
        return { status: 'ok' as const };
      } catch {
        set.status = 503;
        return { status: 'unavailable' as const };
      }
    },
    {
      response: { 200: Health, 503: Health },
      detail: operation({
        operationId: 'getHealth',
        access: 'public',
        summary: 'Health check',
        description: 'Answers 200 `{"status":"ok"}` when the database answers a query, 503 otherwise.',
        responses: {
          200: {
            description: 'The database answers.',
            schema: Health,
            example: { status: 'ok' },
            headers: { 'Cache-Control': headers.CacheControlNoStore },
          },
          503: {
            description: 'The database does not answer.',
            schema: Health,
            example: { status: 'unavailable' },
            headers: { 'Cache-Control': headers.CacheControlNoStore },
          },
        },
      }),
    },
  );
