import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { DailyPercentile } from '../../../src/shared/contracts/daily';
import { type Streak, streakOf } from '../../../src/shared/streak';
import { getDaily, getDailyPercentile, getDailyStreak } from '../../lib/api';
import {
  DAILY_DAYS_KEY,
  type DailyRecord,
  dailyDays,
  dailyRecordOf,
  forgetDailyRecord,
  keepDailyDays,
  saveDailyRecord,
} from '../../lib/daily';
import { enqueuePlay } from '../../lib/outbox';
import { playIdOf } from '../../lib/play-store';
import { emptyQuiz, isFinished, type QuizState, quizReducer, submissionOf } from '../../lib/quiz-state';
import { answerSquares } from '../../lib/share';
import { getSessionId } from '../../lib/storage';
import { useAnswering } from '../quiz/use-answering';
import { useOutboxOutcome } from '../use-outbox-outcome';

/**
 * 'intro': the challenge number and a start button; 'playing': the quiz; 'saving': the play is
 * being recorded; 'queued': no network, the play waits in the outbox (docs/decisions/032);
 * 'done': the day's result; 'error': the questions or the submission failed.
 */
export type DailyStatus = 'intro' | 'loading' | 'playing' | 'saving' | 'queued' | 'done' | 'error';

export interface DailyDay {
  day: string;
  number: number;
}

/**
 * After a failure: the questions are fetched again. A finished play is only in error when the
 * server refused it for good (the outbox retries everything else), so its record is dropped and
 * the day's challenge fetched anew.
 */
function retryDaily(day: string, state: QuizState, start: () => void): void {
  const kept = dailyRecordOf(localStorage, day);
  if (isFinished(state) && kept && !kept.result) forgetDailyRecord(localStorage);
  start();
}

/** Keeps the play's progress; when another tab has finished it (or ranked another), shows that result. */
function keepOrFollow(current: DailyRecord, takeUp: (kept: DailyRecord) => void): boolean {
  if (saveDailyRecord(localStorage, current)) return true;
  const kept = dailyRecordOf(localStorage, current.day);
  if (kept) takeUp(kept);
  return false;
}

/** The day's play finished in another tab while this one shows it in progress: follow it. */
function useFollowOtherTab(playing: boolean, day: string, takeUp: (kept: DailyRecord) => void): void {
  useEffect(() => {
    if (!playing) return;
    const onStorage = () => {
      const kept = dailyRecordOf(localStorage, day);
      if (kept && (kept.result || isFinished(kept.quiz))) takeUp(kept);
    };
    addEventListener('storage', onStorage);
    return () => removeEventListener('storage', onStorage);
  }, [playing, day, takeUp]);
}

/**
 * The day's challenge in this browser: takes up the day's play or result kept in
 * localStorage, else waits for 'Započni'; submits the finished play once, then reads the
 * day's percentile and the streak the server confirms (docs/decisions/021).
 */
