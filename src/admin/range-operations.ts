import { Type as T, type TSchema } from '@sinclair/typebox';
import { t } from 'elysia';
import { enumParam, integerParam, type Param } from '../http/params';
import { headers, responses, validationFailed } from '../openapi/components';
import type { OperationSpec, ResponseSpec } from '../openapi/contract';
import { COMPARISONS } from '../ranges/admin-range';
import { FilterQueryParams, filterParams } from '../ranges/filter-params';
import { MAX_CONFUSIONS } from '../ranges/range-reads';
import { TREND_GROUPS } from '../ranges/trend';
import {
  AdminConfusions,
  AdminDaily,
  AdminDevices,
  AdminHourlyPlayers,
  AdminSummary,
  EXPORT_TABLES,
  type ExportTable,
} from '../shared/contracts/admin-range';
import { ScoreDistribution } from '../shared/contracts/time-series';
import { MAX_FILTER_ID } from '../shared/dashboard-filters';
import { SCORE_MODES } from '../shared/play-mode';
import { RangeQueryParams, rangeInvalid, rangeParams } from '../stats/openapi';
import {
  exampleConfusions,
  exampleCsv,
  exampleDaily,
  exampleDevices,
  exampleHourlyPlayers,
  exampleScores,
  exampleSummary,
} from './range-examples';

/**
 * The dashboard's range reads and exports as a contract, one place for both versions: the
 * queries each route validates, the parameters it documents, what it answers. The unversioned
 * routes (src/admin/range-routes.ts) and API v1's (src/v1/admin-dashboard-routes.ts) are thin
 * over the same services and take their queries from here, so a parameter is added once.
 */

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
  values: SCORE_MODES,
  example: 'all',
  description:
    'Which plays: `all` (free and daily, as the summary counts them), the free plays of `easy`, `normal` or `hard`, or `daily` (the daily challenge, ranked and practice). Default `normal`.',
});

const compareParam = enumParam({
  name: 'compare',
  values: COMPARISONS,
  example: 'year',
  description:
    '`previous` (default): compare with the period of the same length ending the day before `from`; `year`: with the same dates a year earlier.',
});

/** The lyric export's filters: the dashboard's lyric search, so the file holds the rows on screen. */
const searchParam = {
  name: 'q',
  in: 'query',
  required: false,
  description:
    'Only lines whose text, song or album (with its year) hold every word of this search, without regard to case or diacritics (`cuvar` finds `čuvar`, `djurdjevak` and `durdevak` find `Đurđevak`), as the dashboard searches.',
  validator: t.String({ maxLength: 200 }),
  schema: T.String({ maxLength: 200 }),
  example: 'cuvar',
} as const;
const minParam = integerParam({
  name: 'min',
  in: 'query',
  minimum: 0,
  maximum: 1_000_000,
  example: 3,
  description: 'Only lines shown at least this many times (default 0).',
});
const unshownParam = enumParam({
  name: 'unshown',
  values: ['show', 'hide'],
  example: 'hide',
  description: '`hide`: leave out the lines never shown (default `show`).',
});

/** Every read and export of the dashboard takes its range and its filters (docs/decisions/039). */
export const RangeQuery = t.Object({ ...RangeQueryParams.properties, ...FilterQueryParams.properties });
const rangeAndFilters = [...rangeParams, ...filterParams];
/** The players by hour are all time: the filters only. */
export const HourlyPlayersQuery = FilterQueryParams;
const LyricsExportQuery = t.Object({
  ...RangeQuery.properties,
  q: t.Optional(searchParam.validator),
  min: t.Optional(minParam.validator),
  unshown: t.Optional(unshownParam.validator),
});
export const SummaryQuery = t.Object({
  ...RangeQuery.properties,
  compare: t.Optional(compareParam.validator),
});
const groupParam = enumParam({
  name: 'group',
  values: TREND_GROUPS,
  example: 'week',
  description:
    'What a point is: `day` (default), `week` (Monday to Sunday) or `month` (calendar month); the first and last point are clipped to the range.',
});
const trendCompareParam = {
  ...compareParam,
  description:
    'Adds `previous`, the compared period grouped like the range: `previous`, the period of the same length ending the day before `from`; `year`, the same dates a year earlier. Without it, no `previous`.',
};
export const DailyQuery = t.Object({
  ...SummaryQuery.properties,
  group: t.Optional(groupParam.validator),
});
export const ScoresQuery = t.Object({
  ...RangeQuery.properties,
  difficulty: t.Optional(difficultyParam.validator),
});

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

