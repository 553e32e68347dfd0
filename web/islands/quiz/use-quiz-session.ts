import { useCallback, useEffect, useReducer, useState } from 'react';
import { PLAY_LENGTH } from '../../../src/shared/rules';
import { getQuiz } from '../../lib/api';
import { answerFor, emptyQuiz, isFinished, type QuizState, quizReducer } from '../../lib/quiz-state';
import { QUIZ_STATE_KEY, readJson, writeJson } from '../../lib/storage';

export type QuizStatus = 'loading' | 'error' | 'ready';

/**
 * One play: resumes the play kept in sessionStorage or fetches a new one, keeps every
 * change there (so a reload mid-quiz and /results see it), and goes to /results once the
 * last question is passed.
 */
export function useQuizSession() {
  const [state, dispatch] = useReducer(quizReducer, emptyQuiz);
  const [status, setStatus] = useState<QuizStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  // Load once per attempt: resume the stored play, or fetch a new one.
  useEffect(() => {
    const stored = readJson<QuizState>(sessionStorage, QUIZ_STATE_KEY);
    // Resume a play in progress; a finished one is over, so /quiz starts a new play.
    if (attempt === 0 && stored && stored.questions.length > 0 && !isFinished(stored)) {
      dispatch({ type: 'restore', state: stored });
      setStatus('ready');
      return;
    }
    sessionStorage.removeItem(QUIZ_STATE_KEY);
    let cancelled = false;
    setStatus('loading');
    getQuiz(PLAY_LENGTH)
      .then(({ questions, token }) => {
        if (cancelled) return;
        dispatch({ type: 'loaded', questions, token, fetchedAt: Date.now() });
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  useEffect(() => {
    if (status === 'ready') writeJson(sessionStorage, QUIZ_STATE_KEY, state);
    if (status === 'ready' && isFinished(state)) location.assign('/results');
  }, [state, status]);

  const question = state.questions[state.currentIndex];
  const answer = question ? answerFor(state, question.id) : undefined;

  const choose = useCallback(
    (songId: number) => {
      if (question && !answer) dispatch({ type: 'answer', questionId: question.id, selectedSongId: songId });
    },
    [question, answer],
  );
  const next = useCallback(() => {
    if (answer) dispatch({ type: 'next' });
  }, [answer]);
  /** 'Pokušaj ponovno': forget the play and fetch a new one. */
  const retry = useCallback(() => {
    sessionStorage.removeItem(QUIZ_STATE_KEY);
    dispatch({ type: 'reset' });
    setAttempt((n) => n + 1);
  }, []);

  return {
    status,
    state,
    question,
    answer,
    isLast: state.currentIndex >= state.questions.length - 1,
    choose,
    next,
    retry,
  };
}
