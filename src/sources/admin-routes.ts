import { Type as T } from '@sinclair/typebox';
import { Elysia } from 'elysia';
import { headers, responses } from '../openapi/components';
import { operation, type ResponseSpec } from '../openapi/contract';
import {
  AdminSources,
  SOURCE_EXPORT_COLUMNS,
  SOURCE_EXPORT_HEADERS,
  SOURCE_EXPORTS,
  SOURCE_KEYS_PER_DAY,
  SOURCE_ROWS,
  type SourceExport,
} from '../shared/contracts/admin-sources';
import { RangeQueryParams, rangeInvalid, rangeParams } from '../stats/openapi';
import type { Day } from '../time/day';
import { sourcesCsv } from './export';
import { getAdminSources, type SourcesDeps } from './report';

export interface SourcesRoutesDeps extends SourcesDeps {
  today: () => Day;
}

const privateCache = { 'Cache-Control': headers.CacheControlPrivate };
const answers = (ok: ResponseSpec) => ({
  200: ok,
  401: responses.Unauthorized,
  422: rangeInvalid,
  429: responses.SignInLocked,
});

const RANGE_NOTE =
  ' `from`/`to`: days YYYY-MM-DD in the server’s time zone, both included; a missing `to` is today, a missing `from` the first day with a recorded play or an issued quiz. Requires the administrator’s HTTP Basic credentials.';

const exampleSources: AdminSources = {
  from: '2026-11-01',
  to: '2026-11-27',
  referrers: {
    rows: [
      { host: 'facebook.com', visits: 412 },
      { host: '', visits: 380 },
      { host: 'google.com', visits: 97 },
    ],
    other: 14,
    total: 903,
  },
  campaigns: {
    rows: [{ source: 'radio', medium: 'qr', campaign: 'jesen', visits: 58 }],
    other: 0,
    total: 58,
  },
  shares: [
    { target: 'whatsapp', shares: 61 },
    { target: 'facebook', shares: 33 },
    { target: 'copy', shares: 20 },
    { target: 'native', shares: 12 },
    { target: 'x', shares: 4 },
    { target: 'instagram', shares: 2 },
  ],
  funnel: { quizzesIssued: 1840, playsFinished: 1502, shared: 132, playedAgain: 511 },
};

const EXPORT_NOTES: Record<SourceExport, string> = {
  referrers:
    'The referring sites of the range (`referrers` of GET /api/admin/stats/sources): host (`izravno (bez izvora)` for none), visits and share of all landing visits, then `(ostalo)` with `other`.',
  campaigns:
    'The campaigns of the range (`campaigns` of GET /api/admin/stats/sources): `utm_source`, `utm_medium`, `utm_campaign`, visits and share, then `(ostalo)` with `other`.',
  shares: 'Presses of each share button in the range, with its share of all presses.',
  funnel:
    'The funnel of the range, one row per step (quizzes issued, plays finished, shares, played again) with its count, its percentage of the quizzes issued and (shares, played again) of the plays finished.',
};

const exampleCsv: Record<SourceExport, string> = Object.fromEntries(
  SOURCE_EXPORTS.map((table) => [table, sourcesCsv(table, exampleSources).body]),
) as Record<SourceExport, string>;

/** Where each version mounts these operations and what it names them (docs/decisions/034). */
const VERSIONS = {
  v0: {
    read: 'getAdminSources',
    exportPath: (table: SourceExport) => `/export/${table}.csv`,
    exportId: (table: SourceExport) => `exportAdmin${table[0]!.toUpperCase()}${table.slice(1)}Csv`,
    tags: undefined,
  },
  v1: {
    read: 'getAdminTrafficSources',
    exportPath: (table: SourceExport) => `/exports/${table}.csv`,
    exportId: (table: SourceExport) => `downloadAdmin${table[0]!.toUpperCase()}${table.slice(1)}Csv`,
    tags: ['Admin (v1)'],
  },
} as const;

/** The unversioned operations point at their v1 form (the same answer: its words are the glossary's). */
const successorOf = (version: 'v0' | 'v1', operationId: string, path: string) =>
  version === 'v0' ? { successor: { operationId, path: `/api/v1/admin${path}` } } : {};

/**
 * 'Izvori' of the dashboard (docs/decisions/040), mounted inside the admin routes of each API
 * version (Basic auth, no-store): the JSON read and its four CSV files.
 */
export const sourcesAdminRoutes = (deps: SourcesRoutesDeps, version: 'v0' | 'v1' = 'v0') => {
  const names = VERSIONS[version];
  let app = new Elysia().get('/stats/sources', ({ query }) => getAdminSources(deps, query, deps.today()), {
    query: RangeQueryParams,
    detail: operation({
      operationId: names.read,
      access: 'admin',
      ...(names.tags ? { tags: [...names.tags] } : {}),
      ...successorOf(version, VERSIONS.v1.read, '/stats/sources'),
      summary: 'Where the visits of a range came from, the shares and the funnel',
      description:
        `Landing visits (a page opened from outside the site) by referring host and by campaign parameters (\`utm_source\`, \`utm_medium\`, \`utm_campaign\`), the ${SOURCE_ROWS} with the most visits each and the rest summed (a day keeps at most ${SOURCE_KEYS_PER_DAY} hosts and ${SOURCE_KEYS_PER_DAY} campaigns; the others of that day are counted together as \`(ostalo)\`); presses of each share button; and the funnel: quizzes issued → plays finished → shares → plays by a player who had already finished one the same day. Aggregate counters per day only: nothing about a visitor is kept.` +
        RANGE_NOTE,
      parameters: rangeParams,
      responses: answers({
        description: 'The sources and the funnel of the range.',
        schema: AdminSources,
        example: exampleSources,
        headers: privateCache,
      }),
    }),
  });
  for (const table of SOURCE_EXPORTS)
    app = app.get(
      names.exportPath(table),
      async ({ query }) => {
        const file = sourcesCsv(table, await getAdminSources(deps, query, deps.today()));
        return new Response(file.body, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${file.name}"`,
          },
        });
      },
      {
        query: RangeQueryParams,
        detail: operation({
          operationId: names.exportId(table),
          access: 'admin',
          ...(names.tags ? { tags: [...names.tags] } : {}),
          ...successorOf(version, VERSIONS.v1.exportId(table), VERSIONS.v1.exportPath(table)),
          summary: `Export: ${table} as CSV`,
          description: `${version === 'v1' ? EXPORT_NOTES[table].replace('/api/admin/', '/api/v1/admin/') : EXPORT_NOTES[table]} As CSV for spreadsheet programs: UTF-8 with BOM, \`;\` between fields, CRLF, a header row in Croatian (${SOURCE_EXPORT_COLUMNS[table].map((c) => `\`${SOURCE_EXPORT_HEADERS[c]}\``).join(', ')}); fractions with a decimal comma.${RANGE_NOTE}`,
          parameters: rangeParams,
          responses: answers({
            description: 'The CSV file, as an attachment.',
            schema: T.String(),
            mediaType: 'text/csv',
            example: exampleCsv[table],
            headers: {
              'Content-Disposition': {
                description: `attachment; filename="kviz-${table}-<from>_<to>.csv"`,
                schema: T.String(),
                required: true,
                example: `attachment; filename="kviz-${table}-2026-11-01_2026-11-27.csv"`,
              },
              ...privateCache,
            },
          }),
        }),
      },
    ) as unknown as typeof app;
  return app;
};
