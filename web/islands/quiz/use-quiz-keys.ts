import { useLayoutEffect } from 'react';
import type { AnswerRecord, Question } from '../../lib/quiz-state';

/** The options' letters, in order; the digits 1–5 choose them too. */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

/** Keyboard play: 1–5 or A–E choose, Enter goes on (unless a button has the focus: it acts itself). */
export function useQuizKeys({
  question,
  answer,
  choose,
  next,
}: {
  question: Question | undefined;
  answer: AnswerRecord | undefined;
  choose: (songId: number) => void;
  next: () => void;
}): void {
  // A layout effect: the listener knows the new line as soon as it is on screen (with Preact a
  // plain effect waits for the next frame, and a key pressed meanwhile was lost; ADR 038).
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || !question) return;
      const key = event.key.toUpperCase();
      const index = /^[1-5]$/.test(key)
        ? Number(key) - 1
        : OPTION_LETTERS.indexOf(key as (typeof OPTION_LETTERS)[number]);
      if (index >= 0 && question.options[index]) {
        event.preventDefault();
        choose(question.options[index]!.id);
      } else if (event.key === 'Enter' && answer && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        next();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [question, answer, choose, next]);
}
