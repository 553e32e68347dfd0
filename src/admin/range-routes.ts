import { Type as T } from '@sinclair/typebox';
import { Elysia, t } from 'elysia';
import { headers, responses } from '../docs/components';
import { operation, type ResponseSpec } from '../docs/contract';
import { enumParam, integerParam } from '../http/params';
import {
  AdminConfusions,
  AdminDaily,
  AdminDevices,
  AdminSummary,
  EXPORT_TABLES,
} from '../shared/contracts/admin-range';
import { ScoreDistribution } from '../shared/contracts/time-series';
import { DIFFICULTIES } from '../shared/difficulty';
import {
  getAdminConfusions,
  getAdminDaily,
  getAdminDevices,
  getAdminSummary,
  resolveRange,
} from '../stats/admin-range';
import { RangeQueryParams, rangeInvalid, rangeParams } from '../stats/model';
import { getScoreDistribution, MAX_CONFUSIONS } from '../stats/range-reads';
import type { RangeDeps } from '../stats/read-routes';
import { type ExportFile, exportCsv } from './export';
import { exampleCsv, exampleDaily, exampleDevices, exampleScores, exampleSummary } from './range-examples';

const lyricIdParam = integerParam({
  name: 'lyricId',
  in: 'query',
  minimum: 1,
  maximum: 999_999_999,
  example: 345,
  description: 'The wrong songs picked for this line.',
});
const songIdParam = integerParam({
  name: 'songId',
  in: 'query',
  minimum: 1,
  maximum: 999_999_999,
  example: 12,
  description: 'The wrong songs picked when this song was the answer.',
});
const limitParam = integerParam({
  name: 'limit',
  in: 'query',
  minimum: 1,
  maximum: MAX_CONFUSIONS,
  example: 10,
  description: `At most this many entries (default 10, at most ${MAX_CONFUSIONS}).`,
});
const difficultyParam = enumParam({
  name: 'difficulty',
  values: DIFFICULTIES,
  example: 'normal',
  description: 'The plays of this difficulty (default `normal`).',
});

const RangeQuery = RangeQueryParams;

const ok = (description: string, schema: ResponseSpec['schema'], example: unknown): ResponseSpec => ({
  description,
  schema,
  example,
  headers: { 'Cache-Control': headers.CacheControlPrivate },
});

const adminAnswers = (okSpec: ResponseSpec, invalid: ResponseSpec = rangeInvalid) => ({
  200: okSpec,
  401: responses.Unauthorized,
  422: invalid,
  429: responses.SignInLocked,
});

const RANGE_NOTE =
  ' `from`/`to`: days YYYY-MM-DD in the server’s time zone, both included; a missing `to` is today, a missing `from` the first day with a recorded play or an issued quiz (so neither: all time). Requires the administrator’s HTTP Basic credentials.';

/**
 * The admin dashboard's range reads and CSV exports (docs/decisions/019), mounted inside the
 * admin routes (Basic auth, no-store). Thin: each calls one service function.
 */
export const adminRangeRoutes = ({ stats, today }: RangeDeps) =>
  new Elysia()
    .get('/stats/summary', ({ query }) => getAdminSummary(stats, query, today()), {
      query: RangeQuery,
      detail: operation({
        operationId: 'getAdminSummary',
        access: 'admin',
        summary: 'Dashboard cards of a range, and of the period before it',
        description:
          'Plays, distinct players, player-days, new players, answers, accuracy, average score, quizzes issued and the completion rate, plays per hour, device class and browser of the range (`current`) and of the period of the same length ending the day before `from` (`previous`), from per-day running totals (two rows each, whatever the length); the distinct players are counted over the day memberships of each period (its cost grows with its player-days).' +
          RANGE_NOTE,
        parameters: rangeParams,
        responses: adminAnswers(
          ok('The cards of the range and of the period before it.', AdminSummary, exampleSummary),
        ),
      }),
    })
    .get('/stats/daily', ({ query }) => getAdminDaily(stats, query, today()), {
      query: RangeQuery,
      detail: operation({
        operationId: 'getAdminDaily',
        access: 'admin',
        summary: 'One point per day of a range',
        description:
          'Plays, distinct players, new players, quizzes issued, answers and right answers of each day of the range, zeros included (the trend chart).' +
          RANGE_NOTE,
        parameters: rangeParams,
        responses: adminAnswers(ok('The daily series.', AdminDaily, exampleDaily)),
      }),
    })
    .get(
      '/stats/scores',
      async ({ query }) => {
        const range = await resolveRange(stats, query, today());
        return getScoreDistribution(stats, {
          ...range,
          ...(query.difficulty ? { difficulty: query.difficulty } : {}),
        });
      },
      {
        query: t.Object({ ...RangeQuery.properties, difficulty: t.Optional(difficultyParam.validator) }),
        detail: operation({
          operationId: 'getAdminScores',
          access: 'admin',
          summary: 'Score distribution of a range',
          description:
            'Plays per score 0–30 of one difficulty within the range, the average, and the share of each rating band.' +
            RANGE_NOTE,
          parameters: [...rangeParams, difficultyParam],
          responses: adminAnswers(
            ok('The histogram and the rating bands.', ScoreDistribution, exampleScores),
            {
              ...rangeInvalid,
              description: `${rangeInvalid.description} \`validation_failed\` for \`difficulty\`.`,
            },
          ),
        }),
      },
    )
    .get('/stats/confusions', ({ query }) => getAdminConfusions(stats, query, today()), {
      query: t.Object({
        ...RangeQuery.properties,
        lyricId: t.Optional(lyricIdParam.validator),
        songId: t.Optional(songIdParam.validator),
        limit: t.Optional(limitParam.validator),
      }),
      detail: operation({
        operationId: 'getAdminConfusions',
        access: 'admin',
        summary: 'The wrong songs players pick',
        description:
          'Without `lyricId`/`songId`: the (right song, song picked instead) pairs picked most over the catalogue; with `lyricId`: for that line; with `songId`: when that song was the answer (not both). ' +
          'With `from` or `to`: the wrong picks of the plays of those days (`period: "range"`, from per-day running totals per line and wrong song); with neither: every recorded play (`period: "all-time"`).' +
          RANGE_NOTE,
        parameters: [...rangeParams, lyricIdParam, songIdParam, limitParam],
        responses: adminAnswers(
          ok('The confusions, most picked first.', AdminConfusions, {
            from: '2026-11-01',
            to: '2026-11-23',
            period: 'range',
            scope: 'all',
            confusions: [
              {
                songId: 12,
                songTitle: 'Zatvorene škure',
                selectedSongId: 17,
                selectedSongTitle: 'Divlja kupina',
                times: 41,
              },
            ],
          }),
          {
            ...rangeInvalid,
            description: `${rangeInvalid.description} \`validation_failed\` for \`lyricId\`, \`songId\` (or both given), \`limit\`.`,
          },
        ),
      }),
    })
    .get('/stats/devices', ({ query }) => getAdminDevices(stats, query, today()), {
      query: RangeQuery,
      detail: operation({
        operationId: 'getAdminDevices',
        access: 'admin',
        summary: 'Devices, new vs returning players, completion rate of a range',
        description:
          'Plays per device class and browser family, distinct players split into new and returning players (and player-days), quizzes issued and the completion rate (plays recorded / quizzes issued).' +
          RANGE_NOTE,
        parameters: rangeParams,
        responses: adminAnswers(ok('The figures of the range.', AdminDevices, exampleDevices)),
      }),
    })
    .use(exportRoutes({ stats, today }));

