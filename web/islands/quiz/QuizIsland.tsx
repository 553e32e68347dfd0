import { useEffect, useRef, useState } from 'react';
import { DEFAULT_DIFFICULTY, DIFFICULTY_LABELS, type Difficulty } from '../../../src/shared/difficulty';
import { ratingFor } from '../../../src/shared/rating';
import { Button, ButtonLink } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { DifficultyChoice } from '../../components/DifficultyChoice/DifficultyChoice';
import { Spinner } from '../../components/Spinner/Spinner';
import { CORRECT_ANSWERS, countOf } from '../../lib/plural';
import * as styles from './QuizIsland.css';
import { OPTION_LETTERS, useQuizKeys } from './use-quiz-keys';
import { useQuizSession } from './use-quiz-session';

/** Room kept between the right option and the screen's edge or the answer bar, in px. */
const EDGE = 8;

/**
 * After an answer on a small screen: the right option scrolled into view above the answer bar
 * (which sticks to the bottom with the album line and the next button).
 */
function keepInView(option: Element | null | undefined, bar: Element | null) {
  if (!option || !bar) return;
  const box = option.getBoundingClientRect();
  const bottom = Math.min(bar.getBoundingClientRect().top, innerHeight) - EDGE;
  const behavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  if (box.bottom > bottom) scrollBy({ top: box.bottom - bottom, behavior });
  else if (box.top < EDGE) scrollBy({ top: box.top - EDGE, behavior });
}

/** The quiz: one question at a time, answers locked once given, the play kept in the browser. */
export function QuizIsland() {
  const { status, state, question, answer, isLast, choose, next, retry, startNew } = useQuizSession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const optionsRef = useRef<HTMLUListElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const retried = useRef(false);
  // The next play's difficulty ('Nova igra' after a finished play): normal preselected.
  const [nextDifficulty, setNextDifficulty] = useState<Difficulty>(DEFAULT_DIFFICULTY);

  // Focus: the new question's heading when it appears, the next button once answered.
  useEffect(() => {
    if (status === 'ready' && question && !answer) headingRef.current?.focus();
  }, [status, question, answer]);
  useEffect(() => {
    if (!answer) return;
    nextRef.current?.focus({ preventScroll: true });
    keepInView(optionsRef.current?.querySelector('[data-state="correct"]'), barRef.current);
  }, [answer]);
  // A retry that failed again: the focus stays on 'Pokušaj ponovno' (its button was re-created).
  useEffect(() => {
    if (status === 'error' && retried.current) retryRef.current?.focus();
  }, [status]);
  useQuizKeys({ question, answer, choose, next });

  if (status === 'loading') return <Spinner label="Učitavanje pitanja..." heading />;
  if (status === 'error')
    return (
      <Card className={styles.error} role="alert">
        <h1 className={styles.errorTitle}>Pogreška pri učitavanju pitanja.</h1>
        <Button
          ref={retryRef}
          onClick={() => {
            retried.current = true;
            retry();
          }}
        >
          Pokušaj ponovno
        </Button>
      </Card>
    );
  if (status === 'finished') {
    const score = state.correctCount;
    return (
      <Card className={styles.error} aria-labelledby="finished-title" data-finished-play="">
        <h1 id="finished-title" className={styles.errorTitle}>
          Ovaj kviz je završen
        </h1>
        <p>
          Vaš rezultat: {score}/{state.questions.length} ({ratingFor(score).label}). Pogledajte ga ili
          započnite novu igru s novim stihovima.
        </p>
        <DifficultyChoice value={nextDifficulty} onChange={setNextDifficulty} />
        <div className={styles.choices}>
          <ButtonLink href="/results">Pogledaj rezultat</ButtonLink>
          <Button variant="secondary" onClick={() => startNew(nextDifficulty)}>
            Nova igra
          </Button>
        </div>
      </Card>
    );
  }
  if (!question) return <Spinner label="Učitavanje pitanja..." heading />;

  const total = state.questions.length;
  const current = state.currentIndex + 1;
  const progress = (current / total) * 100;

  return (
    <div className={styles.quiz}>
      <div>
        <div className={styles.progressRow}>
          {state.difficulty && state.difficulty !== DEFAULT_DIFFICULTY ? (
            <span>
              <span>
                Stih {current}/{total}
              </span>
              <span className={styles.level} data-difficulty={state.difficulty}>
                {' · '}
                {DIFFICULTY_LABELS[state.difficulty]}
              </span>
            </span>
          ) : (
            <span>
              Stih {current}/{total}
            </span>
          )}
          <span data-correct-count={state.correctCount}>{countOf(state.correctCount, CORRECT_ANSWERS)}</span>
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

      <Card aria-labelledby="question-heading" className={styles.card}>
        <h1 id="question-heading" className={styles.heading} ref={headingRef} tabIndex={-1}>
          Iz koje je pjesme ovaj stih?
        </h1>
        <p className={styles.lyric} data-lyric="">
          „{question.lyric}“
        </p>
        <ul className={styles.options} ref={optionsRef}>
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
        <div aria-live="polite" className={answer ? styles.bar : undefined} ref={barRef} data-answer-bar="">
          {answer && (
            <>
              <div className={styles.reveal}>
                <p className={answer.isCorrect ? styles.verdict.correct : styles.verdict.wrong}>
                  {answer.isCorrect ? 'Točno!' : `Netočno. Točan odgovor: ${question.correctSongTitle}`}
                </p>
                <p className={styles.album} data-album="">
                  Album: {question.albumTitle}, {question.albumYear}.
                </p>
              </div>
              <Button ref={nextRef} onClick={next} className={styles.next}>
                {isLast ? 'Završi kviz' : 'Sljedeći stih'}
              </Button>
            </>
          )}
        </div>
        {!answer && <p className={styles.hint}>Tipkovnica: 1–5 ili A–E za odgovor, Enter za dalje.</p>}
      </Card>
    </div>
  );
}
