import { Elysia, t } from 'elysia';

const Health = t.Object({ status: t.Union([t.Literal('ok'), t.Literal('unavailable')]) });

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
      detail: {
        summary: 'Health check',
        description: 'Answers 200 `{"status":"ok"}` when the database answers a query, 503 otherwise.',
      },
    },
  );
