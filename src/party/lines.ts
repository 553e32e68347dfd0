import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { DifficultySelection } from '../quiz/difficulty-selection';
import { generateSelectedQuiz } from '../quiz/difficulty-selection';
import { generateQuiz, type Question } from '../quiz/generate';
import type { Random } from '../quiz/sample';
import type { Difficulty } from '../shared/difficulty';

/** A line of a live game: what the phones see, and the key the server keeps until the reveal. */
export interface PartyLine {
  lyricId: number;
  lyric: string;
  options: string[];
  songIds: number[];
  /** Position of the right title in `options`. */
  correct: number;
  song: string;
  album: string;
  year: number;
}

function partyLineOf(question: Question): PartyLine {
  return {
    lyricId: question.lyricId,
    lyric: question.lyric,
    options: question.options.map((o) => o.title),
    songIds: question.options.map((o) => o.id),
    correct: question.options.findIndex((o) => o.id === question.correctSongId),
    song: question.correctSongTitle,
    album: question.albumTitle,
    year: question.albumYear,
  };
}

/**
 * The lines of a game, drawn like a free play of the chosen difficulty (src/quiz/): `normal`
 * at random, `easy` and `hard` from the statistics' selection.
 */
export function drawPartyLines(
  catalogue: CatalogueIndex,
  count: number,
  difficulty: Difficulty,
  selection: DifficultySelection | undefined,
  random?: Random,
): PartyLine[] {
  const questions =
    difficulty === 'normal' || !selection
      ? generateQuiz(catalogue, count, random)
      : generateSelectedQuiz(catalogue, selection[difficulty], count, random);
  return questions.map(partyLineOf);
}
