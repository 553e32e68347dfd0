import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';
import { encodeQuiz, picksOfQuestions } from './encode';

const utf8 = new TextEncoder();

/**
 * The JSON of questions, UTF-8: through the one encoder when they are the catalogue's own
 * (byte for byte `JSON.stringify`, serialize.test.ts), serialized the slow way otherwise.
 */
export function serializeQuiz(
  catalogue: CatalogueIndex,
  questions: readonly Question[],
): Uint8Array<ArrayBuffer> {
  const picks = picksOfQuestions(catalogue, questions);
  if (!picks) return utf8.encode(JSON.stringify(questions)) as Uint8Array<ArrayBuffer>;
  return encodeQuiz(catalogue, picks, '', { issuedAt: 0, nonce: '' }).body.slice();
}
