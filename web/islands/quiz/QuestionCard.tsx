import { useLayoutEffect, useRef } from 'react';
import { DEFAULT_DIFFICULTY, DIFFICULTY_LABELS } from '../../../src/shared/difficulty';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { CORRECT_ANSWERS, countOf } from '../../lib/plural';
import type { AnswerRecord, Question, QuizState } from '../../lib/quiz-state';
import * as styles from './QuizIsland.css';
import { OPTION_LETTERS, useQuizKeys } from './use-quiz-keys';

/** Room kept between the right option and the screen's edge or the answer bar, in px. */
const EDGE = 8;

/**
 * After an answer on a small screen: the right option and the player's own wrong pick scrolled
 * into view above the answer bar (which sticks to the bottom with the album line and the next
 * button). When both do not fit, the player's pick wins: the bar names the right song anyway.
 */
function keepInView(options: (Element | null | undefined)[], bar: Element | null) {
  const boxes = options.filter((o): o is Element => Boolean(o)).map((o) => o.getBoundingClientRect());
  if (boxes.length === 0 || !bar) return;
  const bottom = Math.min(bar.getBoundingClientRect().top, innerHeight) - EDGE;
  const fits = (list: DOMRect[]) =>
    Math.max(...list.map((b) => b.bottom)) - Math.min(...list.map((b) => b.top)) <= bottom - EDGE;
  const shown = fits(boxes) ? boxes : boxes.slice(0, 1);
  const top = Math.min(...shown.map((b) => b.top));
  const low = Math.max(...shown.map((b) => b.bottom));
  const behavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  if (low > bottom) scrollBy({ top: low - bottom, behavior });
  else if (top < EDGE) scrollBy({ top: top - EDGE, behavior });
}

export interface QuestionCardProps {
  state: QuizState;
  question: Question;
  answer: AnswerRecord | undefined;
  isLast: boolean;
  choose: (songId: number) => void;
  next: () => void;
  /**
   * The line is on screen from the server's HTML but the page has not taken the play yet
   * (docs/decisions/032): the options say so (`aria-disabled`) until they can be answered.
   */
  waiting?: boolean;
}

/**
 * The play in progress: the progress bar, the line, five songs, the verdict and the next
 * button. Shared by free play (QuizIsland) and the daily challenge (DailyIsland), which
 * differ only in where the play comes from and where it goes when it ends.
 */
export function QuestionCard({ state, question, answer, isLast, choose, next, waiting }: QuestionCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const optionsRef = useRef<HTMLUListElement>(null);
  const barRef = useRef<HTMLDivElement>(null);

  // Focus: the new question's heading when it appears, the next button once answered — as the
  // screen changes (layout effects: a key pressed at once goes to the right element, ADR 038).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new question moves the focus too
  useLayoutEffect(() => {
    if (!answer) headingRef.current?.focus();
  }, [question, answer]);
  useLayoutEffect(() => {
    if (!answer) return;
    nextRef.current?.focus({ preventScroll: true });
    const option = (state: string) => optionsRef.current?.querySelector(`[data-state="${state}"]`);
    keepInView([option('wrong'), option('correct')], barRef.current);
  }, [answer]);
  useQuizKeys({ question, answer, choose, next });

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
                  aria-disabled={waiting ? true : undefined}
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
