import { type Static, Type as T } from '@sinclair/typebox';
import { IsoDate } from './time-series';

/**
 * Where players come from and what they do (docs/decisions/040):
 *
 *   POST /api/share                         { target } → 204 (the results page's beacon)
 *   GET  /api/admin/stats/sources?from&to   → AdminSources
 *   GET  /api/admin/export/{referrers|campaigns|shares|funnel}.csv
 *
 * Aggregate counters per day only: no cookie, no visitor id, no address, no path or query of a
 * referring page.
 */

/** The share buttons of the results and daily pages, as the beacon names them. */
export const SHARE_TARGETS = ['native', 'facebook', 'instagram', 'whatsapp', 'x', 'copy'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/** The dashboard's names of the share targets. */
export const SHARE_TARGET_LABELS: Record<ShareTarget, string> = {
  native: 'Dijeljenje sustava (Podijeli…)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
  x: 'X (Twitter)',
  copy: 'Kopiraj tekst',
};

/**
 * The key under which every referrer or campaign beyond the ones kept is counted: a key no
 * normalised host or campaign value can be (both drop parentheses).
 */
export const OTHER_SOURCE = '(ostalo)';
/** The referrer key of a landing visit that named no referring site (typed, a bookmark, an app). */
export const DIRECT_SOURCE = '';
/** Named referrers (and campaigns) kept per day; the rest of the day's visits go to OTHER_SOURCE. */
export const SOURCE_KEYS_PER_DAY = 50;
/** Rows of each list an answer gives for a range; the rest of the range is summed in `other`. */
export const SOURCE_ROWS = 20;

export const ShareBeacon = T.Object(
  {
    target: T.Union(
      SHARE_TARGETS.map((t) => T.Literal(t)),
      { description: 'The button pressed.' },
    ),
  },
  { description: 'A press of a share button on a results page.', examples: [{ target: 'whatsapp' }] },
);
export type ShareBeacon = Static<typeof ShareBeacon>;

const visits = (description: string) => T.Integer({ minimum: 0, description });

export const ReferrerRow = T.Object(
  {
    host: T.String({
      maxLength: 100,
      description:
        'The referring site’s host (lower case, without `www.`); empty for a visit that named none (typed in, a bookmark, an app).',
    }),
    visits: visits('Landing visits from it in the range.'),
  },
  {
    description: 'Landing visits from one referring site.',
    examples: [{ host: 'facebook.com', visits: 41 }],
  },
);
export type ReferrerRow = Static<typeof ReferrerRow>;

export const CampaignRow = T.Object(
  {
    source: T.String({ maxLength: 60, description: '`utm_source` (normalised; empty when absent).' }),
    medium: T.String({ maxLength: 60, description: '`utm_medium` (normalised; empty when absent).' }),
    campaign: T.String({ maxLength: 60, description: '`utm_campaign` (normalised; empty when absent).' }),
    visits: visits('Landing visits with these parameters in the range.'),
  },
  {
    description: 'Landing visits with one combination of campaign parameters.',
    examples: [{ source: 'radio', medium: 'qr', campaign: 'jesen', visits: 12 }],
  },
);
export type CampaignRow = Static<typeof CampaignRow>;

export const ShareRow = T.Object(
  {
    target: T.Union(
      SHARE_TARGETS.map((t) => T.Literal(t)),
      { description: 'The share button.' },
    ),
    shares: visits('Presses of that button in the range.'),
  },
  { description: 'Presses of one share button.', examples: [{ target: 'whatsapp', shares: 9 }] },
);
export type ShareRow = Static<typeof ShareRow>;

export const Funnel = T.Object(
  {
    quizzesIssued: visits('Quizzes handed out (free play and the daily challenge).'),
    playsFinished: visits('Plays recorded (submitted and graded).'),
    shared: visits('Presses of a share button (one play can be shared more than once).'),
    playedAgain: visits(
      'Plays by a player who had already finished a play earlier the same day (in the server’s time zone): the plays of each day minus its distinct players.',
    ),
  },
  {
    description:
      'The steps of a range, each counted on its own (aggregate counters: not the same people followed from step to step).',
    examples: [{ quizzesIssued: 140, playsFinished: 115, shared: 21, playedAgain: 38 }],
  },
);
export type Funnel = Static<typeof Funnel>;

const listOf = <S extends ReturnType<typeof T.Object>>(row: S, what: string) =>
  T.Object(
    {
      rows: T.Array(row, {
        maxItems: SOURCE_ROWS,
        description: `The ${what} with the most visits, most first.`,
      }),
      other: visits(
        `Visits of the range’s other ${what}: those beyond \`rows\` and those counted as \`(ostalo)\` on days that had more than ${SOURCE_KEYS_PER_DAY}.`,
      ),
      total: visits('Every landing visit counted in this list in the range.'),
    },
    { description: `The ${what} of a range.` },
  );

export const ReferrerList = listOf(ReferrerRow, 'referring sites');
export const CampaignList = listOf(CampaignRow, 'campaigns');

export const AdminSources = T.Object(
  {
    from: IsoDate,
    to: IsoDate,
    referrers: ReferrerList,
    campaigns: CampaignList,
    shares: T.Array(ShareRow, { description: 'Every share button, most pressed first (zeros included).' }),
    funnel: Funnel,
  },
  { description: 'Where the range’s visits came from, and the funnel from quiz to share to a new play.' },
);
export type AdminSources = Static<typeof AdminSources>;

/** The CSV exports of 'Izvori' (GET /api/admin/export/{table}.csv), beside EXPORT_TABLES. */
export const SOURCE_EXPORTS = ['referrers', 'campaigns', 'shares', 'funnel'] as const;
export type SourceExport = (typeof SOURCE_EXPORTS)[number];

/**
 * The columns of each, in order: the JSON rows, then a `(ostalo)` row with `other` (referrers,
 * campaigns); `share` is the row's percentage of the list's total. The funnel is one row per
 * step with its count, its percentage of the quizzes issued and, for the shares and the plays
 * again, of the plays finished (the steps after it are not part of it: a play can be shared twice).
 */
export const SOURCE_EXPORT_COLUMNS = {
  referrers: ['host', 'visits', 'share'],
  campaigns: ['source', 'medium', 'campaign', 'visits', 'share'],
  shares: ['target', 'shares', 'share'],
  funnel: ['step', 'count', 'ofIssued', 'ofFinished'],
} as const satisfies Record<SourceExport, readonly string[]>;

/** The Croatian header row of those exports (the JSON names stay the API's). */
export const SOURCE_EXPORT_HEADERS: Record<string, string> = {
  host: 'Izvor (stranica)',
  visits: 'Posjeti',
  share: 'Udio (%)',
  source: 'Izvor (utm_source)',
  medium: 'Medij (utm_medium)',
  campaign: 'Kampanja (utm_campaign)',
  target: 'Gumb za dijeljenje',
  shares: 'Pritisci',
  step: 'Korak',
  count: 'Broj',
  ofIssued: 'Od izdanih kvizova (%)',
  ofFinished: 'Na 100 završenih igara (%)',
};

/** The funnel's steps in order, with their names on the dashboard and in the CSV. */
export const FUNNEL_STEPS = [
  { key: 'quizzesIssued', label: 'Izdani kvizovi' },
  { key: 'playsFinished', label: 'Završene igre' },
  { key: 'shared', label: 'Dijeljenja rezultata' },
  { key: 'playedAgain', label: 'Ponovne igre' },
] as const satisfies readonly { key: keyof Funnel; label: string }[];

/** How a referrer is named on screen and in the CSV: the host, or what an empty one means. */
export const referrerLabel = (host: string) => (host === DIRECT_SOURCE ? 'izravno (bez izvora)' : host);
