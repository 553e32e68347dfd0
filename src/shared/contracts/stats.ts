import { type Static, Type as T } from '@sinclair/typebox';

/** The API contract of the statistics reads, public and admin alike. */

export const Percentile = T.Object({
  percentile: T.Number({
    description: 'Share of recorded plays with a strictly lower score, in percent, one decimal.',
    examples: [63.4],
  }),
  samePercent: T.Number({
    description:
      'Share of recorded plays with exactly this score (the player’s own included), in percent, one decimal. Added after the spec: clients that know only `percentile` and `totalPlayers` ignore it.',
    examples: [5.1],
  }),
  totalPlayers: T.Integer({ description: 'Number of recorded plays.', examples: [1532] }),
});
export type Percentile = Static<typeof Percentile>;

export const Overview = T.Object({
  totalAttempts: T.Integer({ description: 'Recorded plays.', examples: [1532] }),
  uniquePlayers: T.Integer({ description: 'Distinct players (browser sessions).', examples: [871] }),
  averageScore: T.Number({
    description: 'Mean score of the recorded plays (two decimals).',
    examples: [17.42],
  }),
  averagePercentage: T.Number({
    description: 'Overall accuracy: correct answers / answers × 100 (two decimals).',
    examples: [58.07],
  }),
});
export type Overview = Static<typeof Overview>;

const counts = {
  occurrences: T.Integer({
    description: 'Times it was the answer of a question in recorded plays.',
    examples: [41],
  }),
  correctAnswers: T.Integer({ description: 'Times it was answered correctly.', examples: [29] }),
};

export const LyricStat = T.Object({
  lyricId: T.Integer({ examples: [345] }),
  text: T.String({ examples: ['Škure lupaju cijelu noć kad zapuše s Velebita'] }),
  songTitle: T.String({ examples: ['Bura'] }),
  albumTitle: T.String({ examples: ['Sol na usnama'] }),
  albumYear: T.Integer({ examples: [1992] }),
  ...counts,
});
export const SongStat = T.Object({
  songId: T.Integer({ examples: [12] }),
  title: T.String({ examples: ['Bura'] }),
  albumTitle: T.String({ examples: ['Sol na usnama'] }),
  albumYear: T.Integer({ examples: [1992] }),
  ...counts,
});
export const AlbumStat = T.Object({
  albumId: T.Integer({ examples: [1] }),
  title: T.String({ examples: ['Sol na usnama'] }),
  ...counts,
});
export const HourlyStat = T.Object({
  hour: T.Integer({ minimum: 0, maximum: 23, examples: [20] }),
  attempts: T.Integer({ description: 'Plays recorded in this hour of day.', examples: [96] }),
  uniquePlayers: T.Integer({
    description: 'Distinct players who played in this hour of day.',
    examples: [71],
  }),
});

/**
 * One line of a play as all players answered it (the results page's review). `confusedWith`
 * is optional: it is sent once the server keeps per-line confusion counters (docs/decisions/015).
 */
export const LineResult = T.Object(
  {
    lyricId: T.Integer({ examples: [345] }),
    ...counts,
    confusedWith: T.Optional(
      T.Object(
        {
          songId: T.Integer({ examples: [17] }),
          title: T.String({ examples: ['Maestral'] }),
          times: T.Integer({ description: 'Times it was picked instead of the right song.', examples: [9] }),
        },
        { description: 'The wrong song picked most often for this line; absent when none is known.' },
      ),
    ),
  },
  { title: 'LineResult' },
);
export type LineResult = Static<typeof LineResult>;

export type LyricStat = Static<typeof LyricStat>;
export type SongStat = Static<typeof SongStat>;
export type AlbumStat = Static<typeof AlbumStat>;
export type HourlyStat = Static<typeof HourlyStat>;
