import { useEffect, useState } from 'react';
import type { PageProps } from '../../../src/shared/contracts/pages';
import { ratingFor } from '../../../src/shared/rating';
import { PLAY_LENGTH } from '../../../src/shared/rules';
import { Button, ButtonLink } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Spinner } from '../../components/Spinner/Spinner';
import { Toaster, useToast } from '../../components/Toast/Toast';
import { dailyShareText, dailyUrl, formatCountdown } from '../../lib/daily';
import { formatShare } from '../../lib/format';
import { CORRECT_ANSWERS, countOf, DAYS, RANKED_PLAYS } from '../../lib/plural';
import { queuedNote } from '../../lib/ranking';
import { RIGHT_SQUARE } from '../../lib/share';
import { sendShareBeacon } from '../../lib/share-beacon';
import { QuestionCard } from '../quiz/QuestionCard';
import * as quizStyles from '../quiz/QuizIsland.css';
import * as resultStyles from '../results/ResultsIsland.css';
import { copy, copyFailed } from '../results/SharePanel';
import * as styles from './DailyIsland.css';
import { useDailySession } from './use-daily-session';

/** Time left until `endsAt`, ticking every second (the server's midnight in STATS_TIMEZONE). */
function Countdown({ endsAt }: { endsAt: string }) {
  const end = Date.parse(endsAt);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (now !== null && now >= end)
    return (
      <span>
        Novi izazov je spreman! <a href="/dnevni-izazov">Osvježite stranicu</a>
      </span>
    );
  return (
    <span className={styles.factValue} data-countdown="">
      {now === null ? '–:––:––' : formatCountdown(end - now)}
    </span>
  );
}

/** After the play: the time until the next challenge and the player's streaks ('…' until they load). */
function NextAndStreak({
  endsAt,
  streak,
}: {
  endsAt: string;
  streak: ReturnType<typeof useDailySession>['streak'];
}) {
  return (
    <Card aria-labelledby="daily-next-title">
      <h2 id="daily-next-title" className="visually-hidden">
        Sljedeći izazov i niz
      </h2>
      <div className={styles.facts}>
        <p className={styles.fact}>
          <span className={styles.factLabel}>Sljedeći izazov za</span>
          <Countdown endsAt={endsAt} />
        </p>
        <p className={styles.fact} data-streak={streak?.current ?? ''}>
          <span className={styles.factLabel}>Uzastopni dani</span>
          <span className={styles.factValue}>{streak ? `Niz: ${countOf(streak.current, DAYS)}` : '…'}</span>
        </p>
        <p className={styles.fact} data-best-streak={streak?.best ?? ''}>
          <span className={styles.factLabel}>Najdulji niz</span>
          <span className={styles.factValue}>{streak ? countOf(streak.best, DAYS) : '…'}</span>
        </p>
      </div>
    </Card>
  );
}

/** The day's play finished without a network: its score, kept until the outbox can send it. */
function QueuedResult({ number, score }: { number: number; score: number }) {
  return (
    <Card className={resultStyles.scoreCard} aria-labelledby="daily-queued-title" data-queued="">
      <p className={styles.number}>Dnevni izazov #{number}</p>
      <h1 id="daily-queued-title" className={resultStyles.resultTitle}>
        Vaš današnji rezultat
      </h1>
      <p className={resultStyles.score.normal} data-score="">{`${score}/${PLAY_LENGTH}`}</p>
      <p role="status">{queuedNote(navigator.onLine !== false)}</p>
    </Card>
  );
}

/**
 * `/dnevni-izazov`: the day's challenge. Before the play its number and 'Započni'; during it the
 * quiz (QuestionCard, shared with free play); after it the day's result, the time until the next
 * challenge, the streak and the share text (docs/decisions/021).
 */
