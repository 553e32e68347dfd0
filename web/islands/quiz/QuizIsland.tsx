import { useEffect, useRef, useState } from 'react';
import { DEFAULT_DIFFICULTY, type Difficulty } from '../../../src/shared/difficulty';
import { ratingFor } from '../../../src/shared/rating';
import { Button, ButtonLink } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { DifficultyChoice } from '../../components/DifficultyChoice/DifficultyChoice';
import { Spinner } from '../../components/Spinner/Spinner';
import type { InitialQuiz } from '../../lib/quiz-state';
import { QuestionCard } from './QuestionCard';
import * as styles from './QuizIsland.css';
import { useQuizSession } from './use-quiz-session';

/** The quiz: one question at a time, answers locked once given, the play kept in the browser. */
export function QuizIsland({
  tokenTtlSeconds,
  initial,
}: {
  tokenTtlSeconds?: number;
  /** A new play drawn by the server into the page (src/quiz/inline.ts). */
  initial?: InitialQuiz;
}) {
  const { status, state, question, answer, isLast, choose, next, retry, startNew } = useQuizSession(
    tokenTtlSeconds,
    initial,
  );
  const retryRef = useRef<HTMLButtonElement>(null);
  const retried = useRef(false);
  // The next play's difficulty ('Nova igra' after a finished play).
  const [nextDifficulty, setNextDifficulty] = useState<Difficulty>(DEFAULT_DIFFICULTY);

  // 'Nova igra' after a finished play preselects that play's difficulty.
  useEffect(() => {
    if (status === 'finished' || status === 'expired')
      setNextDifficulty(state.difficulty ?? DEFAULT_DIFFICULTY);
  }, [status, state.difficulty]);

  // A retry that failed again: the focus stays on 'Pokušaj ponovno' (its button was re-created).
  useEffect(() => {
    if (status === 'error' && retried.current) retryRef.current?.focus();
  }, [status]);

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
          Vaš rezultat: {score}/{state.questions.length} ({ratingFor(score).label}). Možete ga pogledati ili
          započeti novu igru s novim stihovima.
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
  if (status === 'expired')
    return (
      <Card className={styles.error} aria-labelledby="expired-title" data-expired-play="">
        <h1 id="expired-title" className={styles.errorTitle}>
          Ovaj je kviz istekao
        </h1>
        <p>
          {`Od početka ovog kviza prošlo je previše vremena (stih ${state.currentIndex + 1}/${state.questions.length}), pa se više ne može spremiti ni rangirati. Započnite novu igru s novim stihovima.`}
        </p>
        <DifficultyChoice value={nextDifficulty} onChange={setNextDifficulty} />
        <div className={styles.choices}>
          <Button onClick={() => startNew(nextDifficulty)}>Nova igra</Button>
        </div>
      </Card>
    );
  if (!question) return <Spinner label="Učitavanje pitanja..." heading />;

  return (
    <QuestionCard {...{ state, question, answer, isLast, choose, next }} waiting={status === 'inline'} />
  );
}
