import { useCallback, useEffect, useLayoutEffect, useReducer, useState } from 'react';
import type { Difficulty } from '../../../src/shared/difficulty';
import { PLAY_LENGTH } from '../../../src/shared/rules';
import { shownScoreCookie } from '../../../src/shared/shown-score';
import { getQuiz } from '../../lib/api';
import { difficultyOf, NEW_PLAY_PARAM } from '../../lib/difficulty';
import { enqueuePlay, isWaiting, outcomeOf } from '../../lib/outbox';
import { flushOutbox } from '../../lib/outbox-sender';
import {
  currentPlay,
  forgetTabPlay,
  isExpired,
  mergePlays,
  playIdOf,
  quizPageAction,
  readHistory,
  rememberFinished,
  savePlay,
} from '../../lib/play-store';
import {
  emptyQuiz,
  type InitialQuiz,
  isFinished,
  type QuizState,
  quizReducer,
  submissionOf,
} from '../../lib/quiz-state';
import { DIFFICULTY_KEY, getSessionId, PLAY_KEY } from '../../lib/storage';
import { useAnswering } from './use-answering';

/** How long /results may take before the quiz page sends the finished play itself. */
const SEND_IF_RESULTS_SLOW_MS = 600;
/**
 * 'inline': the page's own new play on screen from the server's HTML, before the browser decided
 * what to show (it may resume a stored play instead). 'finished': the play found here is over;
 * the player chooses its result or a new play. 'expired': the play found here can no longer be
 * recorded (its token's lifetime is over).
 */
export type QuizStatus = 'inline' | 'loading' | 'error' | 'ready' | 'finished' | 'expired';

/** The page's inline play, unless this browser already played it (a page kept by the service worker). */
function usableInline(
  initial: InitialQuiz | undefined,
  difficulty: Difficulty,
  stored: QuizState | undefined,
) {
  if (!initial || initial.difficulty !== difficulty) return undefined;
  const id = playIdOf(initial);
  const used =
    (stored !== undefined && playIdOf(stored) === id) ||
    readHistory(localStorage).some((r) => r.id === id) ||
    isWaiting(localStorage, id) ||
    outcomeOf(localStorage, id) !== undefined;
  return used ? undefined : initial;
}

/**
 * One play: resumes the play this tab (or, in a new tab, the browser) holds, offers the result
 * of a finished one instead of replacing it, or fetches a new play; keeps every change
 * (web/lib/play-store.ts) and goes to /results once the last question is passed.
 */
export function useQuizSession(tokenTtlSeconds?: number, initial?: InitialQuiz) {
  // The server's HTML shows the inline play's first line; the first render must be the same.
  const [state, dispatch] = useReducer(quizReducer, initial, (quiz) =>
    quiz
      ? quizReducer(emptyQuiz, { type: 'loaded', ...quiz, fetchedAt: 0, difficulty: quiz.difficulty })
      : emptyQuiz,
  );
  const [status, setStatus] = useState<QuizStatus>(initial ? 'inline' : 'loading');
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
    const expired = stored !== undefined && isExpired(stored, tokenTtlSeconds, Date.now());
    const action = quizPageAction(stored, wantsNew, expired);
    if (stored && action !== 'new') {
      dispatch({ type: 'restore', state: stored });
      setStatus(action === 'resume' ? 'ready' : action);
      return;
    }
    forgetTabPlay(sessionStorage);
    const keep = (started: QuizState) => {
      savePlay(sessionStorage, localStorage, started, true);
      try {
        localStorage.setItem(DIFFICULTY_KEY, difficulty); // the next play preselects it
      } catch {
        // storage disabled
      }
      dispatch({ type: 'restore', state: started });
      setStatus('ready');
    };
    // The first load takes the play the page carries: no second round trip.
    const inline = load.n === 0 ? usableInline(initial, difficulty, stored) : undefined;
    if (inline) {
      keep(quizReducer(emptyQuiz, { type: 'loaded', ...inline, fetchedAt: Date.now() }));
      return;
    }
    dispatch({ type: 'reset' });
    let cancelled = false;
    setStatus('loading');
    getQuiz(PLAY_LENGTH, difficulty)
      .then(({ questions, token }) => {
        if (cancelled) return;
        keep(quizReducer(emptyQuiz, { type: 'loaded', questions, token, fetchedAt: Date.now(), difficulty }));
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [load, tokenTtlSeconds, initial]);

  // A layout effect: every answer is in storage when the screen shows it (before the player can
  // close the tab), also with Preact, whose plain effects wait for the next frame (ADR 038).
  useLayoutEffect(() => {
    if (status !== 'ready') return;
    savePlay(sessionStorage, localStorage, state);
    if (isFinished(state)) {
      rememberFinished(localStorage, state, Date.now());
      // The results page's request names the score, so the server draws it (src/shared/shown-score.ts).
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
      document.cookie = shownScoreCookie(state.correctCount);
      // Into the outbox before leaving: whatever the player does next (another play, going
      // offline, closing the tab), some page of the product sends it (docs/decisions/032).
      enqueuePlay(
        localStorage,
        playIdOf(state),
        submissionOf(state, getSessionId(), navigator.userAgent),
        Date.now(),
      );
      // Sent from here too when /results is slow to come (this page still runs): a `keepalive`
      // request outlives the page, so a tab closed meanwhile still delivers the play within its
      // token's lifetime. Not at once: a results page that arrives first sends it itself, and a
      // send from both would count twice against the address's submit limit.
      setTimeout(() => void flushOutbox(), SEND_IF_RESULTS_SLOW_MS);
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

  // The inline play's line is shown (not yet answerable) until the browser decided.
  const { question, answer, choose, next } = useAnswering(
    state,
    status === 'ready' || status === 'inline',
    dispatch,
  );
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