export const ConfusionsQuery = t.Object({
  ...RangeQuery.properties,
  lyricId: t.Optional(lyricIdParam.validator),
  songId: t.Optional(songIdParam.validator),
  limit: t.Optional(limitParam.validator),
});

/** An admin read's contract but its name: each version names and tags its operations. */
export type AdminRead = Omit<OperationSpec, 'operationId' | 'access' | 'tags' | 'successor'>;

export const summaryRead: AdminRead = {
  summary: 'Dashboard cards of a range, and of the period before it',
  description:
    'Plays, distinct players, player-days, new players, answers, accuracy, average score, quizzes issued and the completion rate, plays per hour, device class and browser of the range (`current`) and of the period of the same length ending the day before `from` (`previous`), from per-day running totals (two rows each, whatever the length); the distinct players are counted over the day memberships of each period (its cost grows with its player-days).' +
    RANGE_NOTE,
  parameters: [...rangeAndFilters, compareParam],
  responses: adminAnswers(
    ok('The cards of the range and of the period before it.', AdminSummary, exampleSummary),
  ),
};

export const trendRead: AdminRead = {
  summary: 'The trend of a range: a point per day, week or month',
  description:
    'Plays, distinct players (each counted once per point), new players, quizzes issued, answers and right answers of each day, week or month of the range, zeros included (the trend chart); with `compare`, the compared period grouped alike (`previous`).' +
    RANGE_NOTE,
  parameters: [...rangeAndFilters, groupParam, trendCompareParam],
  responses: adminAnswers(ok('The trend.', AdminDaily, exampleDaily), {
    ...rangeInvalid,
    description: `${rangeInvalid.description} \`validation_failed\` for \`group\` or \`compare\`.`,
  }),
};

export const scoresRead: AdminRead = {
  summary: 'Score distribution of a range',
  description:
    'Plays per score 0–30 within the range of the plays `difficulty` names, the average, and the share of each rating band.' +
    RANGE_NOTE,
  parameters: [...rangeAndFilters, difficultyParam],
  responses: adminAnswers(ok('The histogram and the rating bands.', ScoreDistribution, exampleScores), {
    ...rangeInvalid,
    description: `${rangeInvalid.description} \`validation_failed\` for \`difficulty\`.`,
  }),
};

export const confusionsRead: AdminRead = {
  summary: 'The wrong songs players pick',
  description:
    'Without `lyricId`/`songId`: the (right song, song picked instead) pairs picked most over the catalogue; with `lyricId`: for that line; with `songId`: when that song was the answer (not both). ' +
    'With `from` or `to`: the wrong picks of the plays of those days (`period: "range"`, from per-day running totals per line and wrong song); with neither: every recorded play (`period: "all-time"`).' +
    RANGE_NOTE,
  parameters: [...rangeAndFilters, lyricIdParam, songIdParam, limitParam],
  responses: adminAnswers(ok('The confusions, most picked first.', AdminConfusions, exampleConfusions), {
    ...rangeInvalid,
    description: `${rangeInvalid.description} \`validation_failed\` for \`lyricId\`, \`songId\` (or both given), \`limit\`.`,
  }),
};

export const hourlyPlayersRead: AdminRead = {
  parameters: [...filterParams],
  summary: 'Distinct players by hour of day, each once',
  description:
    'All time: for each hour of day, the players whose earliest hour of day of any play is that hour, and their running sum (`playersThrough`, the cumulative chart’s ‘Ukupno igrača’: each player counted once, so its last entry is the number of distinct players). Read from the kept player–hour pairs, one row per player and hour. Requires the administrator’s HTTP Basic credentials.',
  responses: {
    200: ok('The players by earliest hour.', AdminHourlyPlayers, exampleHourlyPlayers),
    401: responses.Unauthorized,
    // The filters are its only parameters.
    422: {
      ...validationFailed(`album must be an integer from 1 to ${MAX_FILTER_ID}`, 'album'),
      description: 'A filter is invalid (`field` names it); nothing was done.',
    },
    429: responses.SignInLocked,
  },
};

