import { useEffect, useState } from 'react';
import type { Percentile } from '../../../src/shared/contracts/stats';
import { PLAY_LENGTH } from '../../../src/shared/rules';
import { readCredentials } from '../../lib/admin';
import {
  ApiError,
  getAdminAlbums,
  getAdminLyrics,
  getAdminOverview,
  getAdminSongs,
  getLineResults,
  getPercentile,
  submitQuiz,
} from '../../lib/api';
import {
  currentPlay,
  type PlayRecord,
  rememberFinished,
  resultsPageAction,
  savePlay,
} from '../../lib/play-store';
import { isRecordedAsShown, type QuizState, submissionOf } from '../../lib/quiz-state';
import { lineResultsById } from '../../lib/review';
import { getSessionId } from '../../lib/storage';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Submits a play no sooner than the server accepts it (PLAY_MIN_SECONDS after its questions
 * arrived, docs/decisions/012). A fast player sees the result at once; only the submission and
 * the percentile wait. Should the clocks disagree, the server's 422 carries Retry-After: wait, retry.
 */
export async function submitWhenAllowed(quiz: QuizState, playMinSeconds: number) {
  const earliest = (quiz.fetchedAt ?? 0) + playMinSeconds * 1000 + 250;
  await sleep(Math.max(0, earliest - Date.now()));
  const body = submissionOf(quiz, getSessionId(), navigator.userAgent);
  for (let attempt = 0; ; attempt++) {
    try {
      return await submitQuiz(body);
    } catch (error) {
      const wait =
        error instanceof ApiError && error.status === 422 ? Number(error.headers.get('retry-after')) : 0;
      if (!(wait > 0) || attempt >= 3) throw error;
      await sleep(wait * 1000);
    }
  }
}

/**
 * Where the play stands with the server: being saved, recorded as shown (ranked: its
 * percentile means something), recorded with another copy's answers (a duplicated tab
 * submitted first: never shown with a percentile), or not saved (only logged, docs/product.md#results).
 */
export type Standing =
  | { kind: 'saving' }
  | { kind: 'ranked' }
  | { kind: 'other-copy'; recordedScore: number }
  | { kind: 'unsaved' };

/**
 * The finished play (this tab's, else the browser's latest; an unfinished one goes back to its
 * question, none to /), submitted once from here; then its percentile and how all players did
 * on its lines, and for a signed-in administrator a refresh of the admin statistics.
 */
export function usePlayResult(siteTitle: string, playMinSeconds: number) {
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

  useEffect(() => {
    if (!quiz || quiz.answers.length === 0) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const loadRanking = () => {
      getPercentile(score, quiz.difficulty)
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
    };
    if (quiz.submitted) {
      if (isRecordedAsShown(quiz)) {
        setStanding({ kind: 'ranked' });
        loadRanking();
      } else setStanding({ kind: 'other-copy', recordedScore: quiz.submission?.score ?? 0 });
      return;
    }
    let cancelled = false;
    submitWhenAllowed(quiz, playMinSeconds)
      .then((reply) => {
        if (cancelled) return;
        console.info('Rezultat spremljen', reply);
        const done: QuizState = {
          ...quiz,
          submitted: true,
          submission: { playId: Number(reply.playId), score: Number(reply.score) },
        };
        savePlay(sessionStorage, localStorage, done);
        if (!isRecordedAsShown(done)) {
          setStanding({ kind: 'other-copy', recordedScore: Number(reply.score) });
          return;
        }
        setStanding({ kind: 'ranked' });
        timers.push(setTimeout(loadRanking, PERCENTILE_DELAY_MS));
        const credentials = readCredentials();
        if (credentials)
          timers.push(
            setTimeout(() => {
              for (const read of ADMIN_REFRESH) read(credentials).catch(logUnlessAnswered);
            }, ADMIN_REFRESH_DELAY_MS),
          );
      })
      .catch((error: unknown) => {
        console.error('Slanje rezultata nije uspjelo', error);
        if (!cancelled) setStanding({ kind: 'unsaved' });
      });
    return () => {
      cancelled = true;
      for (const timer of timers) clearTimeout(timer);
    };
  }, [quiz, score, playMinSeconds]);

  return { quiz, score, standing, percentile, lines, history };
}
