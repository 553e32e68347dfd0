/**
 * The review of a finished play (results page): each line with the player's pick, the right
 * song, its album and year, and how all players did on it; missed lines first. No DOM.
 */
import type { LineResult } from '../../src/shared/contracts/stats';
import type { QuizState } from './quiz-state';
import { percentage } from './stats';

export interface ReviewItem {
  questionId: number;
  lyricId: number;
  lyric: string;
  isCorrect: boolean;
  /** The song the player chose ('' when the line was not answered). */
  picked: string;
  correct: string;
  albumTitle: string;
  albumYear: number;
  /** Share of all players (this play included) who got the line right, in percent; undefined until known. */
  share?: number;
  /** The wrong song most players pick for a missed line, when the server knows it. */
  confusedWith?: string;
}

/** The 30 lines in play order, missed first (each group keeps the order they were asked in). */
export function reviewOf(play: QuizState, lines?: ReadonlyMap<number, LineResult>): ReviewItem[] {
  const items = play.questions.map((q): ReviewItem => {
    const answer = play.answers.find((a) => a.questionId === q.id);
    const line = lines?.get(q.lyricId);
    const isCorrect = answer?.isCorrect ?? false;
    const item: ReviewItem = {
      questionId: q.id,
      lyricId: q.lyricId,
      lyric: q.lyric,
      isCorrect,
      picked: q.options.find((o) => o.id === answer?.selectedSongId)?.title ?? '',
      correct: q.correctSongTitle,
      albumTitle: q.albumTitle,
      albumYear: q.albumYear,
    };
    if (line && line.occurrences > 0) item.share = percentage(line);
    // Counted with this play: when the player's own pick is the only time it was picked, it is
    // no other player's answer, let alone the most common one (issue 33).
    const confused = line?.confusedWith;
    const ownPick = confused?.songId === answer?.selectedSongId ? 1 : 0;
    if (confused && !isCorrect && confused.times - ownPick > 0) item.confusedWith = confused.title;
    return item;
  });
  return [...items.filter((i) => !i.isCorrect), ...items.filter((i) => i.isCorrect)];
}

/** Counts may arrive as strings (docs/product.md#counts-as-strings): the review's counts become numbers. */
export function lineResultsById(rows: LineResult[]): Map<number, LineResult> {
  return new Map(
    rows.map((r) => [
      Number(r.lyricId),
      { ...r, occurrences: Number(r.occurrences), correctAnswers: Number(r.correctAnswers) },
    ]),
  );
}
