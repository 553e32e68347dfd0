import { Type as T } from '@sinclair/typebox';
import { Elysia, t } from 'elysia';
import { type Exchange, encodeJson } from '../http/encoded-body';
import { errorExample, headers, responses, validationFailed } from '../openapi/components';
import { type OperationSpec, operation, type ResponseSpec } from '../openapi/contract';
import {
  getRangeAlbums,
  getRangeHourly,
  getRangeLyrics,
  getRangeSongs,
  hasRange,
  type RangeParams,
  resolveRange,
} from '../ranges/admin-range';
import {
  type FilterQuery,
  FilterQueryParams,
  filterParams,
  isFiltered,
  type RangeDeps,
  statsFor,
} from '../ranges/filter-params';
import { HourlyRangeStat } from '../shared/contracts/admin-range';
import { ErrorBody } from '../shared/contracts/error';
import { AlbumStat, HourlyStat, LyricStat, Overview, SongStat } from '../shared/contracts/stats';
import type { StatsStore } from '../storage/contract';
import type { Day } from '../time/day';
import {
  type CachedStatsJson,
  jsonResponse,
  type ListQuery,
  narrowList,
  type ReadCaching,
} from './cached-reads';
import {
  decodeListQuery,
  ifNoneMatch,
  ListQueryParams,
  listParams,
  publicRead,
  RangeListQueryParams,
  RangeQueryParams,
  rangeInvalid,
  rangeParams,
} from './openapi';

/** What the admin reads need for a date range: the read store and today in STATS_TIMEZONE. */
export type { RangeDeps } from '../ranges/filter-params';

interface ReadRoutesOptions {
  /** Public reads are cacheable and revalidated by ETag; admin reads need Basic auth and are never stored. */
  access: 'public' | 'admin';
  caching?: ReadCaching;
  /** Admin only: the lists and hourly also answer for a range (`from`/`to`, docs/decisions/019). */
  range?: RangeDeps;
}

const LyricStats = T.Array(LyricStat, { description: 'One row per lyric line.' });
const SongStats = T.Array(SongStat, { description: 'One row per song.' });
const AlbumStats = T.Array(AlbumStat, { description: 'One row per album.' });
const HourlyStats = T.Array(HourlyStat, {
  minItems: 24,
  maxItems: 24,
  description: 'Hours 0–23 in the server’s time zone, zeros included.',
});
const HourlyRangeStats = T.Array(HourlyRangeStat, {
  minItems: 24,
  maxItems: 24,
  description: 'Hours 0–23 in the server’s time zone within the range, zeros included.',
});
const AdminHourlyStats = T.Union([HourlyStats, HourlyRangeStats], {
  description:
    'Without `from`/`to`: all-time hours with distinct players. With a range: plays per hour of the range only (distinct players per hour are kept all-time).',
});

/** The admin 422 of a list with a range: a narrowing parameter or the range. */
const adminListInvalid: ResponseSpec = {
  description:
    'A parameter is invalid (`field` names it): `validation_failed` for `limit`, `offset`, `minOccurrences`, `sort`; `invalid_range` for `from`/`to`.',
  schema: ErrorBody,
  examples: {
    ...rangeInvalid.examples,
    limit: {
      summary: 'A narrowing parameter out of bounds',
      value: errorExample('validation_failed', 'limit must be an integer from 1 to 100000', 'limit'),
    },
  },
};

const examples = {
  overview: Overview.examples[0],
  lyrics: LyricStat.examples,
  songs: SongStat.examples,
  albums: AlbumStat.examples,
  hourly: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    attempts: hour === 20 ? 96 : 0,
    uniquePlayers: hour === 20 ? 71 : 0,
  })),
};

/**
 * The contract of one read, public or admin: the same data, with the access, caching
 * headers and extra answers of each side.
 */