export function DailyIsland({
  page,
  day,
  number,
  endsAt,
}: {
  page: PageProps;
  day: string;
  number: number;
  endsAt: string;
}) {
  const session = useDailySession({ day, number });
  const { status, state, record, question, answer, isLast, percentile, streak } = session;
  const { toast, show, dismiss } = useToast();
  const shown = record?.number ?? number;

  if (status === 'loading') return <Spinner label="Učitavanje izazova…" heading />;
  if (status === 'saving') return <Spinner label="Spremamo rezultat…" heading />;
  if (status === 'queued') return <QueuedResult number={shown} score={state.correctCount} />;
  if (status === 'error')
    return (
      <Card className={quizStyles.error} role="alert">
        <h1 className={quizStyles.errorTitle}>
          {state.questions.length > 0 && state.currentIndex >= state.questions.length
            ? 'Rezultat nije spremljen.'
            : 'Pogreška pri učitavanju izazova.'}
        </h1>
        <Button onClick={session.retry}>Pokušaj ponovno</Button>
      </Card>
    );
  if (status === 'playing' && question)
    return (
      <div className={styles.daily} data-daily-play="">
        <p className={styles.number}>Dnevni izazov #{shown}</p>
        <QuestionCard
          state={state}
          question={question}
          answer={answer}
          isLast={isLast}
          choose={session.choose}
          next={session.next}
        />
      </div>
    );

  if (status === 'done' && record?.result) {
    const { score, squares, ranked } = record.result;
    const text = dailyShareText(page.title, record.number, score, squares, dailyUrl(page.siteUrl));
    const cells = [...squares];
    const right = cells.filter((c) => c === RIGHT_SQUARE).length;
    return (
      <div className={styles.daily} data-daily-done="">
        <Card className={resultStyles.scoreCard} aria-labelledby="daily-result-title">
          <p className={styles.number}>Dnevni izazov #{record.number}</p>
          <h1 id="daily-result-title" className={resultStyles.resultTitle}>
            Vaš današnji rezultat
          </h1>
          <div className={resultStyles.scoreRow}>
            <p className={resultStyles.score.normal} data-score="">{`${score}/${PLAY_LENGTH}`}</p>
            <p className={resultStyles.rating}>{ratingFor(score).label}</p>
          </div>
          {ranked ? (
            <p data-ranked="true">
              {!percentile || percentile.rankedPlays === 0
                ? 'Računamo vašu poziciju…'
                : percentile.rankedPlays === 1
                  ? 'Prvi ste odigrali današnji izazov!'
                  : `Bolji ste od ${formatShare(percentile.percentile)} igrača današnjeg izazova; isti rezultat ima ${formatShare(percentile.samePercent)} igrača (${countOf(percentile.rankedPlays, RANKED_PLAYS)}).`}
            </p>
          ) : (
            <p data-ranked="false" className={resultStyles.scoreNote}>
              Današnji izazov ste već odigrali, pa se ova igra ne rangira.
            </p>
          )}
          {session.replayScore !== null && ranked && (
            <p data-replay-score={session.replayScore} className={resultStyles.scoreNote}>
              Ponovljena igra ({session.replayScore}/{PLAY_LENGTH}) ne rangira se: vrijedi i dijeli se vaš
              prvi današnji rezultat.
            </p>
          )}
        </Card>

        <NextAndStreak endsAt={endsAt} streak={streak} />

        <Card aria-labelledby="daily-share-title" className={resultStyles.sharePanel} data-share-text={text}>
          <h2 id="daily-share-title" className={resultStyles.sectionTitle}>
            Podijelite rezultat
          </h2>
          <p className={styles.shareLine}>
            {page.title} #{record.number} {score}/{PLAY_LENGTH}
          </p>
          <div
            className={resultStyles.squares}
            role="img"
            aria-label={`Vaši odgovori redom: ${countOf(right, CORRECT_ANSWERS)} od ${cells.length}`}
          >
            {cells.map((cell, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: one square per line, in a fixed order
                key={i}
                className={cell === RIGHT_SQUARE ? resultStyles.square.right : resultStyles.square.wrong}
              />
            ))}
          </div>
          <p className={styles.shareLine}>{dailyUrl(page.siteUrl)}</p>
          <div className={styles.row}>
            <Button
              onClick={async () => {
                sendShareBeacon('copy');
                try {
                  await copy(text);
                  show({ title: 'Kopirano!', description: 'Rezultat kopiran u međuspremnik.' });
                } catch (error) {
                  console.error(error);
                  show(copyFailed);
                }
              }}
            >
              Kopiraj tekst
            </Button>
            <ButtonLink href="/quiz?nova" variant="secondary">
              Slobodna igra
            </ButtonLink>
            <ButtonLink href="/" variant="secondary">
              Početna stranica
            </ButtonLink>
          </div>
        </Card>
        <Toaster toast={toast} onDismiss={dismiss} />
      </div>
    );
  }

  return (
    <Card className={styles.intro} aria-labelledby="daily-title" data-daily-intro="">
      <p className={styles.number}>Dnevni izazov #{shown}</p>
      <h1 id="daily-title" className={styles.title}>
        Dnevni izazov
      </h1>
      <p className={styles.lead}>
        Istih {PLAY_LENGTH} stihova za sve igrače, jednom dnevno. Rangira se vaša prva igra današnjeg izazova;
        igrajte svaki dan i gradite niz.
      </p>
      <Button onClick={session.start} data-daily-start="">
        Započni izazov
      </Button>
    </Card>
  );
}