export function useDailySession(today: DailyDay) {
  const [state, dispatch] = useReducer(quizReducer, emptyQuiz);
  const [status, setStatus] = useState<DailyStatus>('intro');
  const [record, setRecord] = useState<DailyRecord | null>(null);
  const [percentile, setPercentile] = useState<DailyPercentile | null>(null);
  const [streak, setStreak] = useState<Streak | null>(null);
  /** A later play of a day already ranked (another tab): its score, shown beside the ranked result. */
  const [replayScore, setReplayScore] = useState<number | null>(null);
  const submitting = useRef(false);

  /** The streak from the days the server confirms (kept here too), else from those kept here. */
  const readStreak = useCallback((day: string) => {
    setStreak(streakOf(dailyDays(localStorage), day));
    getDailyStreak(getSessionId())
      .then((confirmed) => {
        // The server's ranked days are the truth; they replace what this browser believed.
        localStorage.removeItem(DAILY_DAYS_KEY);
        setStreak(streakOf(keepDailyDays(localStorage, confirmed.days), confirmed.today));
      })
      .catch((error: unknown) => console.error(error));
  }, []);

  const finish = useCallback(
    (done: DailyRecord) => {
      setRecord(done);
      setStatus('done');
      const result = done.result!;
      getDailyPercentile(result.score, done.day)
        .then(setPercentile)
        .catch((error: unknown) => console.error(error));
      readStreak(done.day);
    },
    [readStreak],
  );

  const takeUp = useCallback(
    (kept: DailyRecord) => {
      if (kept.result) finish(kept);
      else {
        setRecord(kept);
        dispatch({ type: 'restore', state: kept.quiz });
        setStatus(isFinished(kept.quiz) ? 'saving' : 'playing');
      }
    },
    [finish],
  );

  // The day's play or result kept in this browser.
  useEffect(() => {
    const kept = dailyRecordOf(localStorage, today.day);
    if (kept) takeUp(kept);
  }, [today.day, takeUp]);

  const start = useCallback(() => {
    // Another tab may have played or started the day's challenge since this page opened.
    const kept = dailyRecordOf(localStorage, today.day);
    if (kept) {
      takeUp(kept);
      return;
    }
    setStatus('loading');
    getDaily()
      .then(({ challenge, token }) => {
        const quiz = quizReducer(emptyQuiz, {
          type: 'loaded',
          questions: challenge.questions,
          token,
          fetchedAt: Date.now(),
        });
        const started: DailyRecord = { day: challenge.day, number: challenge.number, quiz };
        saveDailyRecord(localStorage, started);
        setRecord(started);
        dispatch({ type: 'restore', state: quiz });
        setStatus('playing');
      })
      .catch((error: unknown) => {
        console.error(error);
        setStatus('error');
      });
  }, [today.day, takeUp]);

  // Every answer is kept; the last one hands the play to the outbox (sent from any page).
  const [pendingId, setPendingId] = useState<string | null>(null);
  const finished = useRef<{ state: QuizState; record: DailyRecord } | null>(null);
  // In storage when the screen shows it (see use-quiz-session.ts).
  useLayoutEffect(() => {
    if (!record || (status !== 'playing' && status !== 'saving') || state.questions.length === 0) return;
    const current = { ...record, quiz: state };
    if (!keepOrFollow(current, takeUp)) return;
    if (!isFinished(state) || submitting.current) return;
    submitting.current = true;
    finished.current = { state, record: current };
    const id = playIdOf(state);
    enqueuePlay(localStorage, id, submissionOf(state, getSessionId(), navigator.userAgent), Date.now());
    setStatus('saving');
    setPendingId(id);
  }, [state, status, record, takeUp]);
  useFollowOtherTab(status === 'playing', today.day, takeUp);

  // The server's answer, from this page's sending or any other tab's.
  useOutboxOutcome(pendingId, {
    onOutcome: (outcome) => {
      if (!finished.current) return;
      const { state: play, record: current } = finished.current;
      submitting.current = false;
      setPendingId(null);
      if (outcome.kind === 'refused') {
        setStatus('error');
        return;
      }
      const submitted = outcome.result;
      const ranked = submitted.ranked === true;
      if (ranked) keepDailyDays(localStorage, [current.day]);
      const done: DailyRecord = {
        ...current,
        quiz: { ...play, submitted: true },
        result: { score: submitted.score, squares: answerSquares(play.questions, play.answers), ranked },
      };
      if (saveDailyRecord(localStorage, done)) finish(done);
      else {
        // The day's ranked result (another tab's play) stays the one shown and shared.
        setReplayScore(submitted.score);
        finish(dailyRecordOf(localStorage, current.day) ?? done);
      }
    },
    onOffline: () => setStatus('queued'),
    onOnline: () => setStatus('saving'),
  });

  const { question, answer, choose, next } = useAnswering(state, status === 'playing', dispatch);
  const retry = useCallback(() => retryDaily(today.day, state, start), [state, start, today.day]);

  return {
    status,
    state,
    record,
    question,
    answer,
    isLast: state.currentIndex >= state.questions.length - 1,
    percentile,
    streak,
    replayScore,
    start,
    choose,
    next,
    retry,
  };
}
