import { type Static, Type as T } from '@sinclair/typebox';
import { BROWSER_FAMILIES, DEVICE_CLASSES } from '../devices';
import { Confusion, DaySeriesPoint, IsoDate, LineConfusion, RangeSummary } from './time-series';

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
    comparison: T.Union([T.Literal('previous'), T.Literal('year')], {
      description:
        'What `previous` is: `previous`, the period of the same length that ends the day before `from` (the default); `year`, the same dates a year earlier (`compare=year`).',
    }),
    comparable: T.Boolean({
      description:
        'Whether `previous` starts on or after `firstDay`: data were recorded on each of its days. False: its figures cover only part of it (or nothing), and no change is shown or exported.',
    }),
    current: { ...RangeSummary, description: 'The cards of the range asked.' },
    previous: {
      ...RangeSummary,
      description: 'The same figures for the period `comparison` names (for the change shown on the cards).',
    },
  },
  { description: 'The dashboard cards of a range and of the period before it.' },
);
export type AdminSummary = Static<typeof AdminSummary>;

/** A point of the trend: a day, or a week or month of days (`day` through `through`, clipped to the range). */
export const TrendPoint = T.Object(
  {
    ...DaySeriesPoint.properties,
    day: {
      ...IsoDate,
      description: 'The first day the point counts (a week’s Monday, a month’s 1st, or `from`).',
    },
    through: { ...IsoDate, description: 'The last day the point counts (the same day for `group=day`).' },
    players: T.Integer({
      description:
        'Distinct players of the point’s days, each counted once (for a day: that day’s distinct players).',
    }),
  },
  { description: 'A day, week or month of the trend.' },
);
export type TrendPoint = Static<typeof TrendPoint>;

export const AdminDaily = T.Object(
  {
    ...Applied,
    group: T.Union([T.Literal('day'), T.Literal('week'), T.Literal('month')], {
      description: 'What a point is: a day (the default), a week Monday to Sunday, a calendar month.',
    }),
    points: T.Array(TrendPoint, {
      description: 'One point per day, week or month of the range, zeros included.',
    }),
    previous: T.Optional(
      T.Object(
        {
          ...Applied,
          comparison: T.Union([T.Literal('previous'), T.Literal('year')], {
            description:
              'As `compare` asked: the period of the same length before `from`, or the same dates a year earlier.',
          }),
          comparable: T.Boolean({
            description:
              'Whether data were recorded on every day of the compared period (it starts on or after the first day with data).',
          }),
          points: T.Array(TrendPoint, {
            description:
              'Point i covers as many days, as many days after the compared period’s start, as point i of `points` after `from`.',
          }),
        },
        {
          description:
            'With `compare`: the compared period grouped like the range (the trend chart’s second line).',
        },
      ),
    ),
  },
  {
    description:
      'The trend of a range: one point per day, week or month, zeros included, and the compared period’s.',
  },
);
export type AdminDaily = Static<typeof AdminDaily>;
export type TrendGroup = AdminDaily['group'];

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
    quizzesIssued: T.Integer({
      minimum: 0,
      description: 'Quizzes handed out in the range (free play and the daily challenge).',
    }),
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

const Hours = (description: string) =>
  T.Array(T.Integer({ minimum: 0 }), { minItems: 24, maxItems: 24, description });

/** The hourly chart's 'Ukupno igrača' (docs/decisions/033): distinct players by their earliest hour of day. */
export const AdminHourlyPlayers = T.Object(
  {
    players: T.Integer({ minimum: 0, description: 'Distinct players, all time (`playersThrough[23]`).' }),
    byEarliestHour: Hours(
      'Entry h: the players whose earliest hour of day of any play (in the server’s time zone, all time) is h.',
    ),
    playersThrough: Hours(
      'Entry h: the distinct players who have played at hour h or earlier in the day (the running sum of `byEarliestHour`): each player counted once.',
    ),
  },
  {
    description: 'Distinct players by hour of day, each counted once: at their earliest hour.',
  },
);
export type AdminHourlyPlayers = Static<typeof AdminHourlyPlayers>;

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
  lyrics: [
    'lyricId',
    'text',
    'songTitle',
    'albumTitle',
    'albumYear',
    'occurrences',
    'correctAnswers',
    'percentage',
  ],
  songs: ['songId', 'title', 'albumTitle', 'albumYear', 'occurrences', 'correctAnswers', 'percentage'],
  albums: ['albumId', 'title', 'occurrences', 'correctAnswers', 'percentage'],
  /** All time (no from/to) adds `uniquePlayers`, as the JSON does. */
  hourly: ['hour', 'attempts', 'share'],
  daily: [
    'day',
    'plays',
    'players',
    'newPlayers',
    'quizzesIssued',
    'answers',
    'correct',
    'accuracy',
    'completionRate',
    'through',
    'previousDay',
    'previousPlays',
    'previousPlayers',
  ],
  scores: ['score', 'plays', 'share'],
  bands: ['label', 'min', 'max', 'plays', 'share'],
  confusions: ['songId', 'songTitle', 'selectedSongId', 'selectedSongTitle', 'times'],
  summary: ['figure', 'current', 'previous', 'change'],
  devices: ['group', 'key', 'value', 'share'],
} as const satisfies Record<ExportTable, readonly string[]>;

