import { Type as T } from '@sinclair/typebox';
import { Elysia, t } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { csvResponse } from '../http/csv-response';
import { integerParam } from '../http/params';
import { errorExample, headers, responses } from '../openapi/components';
import { type OperationSpec, operation, type ResponseSpec } from '../openapi/contract';
import { ErrorBody } from '../shared/contracts/error';
import { PartyGameList, PartyHardLines } from '../shared/contracts/party-admin';
import type { PartyStore } from '../storage/contract';
import { exportPartyGameCsv, getPartyHardLines, listPartyGames } from './admin-service';

// Required: the export is of one game (the document said optional while the route refused none).
const gameParam = {
  ...integerParam({
    name: 'game',
    in: 'query',
    minimum: 1,
    maximum: 2_147_483_647,
    example: 1,
    description: 'The game (its `id` in the list of games).',
  }),
  required: true,
};

const ok = (description: string, schema: ResponseSpec['schema'], example: unknown): ResponseSpec => ({
  description,
  schema,
  example,
  headers: { 'Cache-Control': headers.CacheControlPrivate },
});
const adminAnswers = (okSpec: ResponseSpec) => ({
  200: okSpec,
  401: responses.Unauthorized,
  429: responses.SignInLocked,
});
const exampleCsv =
  '\ufeffMjesto;Nadimak;Bodovi;Točni odgovori;Stih 1: odgovor;Stih 1: točno;Stih 1: bodovi\r\n1;Ana;875;1;C;1;875\r\n2;Boris;0;0;A;0;0\r\n';

export const PartyExportQuery = t.Object({ game: gameParam.validator });

/** The contract of a game's CSV export but its name (API v1 serves the same file). */
export const partyExportRead = {
  summary: 'Export: a Kviz uživo game’s results as CSV',
  description:
    'One row per player, best first: place, nickname, points, right answers, then per line the option chosen (A–E, empty: none), whether it was right (1/0) and its points. UTF-8 with BOM, `;` between fields, CRLF. Requires the administrator’s HTTP Basic credentials.',
  parameters: [gameParam],
  responses: {
    ...adminAnswers({
      description: 'The CSV file, as an attachment.',
      schema: T.String(),
      mediaType: 'text/csv',
      example: exampleCsv,
      headers: {
        'Content-Disposition': {
          description: 'attachment; filename="kviz-uzivo-<code>-<day>.csv"',
          schema: T.String(),
          required: true,
          example: 'attachment; filename="kviz-uzivo-AHTPD95-2026-11-27.csv"',
        },
        'Cache-Control': headers.CacheControlPrivate,
      },
    }),
    422: {
      description: '`game` is missing or not an integer from 1 to 2147483647.',
      schema: ErrorBody,
      example: errorExample('validation_failed', 'game must be an integer from 1 to 2147483647', 'game'),
    },
  },
} satisfies Omit<OperationSpec, 'operationId' | 'access'>;

/**
 * The "Uživo" tab's reads (docs/decisions/031-live-game.md), mounted inside the admin routes
 * (Basic auth, no-store): finished games, the hardest lines of live games, a game's CSV.
 */
export const partyAdminRoutes = (deps: { store: PartyStore; catalogue: () => CatalogueIndex }) =>
  new Elysia()
    .get('/uzivo/games', () => listPartyGames(deps.store), {
      detail: operation({
        operationId: 'getAdminPartyGames',
        successor: { operationId: 'listAdminLiveGames', path: '/api/v1/admin/live-games' },
        access: 'admin',
        summary: 'Finished Kviz uživo games',
        description:
          'The latest 100 finished live games, newest first: code, times, settings, players. Requires the administrator’s HTTP Basic credentials.',
        responses: adminAnswers(ok('The games.', PartyGameList, PartyGameList.examples[0])),
      }),
    })
    .get('/uzivo/lines', () => getPartyHardLines(deps.store, deps.catalogue()), {
      detail: operation({
        operationId: 'getAdminPartyHardLines',
        successor: { operationId: 'getAdminLiveGameLines', path: '/api/v1/admin/live-games/lines' },
        access: 'admin',
        summary: 'The hardest lines of Kviz uživo',
        description:
          'Lines shown to at least 5 players of live games, lowest share of right answers first (20). Live answers are counted here only, never in the free-play statistics. Requires the administrator’s HTTP Basic credentials.',
        responses: adminAnswers(ok('The lines.', PartyHardLines, PartyHardLines.examples[0])),
      }),
    })
    .get(
      '/uzivo/export.csv',
      async ({ query }) => csvResponse(await exportPartyGameCsv(deps.store, query.game)),
      {
        query: PartyExportQuery,
        detail: operation({
          operationId: 'exportAdminPartyGameCsv',
          successor: { operationId: 'downloadAdminLiveGameCsv', path: '/api/v1/admin/live-games/export.csv' },
          access: 'admin',
          ...partyExportRead,
        }),
      },
    );