function readOperation(
  access: 'public' | 'admin',
  read: {
    id: string;
    summary: string;
    description: string;
    schema: ResponseSpec['schema'];
    example: unknown;
    list?: boolean;
    /** Admin: takes `from`/`to`. */
    ranged?: boolean;
    /** The public read's v1 successor (docs/decisions/034). */
    successor?: OperationSpec['successor'];
    /** The admin read's v1 successor. */
    adminSuccessor?: OperationSpec['successor'];
  },
): ReturnType<typeof operation> {
  const ok: ResponseSpec =
    access === 'public'
      ? publicRead(read.description, read.schema, read.example)
      : {
          description: read.description,
          schema: read.schema,
          example: read.example,
          headers: { 'Cache-Control': headers.CacheControlPrivate },
        };
  const answers: Record<number, ResponseSpec> = { 200: ok };
  if (access === 'public') answers[304] = responses.NotModified;
  else answers[401] = responses.Unauthorized;
  const ranged = access === 'admin' && read.ranged === true;
  if (read.list) answers[422] = ranged ? adminListInvalid : listInvalid;
  else if (ranged) answers[422] = rangeInvalid;
  if (access === 'admin') answers[429] = responses.SignInLocked;
  const spec: OperationSpec = {
    operationId: access === 'public' ? `get${read.id}` : `getAdmin${read.id}`,
    ...(access === 'public' && read.successor ? { successor: read.successor } : {}),
    ...(access === 'admin' && read.adminSuccessor ? { successor: read.adminSuccessor } : {}),
    access,
    summary: read.summary,
    description:
      read.description +
      (read.list
        ? ' With no parameter: every row; `limit`, `offset`, `minOccurrences` and `sort` narrow it.'
        : '') +
      (ranged
        ? ' With `from` and/or `to` (YYYY-MM-DD, calendar days in the server’s statistics time zone): the counts of that range only; a missing `to` is today, a missing `from` the first day with data. Without both: all time.'
        : '') +
      (access === 'public'
        ? ' Cacheable: revalidate with `If-None-Match` (304 while unchanged).'
        : ' Requires the administrator’s HTTP Basic credentials.'),
    parameters: [...(read.list ? listParams : []), ...(ranged ? [...rangeParams, ...filterParams] : [])],
    ...(access === 'public' ? { headers: [ifNoneMatch] } : {}),
    responses: answers,
  };
  return operation(spec);
}

const listInvalid = validationFailed('limit must be an integer from 1 to 100000', 'limit');

/**
 * The statistics reads, defined once and mounted twice: at /api/stats
 * (public) and at /api/admin/stats (behind the admin plugin's Basic auth).
 */
