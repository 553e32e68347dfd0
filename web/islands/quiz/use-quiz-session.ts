import { useCallback, useEffect, useReducer, useState } from 'react';
import type { Difficulty } from '../../../src/shared/difficulty';
import { PLAY_LENGTH } from '../../../src/shared/rules';
import { getQuiz } from '../../lib/api';
import { difficultyOf } from '../../lib/difficulty';
import {
  currentPlay,
  forgetTabPlay,
  mergePlays,
  quizPageAction,
  rememberFinished,
  savePlay,
} from '../../lib/play-store';
import { emptyQuiz, isFinished, type QuizState, quizReducer } from '../../lib/quiz-state';
import { PLAY_KEY } from '../../lib/storage';
import { useAnswering } from './use-answering';

/** 'finished': the play found here is over; the player chooses its result or a new play. */
export type QuizStatus = 'loading' | 'error' | 'ready' | 'finished';

/** `/quiz?nova`: the links that start a new play ('Započni kviz'); plain `/quiz` resumes. */
const NEW_PLAY_PARAM = 'nova';

/**
 * One play: resumes the play this tab (or, in a new tab, the browser) holds, offers the result
 * of a finished one instead of replacing it, or fetches a new play; keeps every change
 * (web/lib/play-store.ts) and goes to /results once the last question is passed.
 */
export function useQuizSession() {
  const [state, dispatch] = useReducer(quizReducer, emptyQuiz);
  const [status, setStatus] = useState<QuizStatus>('loading');
  // Each load: `fresh` fetches a new play (of `difficulty`), otherwise the stored one is taken up again.
  // The first load's difficulty is the start page's choice in the address (/quiz?nova&difficulty=hard),
  // read before the address is cleaned up (the server renders no quiz: it has no address here).
  const [load, setLoad] = useState<{ n: number; fresh: boolean; difficulty?: Difficulty }>(() => ({
    n: 0,
    fresh: false,
    ...(typeof location === 'undefined' ? {} : { difficulty: difficultyOf(location.search) }),
  }));

  useEffect(() => {
    const wantsNew = load.fresh || new URLSearchParams(location.search).has(NEW_PLAY_PARAM);
    const difficulty = load.difficulty ?? difficultyOf(location.search);
    // A reload or Back must not start yet another play: the address becomes plain /quiz.
    if (location.search) history.replaceState(history.state, '', location.pathname);
    const stored = currentPlay(sessionStorage, localStorage);
    const action = quizPageAction(stored, wantsNew);
    if (stored && action !== 'new') {
      dispatch({ type: 'restore', state: stored });
      setStatus(action === 'finished' ? 'finished' : 'ready');
      return;
    }
    forgetTabPlay(sessionStorage);
    dispatch({ type: 'reset' });
    let cancelled = false;
    setStatus('loading');
    getQuiz(PLAY_LENGTH, difficulty)
      .then(({ questions, token }) => {
        if (cancelled) return;
        const started = quizReducer(emptyQuiz, {
          type: 'loaded',
          questions,
          token,
          fetchedAt: Date.now(),
          difficulty,
        });
        savePlay(sessionStorage, localStorage, started, true);
        dispatch({ type: 'restore', state: started });
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [load]);

  useEffect(() => {
    if (status !== 'ready') return;
    savePlay(sessionStorage, localStorage, state);
    if (isFinished(state)) {
      rememberFinished(localStorage, state, Date.now());
      location.assign('/results');
    }
  }, [state, status]);

  // Back/Forward may show this page from the browser's memory: take up the stored play again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLoad((l) => ({ ...l, n: l.n + 1, fresh: false }));
    };
    addEventListener('pageshow', onShow);
    return () => removeEventListener('pageshow', onShow);
  }, []);

  // The same play answered in another tab: follow it, so the two never disagree.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== PLAY_KEY || !event.newValue || status !== 'ready') return;
      try {
        const theirs = JSON.parse(event.newValue) as QuizState;
        const merged = mergePlays(state, theirs);
        if (merged !== state && merged.currentIndex >= state.currentIndex)
          dispatch({ type: 'restore', state: merged });
      } catch {
        // not a play: ignore
      }
    };
    addEventListener('storage', onStorage);
    return () => removeEventListener('storage', onStorage);
  }, [state, status]);

  const { question, answer, choose, next } = useAnswering(state, status === 'ready', dispatch);
  /** 'Nova igra': forget the play and fetch a new one of the difficulty chosen. */
  const startNew = useCallback((difficulty: Difficulty) => {
    forgetTabPlay(sessionStorage);
    dispatch({ type: 'reset' });
    setLoad((l) => ({ n: l.n + 1, fresh: true, difficulty }));
  }, []);
  /** 'Pokušaj ponovno': fetch again what was asked for (the same difficulty). */
  const retry = useCallback(() => {
    forgetTabPlay(sessionStorage);
    dispatch({ type: 'reset' });
    setLoad((l) => ({ ...l, n: l.n + 1, fresh: true }));
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
    startNew,
  };
}
