import { Type as T } from '@sinclair/typebox';
import { Elysia } from 'elysia';
import type { AppServices } from '../app';
import { clientAddress } from '../http/client-address';
import { ErrorResponse } from '../http/model';
import { jsonResponse } from './cached-reads';
import {
  AlbumStat,
  LyricStat,
  Overview,
  PercentileParams,
  PercentileResponse,
  SongStat,
  SubmitBody,
  SubmitResult,
} from './model';
import { submitPlay } from './service';

/** Submitting plays, the percentile and the public statistics. */
export const statsRoutes = (services: AppServices) => {
  const { config, statsJson, submitLimiter, clock, recordPlay, secrets, catalogue } = services;
  return new Elysia({ name: 'stats-routes', prefix: '/api', detail: { tags: ['Statistics'] } })
    .post(
      '/stats/submit-quiz',
      async ({ body }) => {
        const { duplicate: _, ...result } = await submitPlay(
          {
            catalogue: catalogue(),
            tokenSecret: secrets.quizToken,
            tokenTtlSeconds: config.quizTokenTtlSeconds,
            timeZone: config.statsTimezone,
            clock,
            record: recordPlay,
          },
          body,
        );
        return result;
      },
      {
        // Counted before validation: rejected attempts count too.
        transform: ({ request, server }) =>
          submitLimiter.hit(clientAddress(request, server, config.trustProxy)),
        body: SubmitBody,
        // The global body parser reads the body; this names the content type for the API docs.
        parse: 'json',
        response: {
          200: SubmitResult,
          400: ErrorResponse,
          413: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
        detail: {
          tags: ['Quiz'],
          summary: 'Submit a play',
          description:
            'Records a finished play. The server grades every answer itself against the catalogue: the answers must cover exactly the lines of `quizToken`, ' +
            'once each, and `isCorrect`, `score` and `totalQuestions` must agree with the grading; otherwise 422 names the field that differs and nothing is recorded. ' +
            'Only plays of 30 questions are recorded. Submitting the same token again answers 200 with the first result and records nothing.',
        },
      },
    )
    .get(
      '/score-percentile/:score',
      ({ params, request }) => jsonResponse(statsJson.percentile(params.score), request),
      {
        params: PercentileParams,
        response: { 200: PercentileResponse, 422: ErrorResponse },
        detail: {
          summary: 'Percentile of a score',
          description:
            'Share of recorded plays (including the player’s own) with a strictly lower score, and the number of recorded plays.',
        },
      },
    )
    .get('/stats/overview', ({ request }) => jsonResponse(statsJson.overview(), request), {
      response: { 200: Overview },
      detail: { summary: 'Overview', description: 'Totals of all recorded plays.' },
    })
    .get('/stats/lyrics', ({ request }) => jsonResponse(statsJson.lyrics(), request), {
      response: { 200: T.Array(LyricStat) },
      detail: {
        summary: 'Statistics per lyric line',
        description: 'Every line of the catalogue; a line never shown has 0 occurrences.',
      },
    })
    .get('/stats/songs', ({ request }) => jsonResponse(statsJson.songs(), request), {
      response: { 200: T.Array(SongStat) },
      detail: {
        summary: 'Statistics per song',
        description: 'Occurrences: times the song was the correct answer.',
      },
    })
    .get('/stats/albums', ({ request }) => jsonResponse(statsJson.albums(), request), {
      response: { 200: T.Array(AlbumStat) },
      detail: { summary: 'Statistics per album' },
    });
};
