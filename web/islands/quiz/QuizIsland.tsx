import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Spinner } from '../../components/Spinner/Spinner';
import {
  answerFor,
  emptyQuiz,
  isFinished,
  QUIZ_LENGTH,
  type Question,
  type QuizState,
  quizReducer,
} from '../../lib/quiz-state';
import { QUIZ_STATE_KEY, readJson, writeJson } from '../../lib/storage';
import * as styles from './QuizIsland.css';

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

type Status = 'loading' | 'error' | 'ready';

async function fetchQuestions(): Promise<{ questions: Question[]; token: string | null }> {
  const response = await fetch(`/api/quiz?count=${QUIZ_LENGTH}`, { credentials: 'include' });
  if (!response.ok) throw new Error('Failed to fetch quiz questions');
  return { questions: (await response.json()) as Question[], token: response.headers.get('x-quiz-token') };
}

/** The quiz: one question at a time, answers locked once given, state kept in sessionStorage. */
export function QuizIsland() {
  const [state, dispatch] = useReducer(quizReducer, emptyQuiz);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  // Load once per play: resume the stored play, or fetch a new one.
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
    fetchQuestions()
      .then(({ questions, token }) => {
        if (cancelled) return;
        dispatch({ type: 'loaded', questions, token });
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
  const isLast = state.currentIndex >= state.questions.length - 1;

  const choose = useCallback(
    (songId: number) => {
      if (question && !answer) dispatch({ type: 'answer', questionId: question.id, selectedSongId: songId });
    },
    [question, answer],
  );
  const next = useCallback(() => {
    if (answer) dispatch({ type: 'next' });
  }, [answer]);

  // Focus: the new question's heading when it appears, the next button once answered.
  useEffect(() => {
    if (status === 'ready' && question && !answer) headingRef.current?.focus();
  }, [status, question, answer]);
  useEffect(() => {
    if (answer) nextRef.current?.focus();
  }, [answer]);

  // Keyboard play: 1–5 or A–E choose, Enter goes on.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || !question) return;
      const key = event.key.toUpperCase();
      const index = /^[1-5]$/.test(key) ? Number(key) - 1 : LETTERS.indexOf(key as (typeof LETTERS)[number]);
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

  if (status === 'loading') return <Spinner label="Učitavanje pitanja..." />;
  if (status === 'error')
    return (
      <Card className={styles.error} role="alert">
        <p>Pogreška pri učitavanju pitanja.</p>
        <Button
          onClick={() => {
            sessionStorage.removeItem(QUIZ_STATE_KEY);
            dispatch({ type: 'reset' });
            setAttempt((n) => n + 1);
          }}
        >
          Pokušaj ponovno
        </Button>
      </Card>
    );
  if (!question) return <Spinner label="Učitavanje pitanja..." />;

  const total = state.questions.length;
  const current = state.currentIndex + 1;
  const progress = (current / total) * 100;

  return (
    <div className={styles.quiz}>
      <div>
        <div className={styles.progressRow}>
          <span>
            Stih {current}/{total}
          </span>
          <span>{state.correctCount} točnih odgovora</span>
        </div>
        <div
          className={styles.progressTrack}
          role="progressbar"
          aria-label="Napredak kviza"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
        >
          <div className={styles.progressFill} style={{ width: `${progress}%` }} />
        </div>
      </div>

      <Card aria-labelledby="question-heading">
        <h1 id="question-heading" className={styles.heading} ref={headingRef} tabIndex={-1}>
          Iz koje je pjesme ovaj stih?
        </h1>
        <p className={styles.lyric} data-lyric="">
          „{question.lyric}“
        </p>
        <ul className={styles.options}>
          {question.options.map((option, i) => {
            const isCorrect = option.id === question.correctSongId;
            const isChosen = answer?.selectedSongId === option.id;
            const look = !answer ? 'idle' : isCorrect ? 'correct' : isChosen ? 'wrong' : 'dimmed';
            return (
              <li key={option.id}>
                <button
                  type="button"
                  className={styles.option[look]}
                  disabled={Boolean(answer)}
                  aria-keyshortcuts={`${i + 1} ${LETTERS[i]}`}
                  data-option={LETTERS[i]}
                  data-state={look}
                  onClick={() => choose(option.id)}
                >
                  <span className={styles.letter} aria-hidden="true">
                    {LETTERS[i]}
                  </span>
                  <span className={styles.optionTitle}>{option.title}</span>
                  {answer && isCorrect && (
                    <span className={styles.mark.correct}>
                      <span aria-hidden="true">✓</span>
                      <span className="visually-hidden"> (točan odgovor)</span>
                    </span>
                  )}
                  {answer && isChosen && !isCorrect && (
                    <span className={styles.mark.wrong}>
                      <span aria-hidden="true">✗</span>
                      <span className="visually-hidden"> (vaš odgovor)</span>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        <div aria-live="polite">
          {answer && (
            <div className={styles.reveal}>
              <p className={answer.isCorrect ? styles.verdict.correct : styles.verdict.wrong}>
                {answer.isCorrect ? 'Točno!' : `Netočno. Točan odgovor: ${question.correctSongTitle}`}
              </p>
              <p className={styles.album} data-album="">
                Album: {question.albumTitle}, {question.albumYear}.
              </p>
              <Button ref={nextRef} onClick={next}>
                {isLast ? 'Završi kviz' : 'Sljedeći stih'}
              </Button>
            </div>
          )}
        </div>
        {!answer && <p className={styles.hint}>Tipkovnica: 1–5 ili A–E za odgovor, Enter za dalje.</p>}
      </Card>
    </div>
  );
}
