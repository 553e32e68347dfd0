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
  getPercentile,
  submitQuiz,
} from '../../lib/api';
import { type QuizState, submissionOf } from '../../lib/quiz-state';
import { getSessionId, QUIZ_STATE_KEY, readJson, writeJson } from '../../lib/storage';

/** Spec §9: the percentile 500 ms after a successful submission, the admin refresh after 1 s. */
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
async function submitWhenAllowed(quiz: QuizState, playMinSeconds: number) {
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
 * The finished play kept in sessionStorage (none → back to /), submitted once from here;
 * then its percentile, and for a signed-in administrator a refresh of the admin statistics.
 */
export function usePlayResult(siteTitle: string, playMinSeconds: number) {
  const [quiz, setQuiz] = useState<QuizState | null>(null);
  const [percentile, setPercentile] = useState<Percentile | null>(null);

  useEffect(() => {
    const stored = readJson<QuizState>(sessionStorage, QUIZ_STATE_KEY);
    if (!stored || stored.questions.length === 0) {
      location.replace('/');
      return;
    }
    setQuiz(stored);
  }, []);

  const score = quiz?.correctCount ?? 0;

  useEffect(() => {
    if (!quiz) return;
    document.title = `${siteTitle} - Rezultat: ${score}/${PLAY_LENGTH}`;
  }, [quiz, siteTitle, score]);

  useEffect(() => {
    if (!quiz || quiz.answers.length === 0) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const loadPercentile = () =>
      getPercentile(score)
        .then((p) =>
          setPercentile({ percentile: Number(p.percentile), totalPlayers: Number(p.totalPlayers) }),
        )
        .catch((error: unknown) => console.error(error));
    if (quiz.submitted) {
      loadPercentile();
      return;
    }
    let cancelled = false;
    submitWhenAllowed(quiz, playMinSeconds)
      .then((reply) => {
        if (cancelled) return;
        console.info('Rezultat spremljen', reply);
        writeJson(sessionStorage, QUIZ_STATE_KEY, { ...quiz, submitted: true });
        timers.push(setTimeout(loadPercentile, PERCENTILE_DELAY_MS));
        const credentials = readCredentials();
        if (credentials)
          timers.push(
            setTimeout(() => {
              for (const read of ADMIN_REFRESH) read(credentials).catch(logUnlessAnswered);
            }, ADMIN_REFRESH_DELAY_MS),
          );
      })
      .catch((error: unknown) => console.error('Slanje rezultata nije uspjelo', error));
    return () => {
      cancelled = true;
      for (const timer of timers) clearTimeout(timer);
    };
  }, [quiz, score, playMinSeconds]);

  return { quiz, score, percentile };
}
