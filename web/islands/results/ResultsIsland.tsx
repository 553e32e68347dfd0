import type { PageProps } from '../../../src/shared/contracts/pages';
import { RATING_BANDS, ratingFor } from '../../../src/shared/rating';
import { PLAY_LENGTH } from '../../../src/shared/rules';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { CreatorLink } from '../../components/CreatorLink/CreatorLink';
import { Spinner } from '../../components/Spinner/Spinner';
import { Toaster, useToast } from '../../components/Toast/Toast';
import { formatCount, formatPercent } from '../../lib/format';
import { QUIZ_STATE_KEY } from '../../lib/storage';
import * as styles from './ResultsIsland.css';
import { SharePanel } from './SharePanel';
import { usePlayResult } from './use-play-result';

/** The results: score, rating, percentile, sharing. The play is submitted once, from here. */
export function ResultsIsland({ page, playMinSeconds }: { page: PageProps; playMinSeconds: number }) {
  const { quiz, score, percentile } = usePlayResult(page.title, playMinSeconds);
  const { toast, show, dismiss } = useToast();

  if (!quiz) return <Spinner label="Učitavanje rezultata..." />;
  const band = ratingFor(score);

  return (
    <div className={styles.results}>
      <Card className={styles.scoreCard} aria-labelledby="result-title">
        <h1 id="result-title">Vaš rezultat</h1>
        <p className={styles.score} data-score="">
          {`${score}/${PLAY_LENGTH}`}
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
