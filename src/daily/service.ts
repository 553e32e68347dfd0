import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { createQuizToken, newNonce } from '../quiz/token';
import type { Question } from '../shared/contracts/quiz';
import { type Day, dayNumber } from '../time/day';
import { dailyQuestions } from './select';
import type { DailySettings } from './settings';

export interface DailyChallenge {
  day: Day;
  /** 1 on the first day the server ran. */
  number: number;
  questions: Question[];
}

/**
 * The challenge number of a day: days since the first day the server ran, plus one. Never
 * below 1: a clock set back before the first day still serves challenge 1.
 */
export function challengeNumber(settings: DailySettings, day: Day): number {
  return Math.max(1, dayNumber(day) - dayNumber(settings.firstDay) + 1);
}

/**
 * The day's challenge, computed once per day and catalogue (it is the same for every caller),
 * and a token per caller: the free-play token with the day added, so the submission knows it
 * was the daily challenge of that day (docs/decisions/021).
 */
export function createDailyService(settings: DailySettings) {
  let cached: { day: Day; catalogue: CatalogueIndex; challenge: DailyChallenge } | undefined;
  const challengeOf = (catalogue: CatalogueIndex, day: Day): DailyChallenge => {
    if (cached?.day !== day || cached.catalogue !== catalogue)
      cached = {
        day,
        catalogue,
        challenge: {
          day,
          number: challengeNumber(settings, day),
          questions: dailyQuestions(settings.secret, dayNumber(day), catalogue),
        },
      };
    return cached.challenge;
  };
  return {
    challengeOf,
    issue(catalogue: CatalogueIndex, day: Day, nowSeconds: number, tokenSecret: string) {
      const challenge = challengeOf(catalogue, day);
      const token = createQuizToken(tokenSecret, {
        lyricIds: challenge.questions.map((q) => q.lyricId),
        options: challenge.questions.map((q) => q.options.map((o) => o.id)),
        day,
        issuedAt: nowSeconds,
        nonce: newNonce(),
      });
      return { challenge, token };
    },
  };
}

export type DailyService = ReturnType<typeof createDailyService>;
