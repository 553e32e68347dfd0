import { Elysia } from 'elysia';
import { headers } from '../openapi/components';
import { operation } from '../openapi/contract';
import { Health } from '../shared/contracts/health';
import type { StorageHealth } from './storage-health';

/**
 * GET /healthz — for load balancers and process supervisors: 200 when the database answers and
 * takes writes; 503 with the reason otherwise (a full disk: reads still work, plays do not).
 */
export const healthRoutes = ({ ping, storage }: { ping: () => Promise<void>; storage: StorageHealth }) =>
  new Elysia({ name: 'health-routes', detail: { tags: ['Operations'] } }).get(
    '/healthz',
    async ({ set }) => {
      set.headers['cache-control'] = 'no-store';
      try {
        await ping();
      } catch (error) {
        storage.failed(error, { checking: 'health' });
        set.status = 503;
        return { status: 'unavailable' as const, reason: 'database_unreachable' as const };
      }
      const problem = await storage.problem();
      if (problem) {
        set.status = 503;
        return { status: 'unavailable' as const, reason: problem };
      }
      return { status: 'ok' as const };
    },
    {
      response: { 200: Health, 503: Health },
      detail: operation({
        operationId: 'getHealth',
        access: 'public',
        summary: 'Health check',
        description:
          'Answers 200 `{"status":"ok"}` when the database answers a query and takes writes; 503 with the reason otherwise (`storage_unavailable` while writes fail, e.g. a full disk).',
        responses: {
          200: {
            description: 'The database answers.',
            schema: Health,
            example: { status: 'ok' },
            headers: { 'Cache-Control': headers.CacheControlNoStore },
          },
          503: {
            description: 'The database does not answer, or refuses writes.',
            schema: Health,
            example: { status: 'unavailable', reason: 'storage_unavailable' },
            headers: { 'Cache-Control': headers.CacheControlNoStore },
          },
        },
      }),
    },
  );