export const devicesRead: AdminRead = {
  summary: 'Devices, new vs returning players, completion rate of a range',
  description:
    'Plays per device class and browser family, distinct players split into new and returning players (and player-days), quizzes issued and the completion rate (plays recorded / quizzes issued).' +
    RANGE_NOTE,
  parameters: rangeAndFilters,
  responses: adminAnswers(ok('The figures of the range.', AdminDevices, exampleDevices)),
};

/** What each export holds (its columns: EXPORT_COLUMNS in src/shared/contracts/admin-range.ts). */
const EXPORT_NOTES: Record<(typeof EXPORT_TABLES)[number], string> = {
  lyrics:
    'The lyric table of the range (the rows of GET /api/admin/stats/lyrics), narrowed as the dashboard’s search narrows it (`q`, `min`, `unshown`).',
  songs: 'The song table of the range (GET /api/admin/stats/songs).',
  albums: 'The album table of the range (GET /api/admin/stats/albums).',
  hourly: 'Plays per hour of day of the range (GET /api/admin/stats/hourly).',
  daily:
    'One row per day, week or month of the range (`group`; the points of GET /api/admin/stats/daily), the last day of each (`through`) and, with `compare`, the compared period’s point beside it (empty when that period is not comparable).',
  scores: 'The score histogram of the range, one row per score 0–30 (GET /api/admin/stats/scores).',
  bands: 'The rating bands of the range’s score distribution (`bands` of GET /api/admin/stats/scores).',
  confusions: 'The overall top 100 wrong songs picked in the range (GET /api/admin/stats/confusions).',
  summary:
    'The dashboard cards: one row per figure (plays, distinct players, player-days, new players, answers, right answers, average score, accuracy, quizzes issued, completion rate) with the range’s value, the compared period’s (`compare`: same length ending the day before `from`, or the same dates a year earlier) and the change in percent of the previous value, one decimal (empty when it was 0). Both are empty when the compared period starts before the first day with data (`comparable: false`), e.g. all time (GET /api/admin/stats/summary).',
  devices:
    'The devices view as rows `group;key;value`: plays per device class (`device`) and browser family (`browser`), then distinct, new and returning players and player-days (`players`), quizzes issued, plays and the completion rate (`quizzes`) (GET /api/admin/stats/devices).',
};

/** The exports that take more than the range: the same filters as the view they come from. */
const exportQueries: Partial<Record<(typeof EXPORT_TABLES)[number], TSchema>> = {
  scores: ScoresQuery,
  bands: ScoresQuery,
  summary: SummaryQuery,
  daily: DailyQuery,
  lyrics: LyricsExportQuery,
};
const exportParams: Partial<Record<(typeof EXPORT_TABLES)[number], Param[]>> = {
  scores: [difficultyParam],
  bands: [difficultyParam],
  summary: [compareParam],
  daily: [groupParam, trendCompareParam],
  lyrics: [searchParam, minParam, unshownParam],
};

/** An export's contract: its file, the query its view takes, the parameters. */
export const exportRead = (table: ExportTable): AdminRead & { query: TSchema } => ({
  query: exportQueries[table] ?? RangeQuery,
  summary: `Export: ${table} as CSV`,
  description:
    `${EXPORT_NOTES[table]} As CSV for spreadsheet programs: UTF-8 with BOM, \`;\` between fields, CRLF, RFC 4180 quoting, a header row in Croatian (the columns are the JSON fields, in order, then the percentages: \`Postotak točnih (%)\`, \`Udio (%)\`, \`Točnost (%)\`, \`Dovršenost (%)\`, one decimal, empty without a whole); integers as digits, fractions with a decimal comma. ` +
    (['lyrics', 'songs', 'albums', 'hourly'].includes(table)
      ? 'Without `from` and `to`: all time (the file name ends in `-sve`).'
      : 'Defaults of the range as for the JSON reads.') +
    RANGE_NOTE,
  parameters: [...rangeAndFilters, ...(exportParams[table] ?? [])],
  responses: adminAnswers({
    description: 'The CSV file, as an attachment.',
    schema: T.String({ description: 'The rows, as described above.' }),
    mediaType: 'text/csv',
    example: exampleCsv[table],
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="kviz-<table>-<from>_<to>.csv" (or "kviz-<table>-sve.csv").',
        schema: T.String(),
        required: true,
        example: `attachment; filename="kviz-${table}-2026-11-01_2026-11-23.csv"`,
      },
      'Cache-Control': headers.CacheControlPrivate,
    },
  }),
});

export { EXPORT_TABLES };
