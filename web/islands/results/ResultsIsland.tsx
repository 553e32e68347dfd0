import type { ReactNode } from 'react';
import type { PageProps } from '../../../src/shared/contracts/pages';
import type { Percentile } from '../../../src/shared/contracts/stats';
import type { Difficulty } from '../../../src/shared/difficulty';
import { RATING_BANDS, ratingFor } from '../../../src/shared/rating';
import { PLAY_LENGTH } from '../../../src/shared/rules';
import { Button, ButtonLink } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { CreatorLink } from '../../components/CreatorLink/CreatorLink';
import { Spinner } from '../../components/Spinner/Spinner';
import { Toaster, useToast } from '../../components/Toast/Toast';
import { forgetTabPlay, type PlayRecord, playIdOf } from '../../lib/play-store';
import { personalRecord, positionTexts, queuedNote, scoreNote } from '../../lib/ranking';
import { reviewOf } from '../../lib/review';
import { answerSquares } from '../../lib/share';
import * as styles from './ResultsIsland.css';
import { ReviewList } from './ReviewList';
import { SharePanel } from './SharePanel';
import { type Standing, usePlayResult } from './use-play-result';

// Made at first use: the server imports this module to render the page, and building a
// Croatian formatter at import slowed every start of the server (ICU's locale data,
// docs/decisions/027).
let dayFormat: Intl.DateTimeFormat | undefined;
const formatDay = (at: number | Date) => {
  dayFormat ??= new Intl.DateTimeFormat('hr-HR', { day: 'numeric', month: 'numeric', year: 'numeric' });
  return dayFormat.format(at);
};

/**
 * 'Vaša pozicija' in a space reserved from the start, so nothing moves when the percentile
 * arrives. A play the server did not record as shown never gets a percentile.
 */
function Position({
  standing,
  percentile,
  difficulty,
}: {
  standing: Standing;
  percentile: Percentile | null;
  difficulty?: Difficulty;
}) {
  if (standing.kind === 'unsaved') return null; // a failed submission shows nothing (docs/product.md#results)
  if (standing.kind === 'queued')
    return (
      <div className={styles.position} data-queued="" role="status">
        <p className={styles.positionValue}>{queuedNote(navigator.onLine !== false)}</p>
        <p className={styles.pending}>
          Rezultat je sačuvan u ovom pregledniku; poziciju ćete vidjeti kad se pošalje.
        </p>
      </div>
    );
  if (standing.kind === 'expired')
    return (
      <div className={styles.position} data-expired="" role="status">
        <p>
          Ovaj se rezultat ne rangira: kviz je bio otvoren predugo, pa ga poslužitelj više ne prima. Nova će
          se igra rangirati kao i uvijek.
        </p>
      </div>
    );
  if (standing.kind === 'other-copy')
    return (
      <div className={styles.position} data-not-ranked="">
        <p>
          Ova je igra već spremljena iz druge kartice s rezultatom {standing.recordedScore}/{PLAY_LENGTH}, pa
          se ovaj rezultat ne rangira.
        </p>
      </div>
    );
  if (standing.kind === 'ranked' && percentile) {
    const texts = positionTexts(percentile, difficulty);
    return (
      <section
        className={styles.position}
        aria-labelledby="position-title"
        data-percentile=""
        data-difficulty={difficulty ?? 'normal'}
      >
        <h2 id="position-title" className={styles.positionTitle}>
          Vaša pozicija
        </h2>
        <p className={styles.positionValue}>{texts.better}</p>
        {texts.same && <p data-same-percent="">{texts.same}</p>}
        <p>{texts.total}</p>
        {texts.first && <p className={styles.positionNote}>{texts.first}</p>}
      </section>
    );
  }
  return (
    <div className={styles.position} data-position-pending="">
      <p className={styles.pending}>
        {standing.kind === 'saving' ? 'Spremamo rezultat…' : 'Računamo vašu poziciju…'}
      </p>
    </div>
  );
}

