import { useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { CreatorLink } from '../../components/Footer/Footer';
import { Spinner } from '../../components/Spinner/Spinner';
import { Toaster, useToast } from '../../components/Toast/Toast';
import { adminFetch, readCredentials } from '../../lib/admin';
import { apiRequest } from '../../lib/api';
import { formatCount, formatPercent } from '../../lib/format';
import type { PageProps } from '../../lib/page-props';
import { type QuizState, submissionOf } from '../../lib/quiz-state';
import { RATING_BANDS, ratingFor } from '../../lib/rating';
import { getSessionId, QUIZ_STATE_KEY, readJson, writeJson } from '../../lib/storage';
import * as styles from './ResultsIsland.css';
import { SharePanel } from './SharePanel';

/** Spec §9: the percentile 500 ms after a successful submission, the admin refresh after 1 s. */
const PERCENTILE_DELAY_MS = 500;
const ADMIN_REFRESH_DELAY_MS = 1000;
const ADMIN_REFRESH_PATHS = ['overview', 'lyrics', 'songs', 'albums'].map(
  (name) => `/api/admin/stats/${name}`,
);

interface Percentile {
  percentile: number;
  totalPlayers: number;
}

/** The results: score, rating, percentile, sharing. The play is submitted once, from here. */
export function ResultsIsland({ page }: { page: PageProps }) {
  const [quiz, setQuiz] = useState<QuizState | null>(null);
  const [percentile, setPercentile] = useState<Percentile | null>(null);
  const { toast, show, dismiss } = useToast();

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
    document.title = `${page.title} - Rezultat: ${score}/30`;
  }, [quiz, page.title, score]);

  // Submit once; then the percentile (and the admin statistics, for a signed-in administrator).
  useEffect(() => {
    if (!quiz || quiz.answers.length === 0) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const loadPercentile = () =>
      apiRequest<Percentile>(`/api/score-percentile/${score}`)
        .then((p) =>
          setPercentile({ percentile: Number(p.percentile), totalPlayers: Number(p.totalPlayers) }),
        )
        .catch((error: unknown) => console.error(error));
    if (quiz.submitted) {
      loadPercentile();
      return;
    }
    apiRequest<unknown>('/api/stats/submit-quiz', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(submissionOf(quiz, getSessionId(), navigator.userAgent)),
    })
      .then((reply) => {
        console.info('Rezultat spremljen', reply);
        writeJson(sessionStorage, QUIZ_STATE_KEY, { ...quiz, submitted: true });
        timers.push(setTimeout(loadPercentile, PERCENTILE_DELAY_MS));
        const credentials = readCredentials();
        if (credentials)
          timers.push(
            setTimeout(() => {
              for (const path of ADMIN_REFRESH_PATHS)
                adminFetch(path, credentials).catch((error: unknown) => console.error(error));
            }, ADMIN_REFRESH_DELAY_MS),
          );
      })
      .catch((error: unknown) => console.error('Slanje rezultata nije uspjelo', error));
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [quiz, score]);

  if (!quiz) return <Spinner label="Učitavanje rezultata..." />;
  const band = ratingFor(score);

  return (
    <div className={styles.results}>
      <Card className={styles.scoreCard} aria-labelledby="result-title">
        <h1 id="result-title">Vaš rezultat</h1>
        <p className={styles.score} data-score="">
          {score}/30
        </p>
        <p className={styles.rating} data-rating="">
          {band.label}
        </p>
      </Card>

      {percentile && (
        <Card className={styles.position} aria-labelledby="position-title" data-percentile="">
          <h2 id="position-title" className={styles.sectionTitle}>
            Vaša pozicija
          </h2>
          <p className={styles.positionValue}>Bolje od {formatPercent(percentile.percentile)} igrača</p>
          <p>(od ukupno {formatCount(percentile.totalPlayers)} igranja)</p>
        </Card>
      )}

      <Card>
        <table className={styles.table}>
          <caption className={styles.caption}>Ljestvica ocjena</caption>
          <thead>
            <tr>
              <th className={styles.cell} scope="col">
                Bodovi
              </th>
              <th className={styles.cell} scope="col">
                Ocjena
              </th>
            </tr>
          </thead>
          <tbody>
            {RATING_BANDS.map((b) => (
              <tr
                key={b.label}
                className={b === band ? styles.currentRow : undefined}
                aria-current={b === band ? 'true' : undefined}
              >
                <td className={styles.cell}>
                  {b.min}–{b.max}
                </td>
                <td className={styles.cell}>
                  {b.label}
                  {b === band && <span className="visually-hidden"> (vaša ocjena)</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <SharePanel score={score} artist={page.artist} siteUrl={page.siteUrl} toast={show} />

      <p className={styles.actions}>
        <span>
          Kviz je izradio: <CreatorLink creator={page.creator} />
        </span>
      </p>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            sessionStorage.removeItem(QUIZ_STATE_KEY);
            location.assign('/');
          }}
        >
          Igraj ponovno
        </Button>
      </div>
      <Toaster toast={toast} onDismiss={dismiss} />
    </div>
  );
}