/**
 * The columns a CSV adds to its JSON rows: percentages a spreadsheet would otherwise have to
 * compute, one decimal as the dashboard shows them, empty when there is nothing to divide by.
 * `percentage`: right answers of the row's answers; `share`: of the plays of the table (of the
 * group, for devices and browsers); `accuracy`: right answers of the day's answers;
 * `completionRate`: plays of the quizzes issued that day.
 */
export const DERIVED_EXPORT_COLUMNS: Partial<Record<ExportTable, readonly string[]>> = {
  lyrics: ['percentage'],
  songs: ['percentage'],
  albums: ['percentage'],
  hourly: ['share'],
  daily: ['accuracy', 'completionRate'],
  scores: ['share'],
  devices: ['share'],
};

/**
 * The header row of each export, in Croatian (the JSON field names stay the API's): a key's
 * header, or the table's own where the dashboard names the same field differently.
 */
const HEADERS: Record<string, string> = {
  lyricId: 'ID stiha',
  text: 'Stih',
  songId: 'ID pjesme',
  songTitle: 'Pjesma',
  albumId: 'ID albuma',
  albumTitle: 'Album',
  albumYear: 'Godina albuma',
  occurrences: 'Pojavljivanja',
  correctAnswers: 'Točni odgovori',
  percentage: 'Postotak točnih (%)',
  hour: 'Sat',
  attempts: 'Igranja',
  uniquePlayers: 'Različiti igrači',
  share: 'Udio (%)',
  day: 'Dan',
  plays: 'Igranja',
  players: 'Različiti igrači toga dana',
  newPlayers: 'Novi igrači',
  quizzesIssued: 'Izdani kvizovi',
  answers: 'Odgovori',
  correct: 'Točni odgovori',
  accuracy: 'Točnost (%)',
  completionRate: 'Dovršenost (%)',
  score: 'Rezultat',
  label: 'Ocjena',
  min: 'Od bodova',
  max: 'Do bodova',
  selectedSongId: 'ID odabrane pjesme',
  selectedSongTitle: 'Odabrana umjesto nje',
  times: 'Koliko puta',
  figure: 'Pokazatelj',
  current: 'Odabrano razdoblje',
  previous: 'Usporedno razdoblje',
  change: 'Promjena (%)',
  group: 'Skupina',
  key: 'Stavka',
  value: 'Vrijednost',
  through: 'Do dana',
  previousDay: 'Usporedno od dana',
  previousPlays: 'Igranja u usporednom razdoblju',
  previousPlayers: 'Različiti igrači u usporednom razdoblju',
};
const TABLE_HEADERS: Partial<Record<ExportTable, Record<string, string>>> = {
  lyrics: { occurrences: 'Prikazano', correctAnswers: 'Točno' },
  songs: { title: 'Pjesma' },
  albums: { title: 'Album' },
};

/** The Croatian header of `column` in the export of `table`. */
export function exportHeader(table: ExportTable, column: string): string {
  return TABLE_HEADERS[table]?.[column] ?? HEADERS[column] ?? column;
}

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

/**
 * The Croatian names `summary.csv` and `devices.csv` give their rows' figures and groups (the JSON
 * keeps the API's field names), as the dashboard names them.
 */
export const FIGURE_LABELS: Record<string, string> = {
  plays: 'Igranja',
  players: 'Različiti igrači',
  playerDays: 'Igrači po danima',
  newPlayers: 'Novi igrači',
  returningPlayers: 'Povratnici',
  returningPlayerDays: 'Povratnici po danima',
  answers: 'Odgovori',
  correct: 'Točni odgovori',
  averageScore: 'Prosječni rezultat',
  accuracy: 'Točnost (%)',
  quizzesIssued: 'Izdani kvizovi',
  completionRate: 'Dovršenost kvizova (%)',
};
export const DEVICE_GROUP_LABELS: Record<string, string> = {
  device: 'Uređaj',
  browser: 'Preglednik',
  players: 'Igrači',
  quizzes: 'Kvizovi',
};

/** The figures of `devices.csv` beyond the device classes and browsers: group → fields of AdminDevices. */
export const DEVICES_FIGURES = {
  players: ['players', 'newPlayers', 'returningPlayers', 'playerDays', 'returningPlayerDays'],
  quizzes: ['quizzesIssued', 'plays', 'completionRate'],
} as const;
