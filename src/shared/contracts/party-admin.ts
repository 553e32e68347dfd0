import { type Static, Type as T } from '@sinclair/typebox';

/** The admin dashboard's "Uživo" tab: finished Kviz uživo games (docs/decisions/031-live-game.md). */

const instant = (description: string) =>
  T.String({
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$',
    description: `${description} An ISO 8601 UTC instant.`,
  });

export const PartyGameSummary = T.Object({
  id: T.Integer({ minimum: 1, description: 'The game’s id (`game` of its CSV export).' }),
  code: T.String({ description: 'The room code the game was played under.' }),
  startedAt: instant('When the first line was sent.'),
  endedAt: instant('When the podium was shown.'),
  lines: T.Integer({ description: 'Lines chosen by the host.' }),
  linesPlayed: T.Integer({ description: 'Lines shown and scored (the host may skip lines or end early).' }),
  seconds: T.Integer({ description: 'Seconds per line.' }),
  difficulty: T.String({ description: 'The difficulty the host chose: `easy`, `normal` or `hard`.' }),
  players: T.Integer({ minimum: 0, description: 'Players who joined.' }),
});

export const PartyGameList = T.Object(
  { games: T.Array(PartyGameSummary, { description: 'The games, newest first.' }) },
  {
    description: 'The latest finished live games, newest first (at most 100).',
    examples: [
      {
        games: [
          {
            id: 1,
            code: 'AHTPD95',
            startedAt: '2026-11-27T18:00:00.000Z',
            endedAt: '2026-11-27T18:12:00.000Z',
            lines: 10,
            linesPlayed: 10,
            seconds: 20,
            difficulty: 'normal',
            players: 24,
          },
        ],
      },
    ],
  },
);
export type PartyGameList = Static<typeof PartyGameList>;

const PartyHardLine = T.Object({
  lyricId: T.Integer({ description: 'The line’s id.' }),
  lyric: T.String({ description: 'The text of the line.' }),
  song: T.String({ description: 'The title of its song.' }),
  games: T.Integer({ description: 'Live games that showed the line.' }),
  shown: T.Integer({ description: 'Players of those games.' }),
  correct: T.Integer({ description: 'Right answers among them.' }),
  percentage: T.Number({ description: 'correct / shown × 100.' }),
});

export const PartyHardLines = T.Object(
  { lines: T.Array(PartyHardLine, { description: 'The lines, hardest first.' }) },
  {
    description: 'The hardest lines of live games: lowest share of right answers first (at most 20).',
    examples: [
      {
        lines: [
          {
            lyricId: 12,
            lyric: 'Prvi stih',
            song: 'Naslov pjesme',
            games: 3,
            shown: 40,
            correct: 6,
            percentage: 15,
          },
        ],
      },
    ],
  },
);
export type PartyHardLines = Static<typeof PartyHardLines>;
