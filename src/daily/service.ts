import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { serializeQuiz } from '../quiz/serialize';
import { quizTokenSigner } from '../quiz/token';
import type { Question } from '../shared/contracts/quiz';
import type { DailySettings } from '../storage/contract';
import { type Day, dayNumber } from '../time/day';
import { dailyQuestions } from './select';

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

/** `{"day":…,"number":…,"questions":[…],"endsAt":…}`: the questions through the quiz encoder. */
function challengeBytes(
  catalogue: CatalogueIndex,
  challenge: DailyChallenge,
  endsAt: string,
): Uint8Array<ArrayBuffer> {
  const { day, number, questions } = challenge;
  return Buffer.concat([
    Buffer.from(`${JSON.stringify({ day, number }).slice(0, -1)},"questions":`),
    serializeQuiz(catalogue, questions),
    Buffer.from(`,"endsAt":${JSON.stringify(endsAt)}}`),
  ]) as Uint8Array<ArrayBuffer>;
}

/** A day's challenge as sent: the JSON of the whole answer, the same for every caller of the day. */
interface EncodedChallenge {
  day: Day;
  catalogue: CatalogueIndex;
  challenge: DailyChallenge;
  /** `{"day":…,"number":…,"questions":[…],"endsAt":…}`, UTF-8. */
  body: Uint8Array<ArrayBuffer>;
  sign: (issuedAt: number) => string;
}

/**
 * The day's challenge, computed and encoded once per day and catalogue (it is the same for
 * every caller, so the answer's bytes are too), and a token per caller: the free-play token
 * with the day added, so the submission knows it was the daily challenge of that day
 * (docs/decisions/021); only the token is made per request.
 */
export function createDailyService(settings: DailySettings) {
  let cached: EncodedChallenge | undefined;
  const challengeOf = (catalogue: CatalogueIndex, day: Day): DailyChallenge =>
    cached?.day === day && cached.catalogue === catalogue
      ? cached.challenge
      : {
          day,
          number: challengeNumber(settings, day),
          questions: dailyQuestions(settings.secret, dayNumber(day), catalogue),
        };
  return {
    challengeOf,
    /**
     * Today's challenge for one caller: the day's bytes and a new token. `endsAt` (the day's end,
     * a search over the time zone's offsets) is asked only when the day's bytes are made.
     */
    issue(
      catalogue: CatalogueIndex,
      day: Day,
      endsAt: () => string,
      nowSeconds: number,
      tokenSecret: string,
    ) {
      if (cached?.day !== day || cached.catalogue !== catalogue) {
        const challenge = challengeOf(catalogue, day);
        cached = {
          day,
          catalogue,
          challenge,
          body: challengeBytes(catalogue, challenge, endsAt()),
          sign: quizTokenSigner(tokenSecret, {
            lyricIds: challenge.questions.map((q) => q.lyricId),
            options: challenge.questions.map((q) => q.options.map((o) => o.id)),
            day,
          }),
        };
      }
      return { challenge: cached.challenge, body: cached.body, token: cached.sign(nowSeconds) };
    },
  };
}

export type DailyService = ReturnType<typeof createDailyService>;