function PersonalRecordCard({ history, id, score }: { history: PlayRecord[]; id: string; score: number }) {
  const record = personalRecord(history, id, score);
  if (record.earlier.length === 0) return null;
  return (
    <Card aria-labelledby="record-title" data-personal-record="">
      <h2 id="record-title" className={styles.sectionTitle}>
        Vaši rezultati
      </h2>
      <p className={styles.recordBest}>
        Najbolji rezultat: {record.best}/{PLAY_LENGTH}
        {record.newBest && <span className={styles.badge}>Novi osobni rekord!</span>}
      </p>
      <p className={styles.note}>Prethodne igre u ovom pregledniku:</p>
      <ol className={styles.recordList}>
        {record.earlier.map((r) => (
          <li key={r.id}>
            <strong>
              {r.score}/{PLAY_LENGTH}
            </strong>{' '}
            <span className={styles.muted}>
              {ratingFor(r.score).label} · {formatDay(r.at)}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** The rating scale, the player's band marked (docs/product.md#results): a table, always shown. */
function RatingScale({ score }: { score: number }) {
  const band = ratingFor(score);
  return (
    <Card aria-labelledby="scale-title" data-rating-scale="">
      <h2 id="scale-title" className={styles.sectionTitle}>
        Ljestvica ocjena
      </h2>
      <table className={styles.table}>
        <caption className="visually-hidden">Ljestvica ocjena</caption>
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
                {/* Visible, not only announced: the band is marked by more than its colour. */}
                {b === band && <span className={styles.yourBand}> (vaša ocjena)</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** 'Vaš rezultat': the score and its rating, then what follows them (the note, the position). */
function ScoreCard({ score, children }: { score: number; children?: ReactNode }) {
  return (
    <Card className={styles.scoreCard} aria-labelledby="result-title">
      <h1 id="result-title" className={styles.resultTitle}>
        Vaš rezultat
      </h1>
      <div className={styles.scoreRow}>
        <p className={score === PLAY_LENGTH ? styles.score.perfect : styles.score.normal} data-score="">
          {`${score}/${PLAY_LENGTH}`}
        </p>
        <p className={styles.rating} data-rating="">
          {ratingFor(score).label}
        </p>
      </div>
      {children}
    </Card>
  );
}

/**
 * Before the play is read from storage: the score the results page's request named
 * (src/shared/shown-score.ts), drawn by the server, with room kept for the position.
 */
function ShownScore({ score }: { score: number }) {
  return (
    <div className={styles.results} data-shown-score="">
      <ScoreCard score={score}>
        <div className={styles.position} data-position-pending="">
          <p className={styles.pending}>Računamo vašu poziciju…</p>
        </div>
      </ScoreCard>
      <RatingScale score={score} />
    </div>
  );
}

/**
 * The results: score, rating, position, sharing, then the review of the 30 lines, the player's
 * own record and the rating scale. The play is submitted once, from here.
 */
export function ResultsIsland({
  page,
  shareImages,
  shownScore,
}: {
  page: PageProps;
  shareImages: string[];
  /** The score the server drew into the page, until the play is read from storage. */
  shownScore?: number;
}) {
  const { quiz, score, standing, percentile, lines, history } = usePlayResult(page.title);
  const { toast, show, dismiss } = useToast();

  if (!quiz)
    return shownScore === undefined ? (
      <Spinner label="Učitavanje rezultata…" heading />
    ) : (
      <ShownScore score={shownScore} />
    );
  const id = playIdOf(quiz);
  const note = scoreNote(score, history.filter((r) => r.id !== id).length);
  const shares = standing.kind !== 'ranked' ? 'none' : lines ? 'shown' : 'loading';

  return (
    <div className={styles.results}>
      <ScoreCard score={score}>
        {note && (
          <p className={score === PLAY_LENGTH ? styles.celebration : styles.scoreNote} data-score-note="">
            {note}
          </p>
        )}
        <Position standing={standing} percentile={percentile} difficulty={quiz.difficulty} />
      </ScoreCard>

      <div className={styles.actions}>
        <Button
          onClick={() => {
            forgetTabPlay(sessionStorage);
            location.assign('/');
          }}
        >
          Igraj ponovno
        </Button>
      </div>

      <SharePanel
        score={score}
        artist={page.artist}
        siteUrl={page.siteUrl}
        squares={answerSquares(quiz.questions, quiz.answers)}
        image={shareImages[score]}
        toast={show}
      />

      {/* Below the share panel: the score, the position and sharing keep their place above the fold. */}
      <div className={styles.actions}>
        <ButtonLink href="/dnevni-izazov" variant="secondary" data-daily-link="">
          Dnevni izazov: isti stihovi za sve, svaki dan
        </ButtonLink>
      </div>

      <ReviewList
        items={reviewOf(quiz, shares === 'shown' ? (lines ?? undefined) : undefined)}
        shares={shares}
      />

      <PersonalRecordCard history={history} id={id} score={score} />

      <RatingScale score={score} />

      <p className={styles.credit}>
        <span>
          Kviz je izradio: <CreatorLink creator={page.creator} />
        </span>
      </p>
      <Toaster toast={toast} onDismiss={dismiss} />
    </div>
  );
}
