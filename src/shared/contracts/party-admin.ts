import { type Static, Type as T } from '@sinclair/typebox';

/** The admin dashboard's "Uživo" tab: finished Kviz uživo games (docs/decisions/031-live-game.md). */

const instant = (description: string) =>
  T.String({
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$',
    description: `${description} An ISO 8601 UTC instant.`,
  });

const PartyGameSummary = T.Object({
  id: T.Integer({ minimum: 1 }),
  code: T.String({ description: 'The room code the game was played under.' }),
  startedAt: instant('When the first line was sent.'),
  endedAt: instant('When the podium was shown.'),
  lines: T.Integer({ description: 'Lines chosen by the host.' }),
  linesPlayed: T.Integer({ description: 'Lines shown and scored (the host may skip lines or end early).' }),
  seconds: T.Integer({ description: 'Seconds per line.' }),
  difficulty: T.String(),
  players: T.Integer({ minimum: 0 }),
});

export const PartyGameList = T.Object(
  { games: T.Array(PartyGameSummary) },
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
  lyricId: T.Integer(),
  lyric: T.String(),
  song: T.String(),
  games: T.Integer({ description: 'Live games that showed the line.' }),
  shown: T.Integer({ description: 'Players of those games.' }),
  correct: T.Integer({ description: 'Right answers among them.' }),
  percentage: T.Number({ description: 'correct / shown × 100.' }),
});

export const PartyHardLines = T.Object(
  { lines: T.Array(PartyHardLine) },
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
