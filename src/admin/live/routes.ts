import { Type as T } from '@sinclair/typebox';
import { Elysia } from 'elysia';
import { headers, responses } from '../../openapi/components';
import { operation } from '../../openapi/contract';
import type { LiveActivity } from '../../shared/contracts/admin-live';
import type { LiveStream } from './stream';

const exampleActivity: LiveActivity = {
  at: '2026-11-27T20:15:04.000Z',
  playersNow: 7,
  playersFinished: 4,
  openQuizzes: 3,
  playsLast30Minutes: 21,
  playsPerMinute: [...Array.from({ length: 57 }, (_, i) => (i % 3 === 0 ? 1 : 0)), 2, 0, 1],
  liveGames: 1,
};

/**
 * "Igra sada" (docs/decisions/037): one Server-Sent Events stream per watching dashboard, mounted
 * inside the admin routes (HTTP Basic auth and its device cookie, `no-store`). A fetch stream, not
 * EventSource, reads it in the browser: EventSource cannot send the Authorization header.
 */
export const liveRoutes = (stream: LiveStream, version: 'v0' | 'v1' = 'v0') =>
  new Elysia().get(
    version === 'v0' ? '/live' : '/activity',
    ({ request }) =>
      new Response(stream.open(request.signal), {
        headers: {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, private',
          // A buffering reverse proxy would hold the events back (nginx honours this header).
          'x-accel-buffering': 'no',
        },
      }),
    {
      detail: operation({
        ...(version === 'v0'
          ? {
              operationId: 'getAdminLive',
              successor: { operationId: 'streamAdminActivity', path: '/api/v1/admin/activity' },
            }
          : { operationId: 'streamAdminActivity', tags: ['Admin (v1)'] }),
        access: 'admin',
        summary: 'What is being played now (Server-Sent Events)',
        description:
          'A `text/event-stream` of `activity` events, each a LiveActivity as JSON: the first at once, then at most one a second while quizzes are issued or plays recorded, and at least every 5 seconds a comment or an event (the minutes move on). Counted in the serving process’s memory since it started; with several instances, each counts its own. Requires the administrator’s HTTP Basic credentials.',
        responses: {
          200: {
            description: 'The stream; each event’s `data` is one LiveActivity.',
            mediaType: 'text/event-stream',
            schema: T.String({
              description: 'Server-Sent Events: `event: activity` with `data: <LiveActivity JSON>`.',
            }),
            example: `retry: 3000\nevent: activity\ndata: ${JSON.stringify(exampleActivity)}\n\n`,
            headers: { 'Cache-Control': headers.CacheControlPrivate },
          },
          401: responses.Unauthorized,
          429: responses.SignInLocked,
        },
      }),
    },
  );
