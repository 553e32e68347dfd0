/**
 * The quiz the `/quiz` page carries in its HTML (docs/decisions/032): the same play GET /api/quiz
 * would hand out — drawn the same way, counted against the same per-address limit and as a quiz
 * issued — so the first line is on screen at first paint, with no second round trip.
 */
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';
import { DEFAULT_DIFFICULTY, type Difficulty } from '../shared/difficulty';
import { PLAY_LENGTH } from '../shared/rules';
import type { Clock } from '../time/clock';
import type { DifficultySelection } from './difficulty-selection';
import { drawQuiz } from './draw';
import { serializeQuiz } from './serialize';
import { createQuiz } from './service';

export interface InlineQuiz {
  questions: Question[];
  token: string;
  difficulty: Difficulty;
}

export interface InlineQuizDeps {
  catalogue: () => CatalogueIndex;
  tokenSecret: string;
  clock: Clock;
  selection: () => DifficultySelection | Promise<DifficultySelection>;
  onIssued?: () => void;
}

/** A new play of `difficulty`, in the API's own JSON shape (one encoder for both). */
export function createInlineQuiz(deps: InlineQuizDeps) {
  return (difficulty: Difficulty): InlineQuiz | Promise<InlineQuiz> => {
    const index = deps.catalogue();
    const issued = (body: Uint8Array, token: string): InlineQuiz => {
      deps.onIssued?.();
      return { questions: JSON.parse(new TextDecoder().decode(body)) as Question[], token, difficulty };
    };
    if (difficulty === DEFAULT_DIFFICULTY) {
      const drawn = drawQuiz(index, deps.tokenSecret, PLAY_LENGTH, deps.clock.nowSeconds());
      return issued(drawn.body, drawn.token);
    }
    const create = (chosen: DifficultySelection) => {
      const quiz = createQuiz(
        index,
        deps.tokenSecret,
        PLAY_LENGTH,
        deps.clock.nowSeconds(),
        undefined,
        difficulty,
        chosen,
      );
      return issued(serializeQuiz(index, quiz.questions), quiz.token);
    };
    const chosen = deps.selection();
    return chosen instanceof Promise ? chosen.then(create) : create(chosen);
  };
}
