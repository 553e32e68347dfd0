import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';
import { drawNormal } from './draw';
import type { QuizPicks } from './encode';
import { questionOf } from './question';
import type { Random } from './sample';

export type { Question };

/** The questions of picks drawn from `catalogue`, sharing the catalogue's option objects. */
function questionsOf(catalogue: CatalogueIndex, picks: QuizPicks): Question[] {
  const { songs, askable } = catalogue;
  const questions = new Array<Question>(picks.count);
  for (let q = 0; q < picks.count; q++) {
    const options = new Array<Question['options'][number]>(picks.width);
    for (let p = 0; p < picks.width; p++) options[p] = songs[picks.songs[q * picks.width + p]!]!.option;
    questions[q] = questionOf(askable[picks.lines[q]!]!, options);
  }
  return questions;
}

/**
 * The normal quiz as `Question`s: `drawNormal`'s lines and options, so a seeded source gives
 * the questions whose bytes `drawQuiz` sends (the daily challenge draws this way from its lines).
 */
export function generateQuiz(
  catalogue: CatalogueIndex,
  count: number,
  random: Random = Math.random,
): Question[] {
  return questionsOf(catalogue, drawNormal(catalogue, count, random));
}
