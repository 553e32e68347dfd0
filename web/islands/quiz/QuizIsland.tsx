import { useEffect, useRef } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Spinner } from '../../components/Spinner/Spinner';
import * as styles from './QuizIsland.css';
import { OPTION_LETTERS, useQuizKeys } from './use-quiz-keys';
import { useQuizSession } from './use-quiz-session';

/** The quiz: one question at a time, answers locked once given, state kept in sessionStorage. */
export function QuizIsland() {
  const { status, state, question, answer, isLast, choose, next, retry } = useQuizSession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  // Focus: the new question's heading when it appears, the next button once answered.
  useEffect(() => {
    if (status === 'ready' && question && !answer) headingRef.current?.focus();
  }, [status, question, answer]);
  useEffect(() => {
    if (answer) nextRef.current?.focus();
  }, [answer]);
  useQuizKeys({ question, answer, choose, next });

  if (status === 'loading') return <Spinner label="Učitavanje pitanja..." />;
  if (status === 'error')
    return (
      <Card className={styles.error} role="alert">
        <p>Pogreška pri učitavanju pitanja.</p>
        <Button onClick={retry}>Pokušaj ponovno</Button>
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
                  aria-keyshortcuts={`${i + 1} ${OPTION_LETTERS[i]}`}
                  data-option={OPTION_LETTERS[i]}
                  data-state={look}
                  onClick={() => choose(option.id)}
                >
                  <span className={styles.letter} aria-hidden="true">
                    {OPTION_LETTERS[i]}
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
