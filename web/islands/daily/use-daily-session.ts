import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { DailyPercentile } from '../../../src/shared/contracts/daily';
import { type Streak, streakOf } from '../../../src/shared/streak';
import { getDaily, getDailyPercentile, getDailyStreak } from '../../lib/api';
import {
  DAILY_DAYS_KEY,
  type DailyRecord,
  dailyDays,
  dailyRecordOf,
  keepDailyDays,
  saveDailyRecord,
} from '../../lib/daily';
import { emptyQuiz, isFinished, quizReducer } from '../../lib/quiz-state';
import { answerSquares } from '../../lib/share';
import { getSessionId } from '../../lib/storage';
import { useAnswering } from '../quiz/use-answering';
import { submitWhenAllowed } from '../results/use-play-result';

/**
 * 'intro': the challenge number and a start button; 'playing': the quiz; 'saving': the play is
 * being recorded; 'done': the day's result; 'error': the questions or the submission failed.
 */
export type DailyStatus = 'intro' | 'loading' | 'playing' | 'saving' | 'done' | 'error';

export interface DailyDay {
  day: string;
  number: number;
}

/**
 * The day's challenge in this browser: takes up the day's play or result kept in
 * localStorage, else waits for 'Započni'; submits the finished play once, then reads the
 * day's percentile and the streak the server confirms (docs/decisions/021).
 */
export function useDailySession(today: DailyDay, playMinSeconds: number) {
  const [state, dispatch] = useReducer(quizReducer, emptyQuiz);
  const [status, setStatus] = useState<DailyStatus>('intro');
  const [record, setRecord] = useState<DailyRecord | null>(null);
  const [percentile, setPercentile] = useState<DailyPercentile | null>(null);
  const [streak, setStreak] = useState<Streak | null>(null);
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

  // The day's play or result kept in this browser.
  useEffect(() => {
    const kept = dailyRecordOf(localStorage, today.day);
    if (!kept) return;
    if (kept.result) finish(kept);
    else {
      setRecord(kept);
      dispatch({ type: 'restore', state: kept.quiz });
      setStatus(isFinished(kept.quiz) ? 'saving' : 'playing');
    }
  }, [today.day, finish]);

  const start = useCallback(() => {
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
  }, []);

  // Every answer is kept; the last one submits the play.
  useEffect(() => {
    if (!record || (status !== 'playing' && status !== 'saving') || state.questions.length === 0) return;
    const current = { ...record, quiz: state };
    saveDailyRecord(localStorage, current);
    if (!isFinished(state) || submitting.current) return;
    submitting.current = true;
    setStatus('saving');
    submitWhenAllowed(state, playMinSeconds)
      .then((submitted) => {
        const ranked = submitted.ranked === true;
        if (ranked) keepDailyDays(localStorage, [current.day]);
        const done: DailyRecord = {
          ...current,
          quiz: { ...state, submitted: true },
          result: {
            score: submitted.score,
            squares: answerSquares(state.questions, state.answers),
            ranked,
          },
        };
        saveDailyRecord(localStorage, done);
        finish(done);
      })
      .catch((error: unknown) => {
        console.error(error);
        submitting.current = false;
        setStatus('error');
      });
  }, [state, status, record, playMinSeconds, finish]);

  const { question, answer, choose, next } = useAnswering(state, status === 'playing', dispatch);
  /** After a failure: a failed submission is tried again, failed questions are fetched again. */
  const retry = useCallback(() => {
    if (isFinished(state)) {
      setStatus('saving');
      dispatch({ type: 'restore', state: { ...state } });
    } else start();
  }, [state, start]);

  return {
    status,
    state,
    record,
    question,
    answer,
    isLast: state.currentIndex >= state.questions.length - 1,
    percentile,
    streak,
    start,
    choose,
    next,
    retry,
  };
}
