import { type Static, Type as T } from '@sinclair/typebox';

/** The API contract of the statistics reads, public and admin alike. */

export const Percentile = T.Object(
  {
    percentile: T.Number({
      minimum: 0,
      maximum: 100,
      description: 'Share of recorded plays with a strictly lower score, in percent, one decimal.',
    }),
    samePercent: T.Number({
      minimum: 0,
      maximum: 100,
      description:
        'Share of recorded plays with exactly this score (the player’s own included), in percent, one decimal. Added later: clients that know only `percentile` and `totalPlayers` ignore it.',
    }),
    totalPlayers: T.Integer({ minimum: 0, description: 'Number of recorded plays.' }),
  },
  {
    description: 'Where a score stands among all recorded plays.',
    examples: [{ percentile: 63.4, samePercent: 5.1, totalPlayers: 1532 }],
  },
);
export type Percentile = Static<typeof Percentile>;

export const Overview = T.Object(
  {
    totalAttempts: T.Integer({ minimum: 0, description: 'Recorded plays.' }),
    uniquePlayers: T.Integer({ minimum: 0, description: 'Distinct players (browser sessions).' }),
    averageScore: T.Number({ description: 'Mean score of the recorded plays (two decimals).' }),
    averagePercentage: T.Number({
      description: 'Overall accuracy: correct answers / answers × 100 (two decimals).',
    }),
  },
  {
    description: 'Totals of all recorded plays.',
    examples: [{ totalAttempts: 1532, uniquePlayers: 871, averageScore: 17.42, averagePercentage: 58.07 }],
  },
);
export type Overview = Static<typeof Overview>;

const counts = {
  occurrences: T.Integer({
    minimum: 0,
    description: 'Times it was the answer of a question in recorded plays.',
  }),
  correctAnswers: T.Integer({ minimum: 0, description: 'Times it was answered correctly.' }),
};

export const LyricStat = T.Object(
  {
    lyricId: T.Integer({ description: 'Lyric line id.' }),
    text: T.String({ description: 'The line.' }),
    songId: T.Integer({
      description:
        'Its song’s id (the `song` filter of the admin reads). Added later: clients that do not know it ignore it.',
    }),
    songTitle: T.String({ description: 'Its song.' }),
    albumId: T.Integer({
      description:
        'Its album’s id (the `album` filter of the admin reads). Added later: clients that do not know it ignore it.',
    }),
    albumTitle: T.String({ description: 'Its album.' }),
    albumYear: T.Integer({ description: 'Year of its album.' }),
    ...counts,
  },
  {
    description: 'How one lyric line fared.',
    examples: [
      {
        lyricId: 345,
        text: 'Puše bura, hladna i prava,',
        songId: 12,
        songTitle: 'Zatvorene škure',
        albumId: 1,
        albumTitle: 'Sol na usnama',
        albumYear: 1992,
        occurrences: 41,
        correctAnswers: 29,
      },
    ],
  },
);
export const SongStat = T.Object(
  {
    songId: T.Integer({ description: 'Song id.' }),
    title: T.String({ description: 'Song title.' }),
    albumId: T.Integer({
      description:
        'Its album’s id (the `album` filter of the admin reads). Added later: clients that do not know it ignore it.',
    }),
    albumTitle: T.String({ description: 'Its album.' }),
    albumYear: T.Integer({ description: 'Year of its album.' }),
    ...counts,
  },
  {
    description: 'How one song fared (occurrences: times it was the right answer).',
    examples: [
      {
        songId: 12,
        title: 'Zatvorene škure',
        albumId: 1,
        albumTitle: 'Sol na usnama',
        albumYear: 1992,
        occurrences: 412,
        correctAnswers: 301,
      },
    ],
  },
);
export const AlbumStat = T.Object(
  {
    albumId: T.Integer({ description: 'Album id.' }),
    title: T.String({ description: 'Album title.' }),
    ...counts,
  },
  {
    description: 'How one album fared.',
    examples: [{ albumId: 1, title: 'Sol na usnama', occurrences: 6540, correctAnswers: 3702 }],
  },
);
export const HourlyStat = T.Object(
  {
    hour: T.Integer({ minimum: 0, maximum: 23, description: 'Hour of day in the server’s time zone.' }),
    attempts: T.Integer({ minimum: 0, description: 'Plays recorded in this hour of day.' }),
    uniquePlayers: T.Integer({ minimum: 0, description: 'Distinct players who played in this hour of day.' }),
  },
  { description: 'Plays in one hour of day.', examples: [{ hour: 20, attempts: 96, uniquePlayers: 71 }] },
);

/** How all players answered one line of a play (the review on the results page). */
export const LineResult = T.Object(
  {
    lyricId: T.Integer({ description: 'Lyric line id.' }),
    ...counts,
    confusedWith: T.Optional(
      T.Object(
        {
          songId: T.Integer({ description: 'Song id.' }),
          title: T.String({ description: 'Song title.' }),
          times: T.Integer({ minimum: 0, description: 'Times it was picked instead of the right song.' }),
        },
        { description: 'The wrong song picked most often for this line; absent when none is known.' },
      ),
    ),
  },
  {
    description: 'How all players answered one line.',
    examples: [{ lyricId: 345, occurrences: 41, correctAnswers: 29 }],
  },
);
export type LineResult = Static<typeof LineResult>;

export type LyricStat = Static<typeof LyricStat>;
export type SongStat = Static<typeof SongStat>;
export type AlbumStat = Static<typeof AlbumStat>;
export type HourlyStat = Static<typeof HourlyStat>;