/** What each export holds (its columns: EXPORT_COLUMNS in src/shared/contracts/admin-range.ts). */
const EXPORT_NOTES: Record<(typeof EXPORT_TABLES)[number], string> = {
  lyrics: 'The lyric table of the range (the rows of GET /api/admin/stats/lyrics).',
  songs: 'The song table of the range (GET /api/admin/stats/songs).',
  albums: 'The album table of the range (GET /api/admin/stats/albums).',
  hourly: 'Plays per hour of day of the range (GET /api/admin/stats/hourly).',
  daily: 'One row per day of the range (the points of GET /api/admin/stats/daily).',
  scores: 'The score histogram of the range, one row per score 0–30 (GET /api/admin/stats/scores).',
  bands: 'The rating bands of the range’s score distribution (`bands` of GET /api/admin/stats/scores).',
  confusions: 'The overall top 100 wrong songs picked in the range (GET /api/admin/stats/confusions).',
  summary:
    'The dashboard cards: one row per figure (plays, distinct players, player-days, new players, answers, right answers, average score, accuracy, quizzes issued, completion rate) with the range’s value, the previous period’s (same length, ending the day before `from`) and the change in percent of the previous value, one decimal (empty when it was 0) (GET /api/admin/stats/summary).',
  devices:
    'The devices view as rows `group;key;value`: plays per device class (`device`) and browser family (`browser`), then distinct, new and returning players and player-days (`players`), quizzes issued, plays and the completion rate (`quizzes`) (GET /api/admin/stats/devices).',
};

const exportRoutes = (deps: RangeDeps) => {
  let app = new Elysia();
  for (const table of EXPORT_TABLES) {
    app = app.get(
      `/export/${table}.csv`,
      async ({ query }) => csvResponse(await exportCsv(deps.stats, table, query, deps.today())),
      {
        query: RangeQuery,
        detail: operation({
          operationId: `exportAdmin${table[0]!.toUpperCase()}${table.slice(1)}Csv`,
          access: 'admin',
          summary: `Export: ${table} as CSV`,
          description:
            `${EXPORT_NOTES[table]} As CSV for spreadsheet programs: UTF-8 with BOM, \`;\` between fields, CRLF, RFC 4180 quoting, a header row of the JSON field names; integers as digits, fractions with a decimal comma. ` +
            (['lyrics', 'songs', 'albums', 'hourly'].includes(table)
              ? 'Without `from` and `to`: all time (the file name ends in `-sve`).'
              : 'Defaults of the range as for the JSON reads.') +
            RANGE_NOTE,
          parameters: rangeParams,
          responses: adminAnswers({
            description: 'The CSV file, as an attachment.',
            schema: T.String(),
            mediaType: 'text/csv',
            example: exampleCsv[table],
            headers: {
              'Content-Disposition': {
                description:
                  'attachment; filename="kviz-<table>-<from>_<to>.csv" (or "kviz-<table>-sve.csv").',
                schema: T.String(),
                required: true,
                example: `attachment; filename="kviz-${table}-2026-11-01_2026-11-23.csv"`,
              },
              'Cache-Control': headers.CacheControlPrivate,
            },
          }),
        }),
      },
    ) as unknown as Elysia;
  }
  return app;
};

const csvResponse = (file: ExportFile) =>
  new Response(file.body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.name}"`,
    },
  });
