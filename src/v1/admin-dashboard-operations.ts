import { Type as T, type TSchema } from '@sinclair/typebox';
import { t } from 'elysia';
import { annotationListRead } from '../admin/annotations/routes';
import { type AdminRead, exportRead } from '../admin/range-operations';
import { headers, responses, validationFailed } from '../openapi/components';
import { operation, type ResponseSpec } from '../openapi/contract';
import { partyExportRead } from '../party/admin-routes';
import type { ExportTable } from '../shared/contracts/admin-range';
import type { PartyGameList as GameList, PartyHardLines as HardLines } from '../shared/contracts/party-admin';
import { PartyGameList, PartyHardLines } from '../shared/contracts/party-admin';
import { RangeQueryParams, rangeInvalid, rangeParams } from '../stats/openapi';
import { AnnotationPage, LiveGameLines, LiveGamePage, liveGamePageParams } from './admin-dashboard-openapi';
import { toLiveGameLines } from './admin-dashboard-service';
import { limitParam, offsetParam } from './openapi';

/**
 * The contracts of the dashboard's reads in API v1 (docs/decisions/034): the unversioned reads'
 * contracts (src/admin/range-operations.ts) with the v1 answer's schema, named for v1.
 */

const TAGS = ['Admin (v1)'];
const privateHeaders = { 'Cache-Control': headers.CacheControlPrivate };

/** An admin read of v1: the unversioned read's contract, its 200 answered in v1's schema. */
export const v1Read = (
  operationId: string,
  read: AdminRead,
  answer?: { schema: TSchema; example: unknown },
) =>
  operation({
    operationId,
    access: 'admin',
    tags: TAGS,
    ...read,
    responses: answer
      ? { ...read.responses, 200: { ...(read.responses[200] as ResponseSpec), ...answer } }
      : read.responses,
  });

/** The unversioned reads an export's description names, and their v1 paths. */
const V1_PATHS: Record<string, string> = {
  lyrics: 'lines',
  songs: 'songs',
  albums: 'albums',
  hourly: 'hours',
  daily: 'trend',
  scores: 'scores',
  confusions: 'confusions',
  summary: 'summary',
  devices: 'devices',
};

export const exportOperation = (operationId: string, table: ExportTable) => {
  const { query: _query, ...read } = exportRead(table);
  const description = read.description.replace(/\/api\/admin\/stats\/(\w+)/g, (path, name: string) =>
    V1_PATHS[name] ? `/api/v1/admin/stats/${V1_PATHS[name]}` : path,
  );
  return v1Read(operationId, { ...read, description });
};

const annotationPageParams = [...rangeParams, limitParam, offsetParam] as const;
export const AnnotationPageQuery = t.Object({
  ...RangeQueryParams.properties,
  limit: t.Optional(limitParam.validator),
  offset: t.Optional(offsetParam.validator),
});

const linkHeader = (example: string) => ({
  description: 'The next page (RFC 8288, `rel="next"`), while there is one.',
  schema: T.String(),
  example,
});

const signIn = { 401: responses.Unauthorized, 429: responses.SignInLocked };
const exampleGames = (PartyGameList.examples as GameList[])[0]!.games;

export const listAdminLiveGamesOperation = operation({
  operationId: 'listAdminLiveGames',
  access: 'admin',
  tags: TAGS,
  summary: 'Finished Kviz uživo games',
  description:
    'The latest 100 finished live games, newest first (code, times, settings, players), a page at a time (`limit`, `offset`, `Link: rel="next"`). Requires the administrator’s HTTP Basic credentials.',
  parameters: liveGamePageParams,
  responses: {
    200: {
      description: 'One page.',
      schema: LiveGamePage,
      headers: {
        ...privateHeaders,
        Link: linkHeader('</api/v1/admin/live-games?limit=20&offset=20>; rel="next"'),
      },
      example: { items: exampleGames, total: 1, limit: 100, offset: 0 },
    },
    ...signIn,
    422: validationFailed('limit must be an integer from 1 to 1000', 'limit'),
  },
});

export const getAdminLiveGameLinesOperation = operation({
  operationId: 'getAdminLiveGameLines',
  access: 'admin',
  tags: TAGS,
  summary: 'The hardest lines of Kviz uživo',
  description:
    'Lines shown to at least 5 players of live games, lowest accuracy first (at most 20). Live answers are counted here only, never in the statistics of free play. Requires the administrator’s HTTP Basic credentials.',
  responses: {
    200: {
      description: 'The lines.',
      schema: LiveGameLines,
      headers: privateHeaders,
      example: toLiveGameLines((PartyHardLines.examples as HardLines[])[0]!),
    },
    ...signIn,
  },
});

export const downloadAdminLiveGameCsvOperation = operation({
  operationId: 'downloadAdminLiveGameCsv',
  access: 'admin',
  tags: TAGS,
  ...partyExportRead,
});

export const listAdminAnnotationsOperation = operation({
  operationId: 'listAdminAnnotations',
  access: 'admin',
  tags: TAGS,
  ...annotationListRead,
  description: `${annotationListRead.description} A page at a time (\`limit\`, \`offset\`, \`Link: rel="next"\`).`,
  parameters: annotationPageParams,
  responses: {
    200: {
      description: 'One page of the notes.',
      schema: AnnotationPage,
      headers: {
        ...privateHeaders,
        Link: linkHeader(
          '</api/v1/admin/annotations?from=2026-11-01&to=2026-11-27&limit=100&offset=100>; rel="next"',
        ),
      },
      example: {
        from: '2026-11-01',
        to: '2026-11-27',
        items: [{ id: 3, day: '2026-11-14', text: 'Radijska emisija o albumu Svjetionik' }],
        total: 1,
        limit: 100,
        offset: 0,
      },
    },
    ...signIn,
    422: {
      ...rangeInvalid,
      description: `${rangeInvalid.description} \`validation_failed\` for \`limit\` or \`offset\`.`,
    },
  },
});
