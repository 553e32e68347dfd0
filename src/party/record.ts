import type { PartyGameRecord, PartyStore } from '../storage/contract';
import type { FinishedGame } from './game';

/** A finished game as the store keeps it: per line how many answered and were right, per player every answer. */
export function partyRecordOf(game: FinishedGame): PartyGameRecord {
  return {
    code: game.code,
    startedAtMs: game.startedAtMs,
    endedAtMs: game.endedAtMs,
    settings: game.settings,
    lines: game.lines.map((line, i) => {
      let answered = 0;
      let correct = 0;
      for (const p of game.players) {
        const a = p.answers[i];
        if (!a) continue;
        answered++;
        if (a.points > 0) correct++;
      }
      return {
        lyricId: line.lyricId,
        correctSongId: line.songIds[line.correct]!,
        skipped: line.skipped,
        answered,
        correct,
      };
    }),
    players: game.players.map((p) => ({
      rank: p.rank,
      nickname: p.nickname,
      points: p.points,
      correct: p.correct,
      answers: p.answers.map((a) => (a ? ([a.option, a.elapsedMs, a.points] as const) : null)),
    })),
  };
}

/** Records a finished game; a failure is reported, never thrown into the game. */
export function recordFinishedGame(store: PartyStore, onError: (error: unknown) => void) {
  return (game: FinishedGame): void => {
    store.recordGame(partyRecordOf(game)).catch(onError);
  };
}