export const statisticsReadRoutes = (statsJson: CachedStatsJson, options: ReadRoutesOptions) => {
  const { access, range } = options;
  const caching = options.caching ?? { headers: {}, conditional: false };
  const ranged = access === 'admin' && range !== undefined;
  /** A range read answers fresh JSON (never cached: admin answers are not stored anyway). */
  /** A range or a filter asks for the range reads (a filter without dates: every day, filtered). */
  const rangedRead = (query: RangeParams & FilterQuery) => ranged && (hasRange(query) || isFiltered(query));
  const inRange = async <Row>(
    query: RangeParams & FilterQuery,
    read: (stats: StatsStore, r: { from: Day; to: Day }) => Promise<Row>,
  ) => {
    const today = range!.today();
    const [stats, days] = await Promise.all([
      statsFor(range!, query, today),
      resolveRange(range!.stats, query, today),
    ]);
    return encodeJson(await read(stats, days));
  };
  const list =
    <Row extends { occurrences: number; correctAnswers: number }>(
      cached: (query: ListQuery) => ReturnType<CachedStatsJson['lyrics']>,
      read: (stats: StatsStore, r: { from: Day; to: Day }) => Promise<Row[]>,
    ) =>
    ({
      query: raw,
      request,
      set,
    }: { query: typeof ListQueryParams.static & RangeParams & FilterQuery } & Exchange) => {
      const query = decodeListQuery(raw);
      const context = { request, set };
      return rangedRead(raw)
        ? jsonResponse(
            inRange(raw, async (stats, r) => narrowList(await read(stats, r), query)),
            context,
            caching,
          )
        : jsonResponse(cached(query), context, caching);
    };
  const listQuery = ranged
    ? t.Object({ ...RangeListQueryParams.properties, ...FilterQueryParams.properties })
    : ListQueryParams;
  const rangeQuery = t.Object({ ...RangeQueryParams.properties, ...FilterQueryParams.properties });
  const routes = new Elysia({ prefix: '/stats' })
    .get('/overview', ({ request, set }) => jsonResponse(statsJson.overview(), { request, set }, caching), {
      detail: readOperation(access, {
        id: 'Overview',
        adminSuccessor: { operationId: 'getAdminStatsOverview', path: '/api/v1/admin/stats/overview' },
        successor: { operationId: 'getStatsOverview', path: '/api/v1/stats/overview' },
        summary: 'Overview',
        description: 'Totals of all recorded plays.',
        schema: Overview,
        example: examples.overview,
      }),
    })
    .get('/lyrics', list(statsJson.lyrics, getRangeLyrics), {
      query: listQuery,
      detail: readOperation(access, {
        id: 'LyricStats',
        adminSuccessor: { operationId: 'listAdminLineStats', path: '/api/v1/admin/stats/lines' },
        successor: { operationId: 'listLineStats', path: '/api/v1/stats/lines' },
        summary: 'Statistics per lyric line',
        description: 'Every line of the catalogue; a line never asked has 0 occurrences.',
        schema: LyricStats,
        example: examples.lyrics,
        list: true,
        ranged,
      }),
    })
    .get('/songs', list(statsJson.songs, getRangeSongs), {
      query: listQuery,
      detail: readOperation(access, {
        id: 'SongStats',
        adminSuccessor: { operationId: 'listAdminSongStats', path: '/api/v1/admin/stats/songs' },
        successor: { operationId: 'listSongStats', path: '/api/v1/stats/songs' },
        summary: 'Statistics per song',
        description: 'Every song; occurrences: times the song was the right answer.',
        schema: SongStats,
        example: examples.songs,
        list: true,
        ranged,
      }),
    })
    .get(
      '/albums',
      ({ query, request, set }) =>
        jsonResponse(
          rangedRead(query) ? inRange(query, getRangeAlbums) : statsJson.albums(),
          { request, set },
          caching,
        ),
      {
        ...(ranged ? { query: rangeQuery } : {}),
        detail: readOperation(access, {
          id: 'AlbumStats',
          adminSuccessor: { operationId: 'listAdminAlbumStats', path: '/api/v1/admin/stats/albums' },
          successor: { operationId: 'listAlbumStats', path: '/api/v1/stats/albums' },
          summary: 'Statistics per album',
          description: 'Every album; occurrences: times one of its songs was the right answer.',
          schema: AlbumStats,
          example: examples.albums,
          ranged,
        }),
      },
    );
  if (access === 'public') return routes;
  return routes.get(
    '/hourly',
    ({ query, request, set }) =>
      jsonResponse(
        rangedRead(query) ? inRange(query, getRangeHourly) : statsJson.hourly(),
        { request, set },
        caching,
      ),
    {
      ...(ranged ? { query: rangeQuery } : {}),
      detail: readOperation(access, {
        id: 'HourlyStats',
        adminSuccessor: { operationId: 'getAdminHourStats', path: '/api/v1/admin/stats/hours' },
        summary: 'Plays per hour of day',
        description: 'Always 24 entries, hours 0–23 in the server’s time zone, zeros included.',
        schema: ranged ? AdminHourlyStats : HourlyStats,
        example: examples.hourly,
        ranged,
      }),
    },
  );
};
