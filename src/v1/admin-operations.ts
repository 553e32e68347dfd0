import { Type as T } from '@sinclair/typebox';
import { errorExample, headers, responses } from '../openapi/components';
import { operation, type ResponseSpec } from '../openapi/contract';
import { ErrorBody } from '../shared/contracts/error';
import { rangeInvalid, rangeParams } from '../stats/openapi';
import {
  AlbumStatsPage,
  HourStatsList,
  LineStatsPage,
  pageParams,
  SongStatsPage,
  StatsOverview,
} from './openapi';

/**
 * The administrator's reads in API v1 (docs/decisions/034): the figures of the unversioned
 * `/api/admin/stats/*` in the glossary's words, lists paged as the public ones, a range of days
 * (`from`/`to`) where the unversioned read takes one. Basic auth; answers are never stored.
 */

const TAGS = ['Admin (v1)'];
const RANGE =
  ' `from`/`to`: days YYYY-MM-DD in the server’s time zone, both included; a missing `to` is today, a missing `from` the first day with data; without both, all time. Requires the administrator’s HTTP Basic credentials.';

const privateHeaders = { 'Cache-Control': headers.CacheControlPrivate };
const pageHeaders = {
  ...privateHeaders,
  Link: {
    description: 'The next page (RFC 8288, `rel="next"`), while there is one.',
    schema: T.String(),
    example: '</api/v1/admin/stats/lines?limit=100&offset=100>; rel="next"',
  },
};

const listInvalid: ResponseSpec = {
  description:
    'A parameter is invalid (`field` names it); nothing was done: `validation_failed` for `limit`, `offset`, `minAnswers`, `sort`; `invalid_range` for `from`/`to`.',
  schema: ErrorBody,
  examples: {
    ...rangeInvalid.examples,
    limit: {
      summary: 'A page size out of bounds',
      value: errorExample('validation_failed', 'limit must be an integer from 1 to 1000', 'limit'),
    },
  },
};

const answers = (ok: ResponseSpec, invalid?: ResponseSpec): Record<number, ResponseSpec> => {
  const all: Record<number, ResponseSpec> = { 200: ok, 401: responses.Unauthorized };
  if (invalid) all[422] = invalid;
  all[429] = responses.SignInLocked;
  return all;
};

const counted = {
  answers: 410,
  correctAnswers: 290,
  accuracy: 70.73,
};

export const getAdminStatsOverviewOperation = operation({
  operationId: 'getAdminStatsOverview',
  access: 'admin',
  tags: TAGS,
  summary: 'Totals of all plays',
  description:
    'Plays, players, mean score and accuracy over every recorded play, fresh. Requires the administrator’s HTTP Basic credentials.',
  responses: answers({
    description: 'The totals.',
    schema: StatsOverview,
    headers: privateHeaders,
    example: { plays: 1532, players: 871, averageScore: 17.42, accuracy: 58.07 },
  }),
});

const listOperation = (spec: {
  operationId: string;
  summary: string;
  description: string;
  schema: ResponseSpec['schema'];
  item: Record<string, unknown>;
  total: number;
}) =>
  operation({
    operationId: spec.operationId,
    access: 'admin',
    tags: TAGS,
    summary: spec.summary,
    description: `${spec.description} A page at a time (\`limit\`, \`offset\`, \`Link: rel="next"\`).${RANGE}`,
    parameters: [...pageParams, ...rangeParams],
    responses: answers(
      {
        description: 'One page.',
        schema: spec.schema,
        headers: pageHeaders,
        example: { items: [{ ...spec.item, ...counted }], total: spec.total, limit: 1, offset: 0 },
      },
      listInvalid,
    ),
  });

export const listAdminLineStatsOperation = listOperation({
  operationId: 'listAdminLineStats',
  summary: 'How the lines fared, in a range',
  description: 'Every line of the catalogue with its answers, right answers and accuracy.',
  schema: LineStatsPage,
  item: {
    lyricId: 345,
    line: 'Puše bura, hladna i prava,',
    songId: 12,
    songTitle: 'Zatvorene škure',
    albumId: 1,
    albumTitle: 'Sol na usnama',
    albumYear: 1992,
  },
  total: 1994,
});

export const listAdminSongStatsOperation = listOperation({
  operationId: 'listAdminSongStats',
  summary: 'How the songs fared, in a range',
  description: 'Every song with the answers to its lines.',
  schema: SongStatsPage,
  item: { songId: 12, title: 'Zatvorene škure', albumId: 1, albumTitle: 'Sol na usnama', albumYear: 1992 },
  total: 120,
});

export const listAdminAlbumStatsOperation = listOperation({
  operationId: 'listAdminAlbumStats',
  summary: 'How the albums fared, in a range',
  description: 'Every album with the answers to its songs’ lines.',
  schema: AlbumStatsPage,
  item: { albumId: 1, title: 'Sol na usnama', year: 1992 },
  total: 9,
});

export const getAdminHourStatsOperation = operation({
  operationId: 'getAdminHourStats',
  access: 'admin',
  tags: TAGS,
  summary: 'Plays by hour of day, in a range',
  description: `Plays of each hour of day 0–23, zeros included; of all time also the distinct players of each hour.${RANGE}`,
  parameters: rangeParams,
  responses: answers(
    {
      description: 'The 24 hours.',
      schema: HourStatsList,
      headers: privateHeaders,
      example: {
        hours: Array.from({ length: 24 }, (_, hour) => ({
          hour,
          plays: hour === 20 ? 96 : 0,
          players: hour === 20 ? 71 : 0,
        })),
      },
    },
    rangeInvalid,
  ),
});
