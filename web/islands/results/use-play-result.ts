import { useCallback, useEffect, useRef, useState } from 'react';
import type { Percentile } from '../../../src/shared/contracts/stats';
import { PLAY_LENGTH } from '../../../src/shared/rules';
import { shownScoreCookie } from '../../../src/shared/shown-score';
import { readCredentials } from '../../lib/admin';
import {
  ApiError,
  getAdminAlbums,
  getAdminLyrics,
  getAdminOverview,
  getAdminSongs,
  getLineResults,
  getPercentile,
} from '../../lib/api';
import { enqueuePlay, type Outcome, outcomeOf } from '../../lib/outbox';
import {
  currentPlay,
  type PlayRecord,
  playIdOf,
  rememberFinished,
  resultsPageAction,
  savePlay,
} from '../../lib/play-store';
import { isRecordedAsShown, type QuizState, submissionOf } from '../../lib/quiz-state';
import { lineResultsById } from '../../lib/review';
import { getSessionId } from '../../lib/storage';
import { useOutboxOutcome } from '../use-outbox-outcome';

/**
 * The percentile 500 ms after a successful submission, the admin refresh after 1 s
 * (docs/product.md#results).
 */
const PERCENTILE_DELAY_MS = 500;
const ADMIN_REFRESH_DELAY_MS = 1000;
const ADMIN_REFRESH = [getAdminOverview, getAdminLyrics, getAdminSongs, getAdminAlbums];

/** The refresh's answers are not the player's concern: only a failure to reach the server is logged. */
const logUnlessAnswered = (error: unknown) => {
  if (!(error instanceof ApiError)) console.error(error);
};

/**
 * Where the play stands with the server: being saved, recorded as shown (ranked: its
 * percentile means something), recorded with another copy's answers (a duplicated tab
 * submitted first: never shown with a percentile), or not saved (only logged, docs/product.md#results).
 */
export type Standing =
  | { kind: 'saving' }
  | { kind: 'ranked' }
  | { kind: 'other-copy'; recordedScore: number }
  /** No server answered yet: the play waits in the outbox (docs/decisions/032). */
  | { kind: 'queued' }
  /** The quiz token outlived QUIZ_TOKEN_TTL_SECONDS: the server will never take the play. */
  | { kind: 'expired' }
  | { kind: 'unsaved' };

/**
 * Where the server's final answer leaves the play (kept in storage as recorded when it was):
 * refused (expired or not), recorded as shown, or recorded with another copy's answers.
 */
function standingAfter(quiz: QuizState, outcome: Outcome): Standing {
  if (outcome.kind === 'refused') return { kind: outcome.code === 'token_expired' ? 'expired' : 'unsaved' };
  const reply = outcome.result;
  console.info('Rezultat spremljen', reply);
  const done: QuizState = {
    ...quiz,
    submitted: true,
    submission: { playId: Number(reply.playId), score: Number(reply.score) },
  };
  savePlay(sessionStorage, localStorage, done);
  return isRecordedAsShown(done)
    ? { kind: 'ranked' }
    : { kind: 'other-copy', recordedScore: Number(reply.score) };
}

/**
 * The finished play (this tab's, else the browser's latest; an unfinished one goes back to its
 * question, none to /), submitted once from here; then its percentile and how all players did
 * on its lines, and for a signed-in administrator a refresh of the admin statistics.
 */
export function usePlayResult(siteTitle: string) {
  const [quiz, setQuiz] = useState<QuizState | null>(null);
  const [history, setHistory] = useState<PlayRecord[]>([]);
  const [standing, setStanding] = useState<Standing>({ kind: 'saving' });
  const [percentile, setPercentile] = useState<Percentile | null>(null);
  const [lines, setLines] = useState<ReturnType<typeof lineResultsById> | null>(null);

  useEffect(() => {
    const play = currentPlay(sessionStorage, localStorage);
    const action = resultsPageAction(play);
    if (action === 'to-start' || !play) location.replace('/');
    else if (action === 'to-quiz') location.replace('/quiz');
    else {
      savePlay(sessionStorage, localStorage, play);
      // A reload draws this play's score on the server (src/shared/shown-score.ts).
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
      document.cookie = shownScoreCookie(play.correctCount);
      setHistory(rememberFinished(localStorage, play, Date.now()));
      setQuiz(play);
    }
    // Back/Forward from the browser's memory: the tab may have started another play since.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) location.reload();
    };
    addEventListener('pageshow', onShow);
    return () => removeEventListener('pageshow', onShow);
  }, []);

  const score = quiz?.correctCount ?? 0;

  useEffect(() => {
    if (!quiz) return;
    document.title = `${siteTitle} - Rezultat: ${score}/${PLAY_LENGTH}`;
  }, [quiz, siteTitle, score]);

  // The percentile and how all players did on the play's lines, once the play is recorded as shown.
  const loadRanking = useCallback(() => {
    if (!quiz) return;
    getPercentile(quiz.correctCount, quiz.difficulty)
      .then((p) =>
        setPercentile({
          percentile: Number(p.percentile),
          samePercent: Number(p.samePercent),
          totalPlayers: Number(p.totalPlayers),
        }),
      )
      .catch((error: unknown) => console.error(error));
    getLineResults(quiz.questions.map((q) => q.lyricId))
      .then((rows) => setLines(lineResultsById(rows)))
      .catch((error: unknown) => console.error(error));
  }, [quiz]);

  const [pendingId, setPendingId] = useState<string | null>(null);
  useEffect(() => {
    if (!quiz || quiz.answers.length === 0) return;
    if (quiz.submitted) {
      if (isRecordedAsShown(quiz)) {
        setStanding({ kind: 'ranked' });
        loadRanking();
      } else setStanding({ kind: 'other-copy', recordedScore: quiz.submission?.score ?? 0 });
      return;
    }
    setPendingId(playIdOf(quiz));
  }, [quiz, loadRanking]);

  // Handed to the outbox (the quiz page did so already when the play ended): sent from here or
  // from whichever page is open next, until the server answers for good. Before the outcome's
  // hook below: its effect sends what the outbox holds.
  useEffect(() => {
    if (!quiz || !pendingId || outcomeOf(localStorage, pendingId)) return;
    enqueuePlay(localStorage, pendingId, submissionOf(quiz, getSessionId(), navigator.userAgent), Date.now());
  }, [quiz, pendingId]);

  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );
  useOutboxOutcome(pendingId, {
    onOutcome: (outcome) => {
      if (!quiz) return;
      const next = standingAfter(quiz, outcome);
      setStanding(next);
      if (next.kind !== 'ranked') return;
      timers.current.push(setTimeout(loadRanking, PERCENTILE_DELAY_MS));
      const credentials = readCredentials();
      if (credentials)
        timers.current.push(
          setTimeout(() => {
            for (const read of ADMIN_REFRESH) read(credentials).catch(logUnlessAnswered);
          }, ADMIN_REFRESH_DELAY_MS),
        );
    },
    onOffline: () => setStanding({ kind: 'queued' }),
    onOnline: () => setStanding({ kind: 'saving' }),
  });

  return { quiz, score, standing, percentile, lines, history };
}
