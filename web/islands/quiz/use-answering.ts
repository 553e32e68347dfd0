import { type Dispatch, useCallback } from 'react';
import { answerFor, type QuizAction, type QuizState } from '../../lib/quiz-state';

/**
 * The question on screen and the two moves a player makes on it, for every mode that plays
 * (free quiz, daily challenge): one answer per question, 'Dalje' only after answering.
 * `playing`: the session is showing questions (not loading, saving or failed).
 */
export function useAnswering(state: QuizState, playing: boolean, dispatch: Dispatch<QuizAction>) {
  const question = playing ? state.questions[state.currentIndex] : undefined;
  const answer = question ? answerFor(state, question.id) : undefined;
  const choose = useCallback(
    (songId: number) => {
      if (question && !answer) dispatch({ type: 'answer', questionId: question.id, selectedSongId: songId });
    },
    [question, answer, dispatch],
  );
  const next = useCallback(() => {
    if (answer) dispatch({ type: 'next' });
  }, [answer, dispatch]);
  return { question, answer, choose, next };
}
