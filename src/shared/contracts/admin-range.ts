import { type Static, Type as T } from '@sinclair/typebox';
import { BROWSER_FAMILIES, DEVICE_CLASSES } from '../devices';
import { Confusion, DailySeries, IsoDate, LineConfusion, RangeSummary } from './time-series';

/**
 * The admin dashboard's date ranges and exports (docs/decisions/019). Every call below is behind
 * the administrator's HTTP Basic auth, like /api/admin/stats/overview.
 *
 *   GET /api/admin/stats/summary     ?from&to                       → AdminSummary
 *   GET /api/admin/stats/daily       ?from&to                       → AdminDaily
 *   GET /api/admin/stats/scores      ?from&to&difficulty            → ScoreDistribution (time-series.ts)
 *   GET /api/admin/stats/confusions  ?from&to&lyricId|songId&limit  → AdminConfusions
 *   GET /api/admin/stats/devices     ?from&to                       → AdminDevices
 *   GET /api/admin/stats/lyrics      ?from&to (+ limit, offset, minOccurrences, sort) → LyricStat[]
 *   GET /api/admin/stats/songs       ?from&to (+ the same)          → SongStat[]
 *   GET /api/admin/stats/albums      ?from&to                       → AlbumStat[]
 *   GET /api/admin/stats/hourly      ?from&to                       → HourlyStat[] (no range) | HourlyRangeStat[] (a range)
 *   GET /api/admin/export/{lyrics|songs|albums|hourly|daily|scores|bands|confusions|summary|devices}.csv ?from&to
 *       → text/csv; charset=utf-8: BOM, `;` separator, CRLF, RFC 4180 quoting, a header row of the
 *         JSON field names; integers as digits, fractions with a decimal comma (58,07);
 *         Content-Disposition: attachment; filename="kviz-lyrics-2026-11-01_2026-11-23.csv"
 *         (all-time lists: "kviz-lyrics-sve.csv").
 *
 * `from` and `to` are calendar days YYYY-MM-DD in STATS_TIMEZONE, both included.
 * Defaults:
 *   - lyrics, songs, albums, hourly (JSON and CSV): neither given → all time, the answer these
 *     reads gave before ranges existed (same shapes and counters), so older clients keep working.
 *   - otherwise a missing `to` is today (STATS_TIMEZONE) and a missing `from` is the first day
 *     with a recorded play or an issued quiz (`firstDay` of the summary; `to` when there is none):
 *     no parameter at all = all time, so 'Sve' needs no dates.
 * Errors: a malformed or impossible date → 422 `invalid_range` with `field` "from" or "to";
 * `to` before `from` → 422 `invalid_range`, field "to"; a range longer than 3,660 days → 422
 * `invalid_range`, field "to"; no or wrong credentials → 401 `unauthorized`.
 */

/** The range an answer covers, as applied (defaults filled in). */
const Applied = {
  from: IsoDate,
  to: IsoDate,
};

export const AdminSummary = T.Object(
  {
    today: { ...IsoDate, description: 'Today in the server’s time zone (the default `to`).' },
    firstDay: T.Union([IsoDate, T.Null()], {
      description:
        'The first day with a recorded play or an issued quiz (the default `from`); null on an empty database.',
    }),
    current: { ...RangeSummary, description: 'The cards of the range asked.' },
    previous: {
      ...RangeSummary,
      description:
        'The same figures for the period of the same length that ends the day before `from` (for the change shown on the cards).',
    },
  },
  { description: 'The dashboard cards of a range and of the period before it.' },
);
export type AdminSummary = Static<typeof AdminSummary>;

export const AdminDaily = T.Object(
  {
    ...Applied,
    points: DailySeries,
  },
  { description: 'One point per day of the range, zeros included (plays, distinct players per day, …).' },
);
export type AdminDaily = Static<typeof AdminDaily>;

const ConfusionScope = T.Union([T.Literal('all'), T.Literal('lyric'), T.Literal('song')], {
  description: '`all`: the overall top list; `lyric`: for the line `lyricId`; `song`: for the song `songId`.',
});

export const AdminConfusions = T.Object(
  {
    ...Applied,
    period: T.Union([T.Literal('all-time'), T.Literal('range')], {
      description:
        '`range` (`from` or `to` given): the wrong picks of the plays of [from, to]; `all-time` (neither given): of every recorded play, from the all-time counters (`from`/`to` then echo the default range, first day to today).',
    }),
    scope: ConfusionScope,
    lyricId: T.Optional(T.Integer({ description: 'With scope `lyric`.' })),
    songId: T.Optional(T.Integer({ description: 'With scope `song`.' })),
    confusions: T.Array(T.Union([LineConfusion, Confusion]), {
      description: 'Most picked first. With scope `lyric` each entry also has `lyricId` and `lyric`.',
    }),
  },
  { description: 'The wrong songs players pick instead of the right one.' },
);
export type AdminConfusions = Static<typeof AdminConfusions>;

const countsOf = (names: readonly string[], description: string) =>
  T.Object(
    Object.fromEntries(
      names.map((name) => [name, T.Integer({ minimum: 0, description: `Plays counted under \`${name}\`.` })]),
    ),
    { description },
  );

