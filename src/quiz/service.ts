import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { DEFAULT_DIFFICULTY, type Difficulty } from '../shared/difficulty';
import type { DifficultySelection } from './difficulty-selection';
import { generateSelectedQuiz } from './difficulty-selection';
import { drawQuiz } from './draw';
import { type EncodedQuiz, encodeQuiz, picksOfQuestions } from './encode';
import { generateQuiz, type Question } from './generate';
import type { Random } from './sample';
import { createQuizToken, newNonce } from './token';

export interface Quiz {
  questions: Question[];
  token: string;
}

/**
 * A new play: its questions and the signed token that a submission must carry. `normal`
 * (the default) is the plain random quiz; `easy` and `hard` choose from `selection`
 * (docs/decisions/022), and their token names the difficulty.
 */
export function createQuiz(
  catalogue: CatalogueIndex,
  secret: string,
  count: number,
  nowSeconds: number,
  random?: Random,
  difficulty: Difficulty = DEFAULT_DIFFICULTY,
  selection?: DifficultySelection,
): Quiz {
  let questions: Question[];
  if (difficulty === 'normal') questions = generateQuiz(catalogue, count, random);
  else if (selection) questions = generateSelectedQuiz(catalogue, selection[difficulty], count, random);
  else throw new Error(`a ${difficulty} quiz needs the difficulty selection`);
  const token = createQuizToken(secret, {
    lyricIds: questions.map((q) => q.lyricId),
    options: questions.map((q) => q.options.map((o) => o.id)),
    issuedAt: nowSeconds,
    nonce: newNonce(),
    difficulty,
  });
  return { questions, token };
}

/**
 * A free-play quiz as the route sends it: its questions' bytes and token, every difficulty
 * through the one encoder (src/quiz/encode.ts). `normal` draws straight into the bytes; easy
 * and hard choose their questions from `selection`, then encode them.
 */
export function issueQuiz(
  catalogue: CatalogueIndex,
  secret: string,
  count: number,
  nowSeconds: number,
  difficulty: Difficulty,
  selection?: DifficultySelection,
): EncodedQuiz {
  if (difficulty === 'normal') return drawQuiz(catalogue, secret, count, nowSeconds);
  if (!selection) throw new Error(`a ${difficulty} quiz needs the difficulty selection`);
  const questions = generateSelectedQuiz(catalogue, selection[difficulty], count);
  const picks = picksOfQuestions(catalogue, questions);
  if (!picks) throw new Error('a selected quiz holds a question that is not the catalogue’s own');
  return encodeQuiz(catalogue, picks, secret, { issuedAt: nowSeconds, difficulty });
}
