import { type Static, Type as T } from '@sinclair/typebox';

/**
 * "Igra sada", the dashboard's live card (docs/decisions/037-admin-live-and-sources.md):
 *
 *   GET /api/admin/live   → text/event-stream, behind the administrator's HTTP Basic auth
 *
 * Each `activity` event's data is one LiveActivity as JSON: the first at once, then at most one a
 * second while quizzes are issued or plays recorded, and one every 15 seconds without them (the
 * minutes move on). Counted in the serving process's memory since it started.
 */
export const LiveActivity = T.Object(
  {
    at: T.String({ format: 'date-time', description: 'When the figures were taken.' }),
    playersNow: T.Integer({
      minimum: 0,
      description:
        'Players with a play recorded in the last 5 minutes plus quizzes issued in the last 5 minutes and not answered yet (playersFinished + openQuizzes).',
    }),
    playersFinished: T.Integer({
      minimum: 0,
      description: 'Distinct players with a play recorded in the last 5 minutes.',
    }),
    openQuizzes: T.Integer({
      minimum: 0,
      description: 'Quizzes issued in this minute and the four before it that no recorded play answered yet.',
    }),
    playsLast30Minutes: T.Integer({
      minimum: 0,
      description: 'Plays recorded in this minute and the 29 before it.',
    }),
    playsPerMinute: T.Array(T.Integer({ minimum: 0 }), {
      minItems: 60,
      maxItems: 60,
      description: 'Plays recorded in each of the last 60 minutes, oldest first, this minute last.',
    }),
    liveGames: T.Integer({ minimum: 0, description: 'Kviz uživo rooms open now.' }),
  },
  { description: 'The figures of "Igra sada".' },
);
export type LiveActivity = Static<typeof LiveActivity>;
