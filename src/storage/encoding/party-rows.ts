import type { PartyAnswerRecord, PartyGameRecord, PartyGameResults, PartyGameSummary } from '../contract';

/** The rows a finished game is written as, for either engine (docs/decisions/031-live-game.md). */
export function partyGameRow(game: PartyGameRecord) {
  return {
    code: game.code,
    startedAtMs: game.startedAtMs,
    endedAtMs: game.endedAtMs,
    lines: game.settings.lines,
    seconds: game.settings.seconds,
    difficulty: game.settings.difficulty,
    autoNext: game.settings.autoNext,
    players: game.players.length,
    linesPlayed: game.lines.filter((l) => !l.skipped).length,
  };
}

export function partyLineRows(gameId: number, game: PartyGameRecord) {
  return game.lines.map((line, position) => ({ gameId, position, ...line }));
}

export function partyPlayerRows(gameId: number, game: PartyGameRecord) {
  return game.players.map((p, place) => ({
    gameId,
    place,
    rank: p.rank,
    nickname: p.nickname,
    points: p.points,
    correct: p.correct,
    answers: JSON.stringify(p.answers),
  }));
}

type PlayerRow = ReturnType<typeof partyPlayerRows>[number];
type LineRow = ReturnType<typeof partyLineRows>[number];

export function partyResultsOf(
  game: PartyGameSummary,
  lines: LineRow[],
  players: PlayerRow[],
): PartyGameResults {
  return {
    game,
    lines: lines.map(({ gameId: _, ...line }) => line),
    players: players.map((p) => ({
      rank: p.rank,
      nickname: p.nickname,
      points: p.points,
      correct: p.correct,
      answers: JSON.parse(p.answers) as PartyAnswerRecord[],
    })),
  };
}
