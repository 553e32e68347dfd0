import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { generateQuiz, type Question } from './generate';
import type { Random } from './sample';
import { createQuizToken, newNonce } from './token';

export interface Quiz {
  questions: Question[];
  token: string;
}

/** A new play: its questions and the signed token that a submission must carry. */
export function createQuiz(
  catalogue: CatalogueIndex,
  secret: string,
  count: number,
  nowSeconds: number,
  random?: Random,
): Quiz {
  const questions = generateQuiz(catalogue, count, random);
  const token = createQuizToken(secret, {
    lyricIds: questions.map((q) => q.lyricId),
    options: questions.map((q) => q.options.map((o) => o.id)),
    issuedAt: nowSeconds,
    nonce: newNonce(),
  });
  return { questions, token };
}
