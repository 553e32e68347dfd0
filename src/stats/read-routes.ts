import { Type as T } from '@sinclair/typebox';
import { Elysia } from 'elysia';
import { headers, responses, validationFailed } from '../docs/components';
import { type OperationSpec, operation, type ResponseSpec } from '../docs/contract';
import { AlbumStat, HourlyStat, LyricStat, Overview, SongStat } from '../shared/contracts/stats';
import { type CachedStatsJson, jsonResponse, type ReadCaching } from './cached-reads';
import { ifNoneMatch, ListQueryParams, listParams, publicRead } from './model';

interface ReadRoutesOptions {
  /** Public reads are cacheable and revalidated by ETag; admin reads need Basic auth and are never stored. */
  access: 'public' | 'admin';
  caching?: ReadCaching;
}

const LyricStats = T.Array(LyricStat, { description: 'One row per lyric line.' });
const SongStats = T.Array(SongStat, { description: 'One row per song.' });
const AlbumStats = T.Array(AlbumStat, { description: 'One row per album.' });
const HourlyStats = T.Array(HourlyStat, {
  minItems: 24,
  maxItems: 24,
  description: 'Hours 0–23 in STATS_TIMEZONE, zeros included.',
});

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
  if (read.list) answers[422] = listInvalid;
  if (access === 'admin') answers[429] = responses.SignInLocked;
  const spec: OperationSpec = {
    operationId: access === 'public' ? `get${read.id}` : `getAdmin${read.id}`,
    access,
    summary: read.summary,
    description:
      read.description +
      (read.list
        ? ' With no parameter: every row, as the product spec has it; `limit`, `offset`, `minOccurrences` and `sort` narrow it.'
        : '') +
      (access === 'public'
        ? ' Cacheable: revalidate with `If-None-Match` (304 while unchanged).'
        : ' Requires the administrator’s HTTP Basic credentials.'),
    parameters: read.list ? listParams : [],
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
  const { access } = options;
  const caching = options.caching ?? { headers: {}, conditional: false };
  const routes = new Elysia({ prefix: '/stats' })
    .get('/overview', ({ request }) => jsonResponse(statsJson.overview(), request, caching), {
      detail: readOperation(access, {
        id: 'Overview',
        summary: 'Overview',
        description: 'Totals of all recorded plays.',
        schema: Overview,
        example: examples.overview,
      }),
    })
    .get('/lyrics', ({ query, request }) => jsonResponse(statsJson.lyrics(query), request, caching), {
      query: ListQueryParams,
      detail: readOperation(access, {
        id: 'LyricStats',
        summary: 'Statistics per lyric line',
        description: 'Every line of the catalogue; a line never asked has 0 occurrences.',
        schema: LyricStats,
        example: examples.lyrics,
        list: true,
      }),
    })
    .get('/songs', ({ query, request }) => jsonResponse(statsJson.songs(query), request, caching), {
      query: ListQueryParams,
      detail: readOperation(access, {
        id: 'SongStats',
        summary: 'Statistics per song',
        description: 'Every song; occurrences: times the song was the right answer.',
        schema: SongStats,
        example: examples.songs,
        list: true,
      }),
    })
    .get('/albums', ({ request }) => jsonResponse(statsJson.albums(), request, caching), {
      detail: readOperation(access, {
        id: 'AlbumStats',
        summary: 'Statistics per album',
        description: 'Every album; occurrences: times one of its songs was the right answer.',
        schema: AlbumStats,
        example: examples.albums,
      }),
    });
  if (access === 'public') return routes;
  return routes.get('/hourly', ({ request }) => jsonResponse(statsJson.hourly(), request, caching), {
    detail: readOperation(access, {
      id: 'HourlyStats',
      summary: 'Plays per hour of day',
      description:
        'Always 24 entries, hours 0–23 in the configured time zone (STATS_TIMEZONE), zeros included.',
      schema: HourlyStats,
      example: examples.hourly,
    }),
  });
};