export const AdminDevices = T.Object(
  {
    ...Applied,
    plays: T.Integer({ minimum: 0, description: 'Plays recorded in the range.' }),
    byDevice: countsOf(DEVICE_CLASSES, 'Plays per device class.'),
    byBrowser: countsOf(BROWSER_FAMILIES, 'Plays per browser family.'),
    players: T.Integer({
      minimum: 0,
      description: 'Distinct players with a play in the range (each once, however many days they played).',
    }),
    newPlayers: T.Integer({
      minimum: 0,
      description: 'Players whose first recorded play falls in the range (each once).',
    }),
    returningPlayers: T.Integer({
      minimum: 0,
      description:
        'Distinct players of the range who had played before it: players − newPlayers (each once).',
    }),
    playerDays: T.Integer({
      minimum: 0,
      description:
        'Sum over the days of each day’s distinct players (a player on three days counts three times).',
    }),
    returningPlayerDays: T.Integer({
      minimum: 0,
      description:
        'Player-days of players who had played on an earlier day: playerDays − newPlayers. Distinct returning players of a range are not summable from per-day counters.',
    }),
    quizzesIssued: T.Integer({ minimum: 0, description: 'Quizzes fetched (GET /api/quiz) in the range.' }),
    completionRate: T.Union([T.Number(), T.Null()], {
      description: 'Plays recorded / quizzes issued × 100 (one decimal); null when no quiz was issued.',
    }),
  },
  { description: 'Devices, new vs returning players and the completion rate of a range.' },
);
export type AdminDevices = Static<typeof AdminDevices>;

export const HourlyRangeStat = T.Object(
  {
    hour: T.Integer({ minimum: 0, maximum: 23, description: 'Hour of day in the server’s time zone.' }),
    attempts: T.Integer({ minimum: 0, description: 'Plays recorded in this hour of day within the range.' }),
  },
  {
    description:
      'Plays in one hour of day within a range. Distinct players per hour (`uniquePlayers`) are kept all-time only, so a range has none.',
    examples: [{ hour: 20, attempts: 96 }],
  },
);
export type HourlyRangeStat = Static<typeof HourlyRangeStat>;

export const EXPORT_TABLES = [
  'lyrics',
  'songs',
  'albums',
  'hourly',
  'daily',
  'scores',
  'bands',
  'confusions',
  'summary',
  'devices',
] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

/** CSV dialect of the exports (docs/decisions/019): shared so the dashboard can say so. */
export const CSV_DIALECT = {
  separator: ';',
  lineEnd: '\r\n',
  bom: true,
  decimalSeparator: ',',
} as const;

/**
 * The columns of each export, in order (the header row). Rows of lyrics/songs/albums/hourly/daily
 * are the JSON rows; `scores` has one row per score 0–30 (score;plays) — the bands follow the
 * histogram in the JSON only; `confusions` is the overall top list (limit 100).
 * `bands` is the rating bands of the score distribution (the JSON's `bands`). `summary` is the
 * cards: one row per figure of SUMMARY_FIGURES with the range's value, the previous period's and
 * the change in percent (src/shared/change.ts; empty when the previous value is 0). `devices` is
 * the devices view flattened: one row per figure of /stats/devices, `group` being `device`
 * (plays per device class), `browser` (plays per browser family), `players` or `quizzes`.
 */
export const EXPORT_COLUMNS = {
  lyrics: ['lyricId', 'text', 'songTitle', 'albumTitle', 'albumYear', 'occurrences', 'correctAnswers'],
  songs: ['songId', 'title', 'albumTitle', 'albumYear', 'occurrences', 'correctAnswers'],
  albums: ['albumId', 'title', 'occurrences', 'correctAnswers'],
  /** All time (no from/to) adds `uniquePlayers`, as the JSON does. */
  hourly: ['hour', 'attempts'],
  daily: ['day', 'plays', 'players', 'newPlayers', 'quizzesIssued', 'answers', 'correct'],
  scores: ['score', 'plays'],
  bands: ['label', 'min', 'max', 'plays', 'share'],
  confusions: ['songId', 'songTitle', 'selectedSongId', 'selectedSongTitle', 'times'],
  summary: ['figure', 'current', 'previous', 'change'],
  devices: ['group', 'key', 'value'],
} as const satisfies Record<ExportTable, readonly string[]>;

/** The figures of `summary.csv`, one row each, in order (fields of RangeSummary). */
export const SUMMARY_FIGURES = [
  'plays',
  'players',
  'playerDays',
  'newPlayers',
  'answers',
  'correct',
  'averageScore',
  'accuracy',
  'quizzesIssued',
  'completionRate',
] as const;

/** The figures of `devices.csv` beyond the device classes and browsers: group → fields of AdminDevices. */
export const DEVICES_FIGURES = {
  players: ['players', 'newPlayers', 'returningPlayers', 'playerDays', 'returningPlayerDays'],
  quizzes: ['quizzesIssued', 'plays', 'completionRate'],
} as const;
