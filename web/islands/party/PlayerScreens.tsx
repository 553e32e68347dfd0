import { Button } from '../../components/Button/Button';
import { OPTION_LETTERS, type PartyView, secondsLeft } from '../../lib/party-view';
import { ofPlayers, partyShareText, pointsCount } from '../../lib/party-words';
import { CORRECT_ANSWERS, countOf } from '../../lib/plural';
import { messageShareUrl, tweetUrl } from '../../lib/share';
import { copy } from '../results/SharePanel';
import { NoLinePlayed } from './NoLinePlayed';
import * as styles from './Party.css';
import { useNow } from './use-now';

/** A line on the phone: five big lettered buttons; the chosen one stays marked, the rest lock. */
export function PlayerLine({ view, onAnswer }: { view: PartyView; onAnswer: (option: number) => void }) {
  const line = view.line!;
  const now = useNow(!line.paused);
  const locked = view.myAnswer !== undefined;
  // Paused, the buttons stay in the tab order (a focused one keeps its focus) but say and look
  // unavailable, and a press does nothing.
  const paused = line.paused && !locked;
  return (
    <section className={styles.phoneScreen} aria-labelledby="phone-line">
      <div className={styles.bar}>
        <h1 id="phone-line" className={styles.codeLabel}>
          Stih {line.index + 1} / {line.total}
        </h1>
        <span className={styles.timer} role="timer" aria-label="Preostalo sekundi">
          {line.paused ? '⏸' : secondsLeft(line, now)}
        </span>
      </div>
      <div className={styles.buttons}>
        {line.options.map((title, i) => (
          <button
            key={title}
            type="button"
            className={styles.answerButton}
            aria-pressed={view.myAnswer === i}
            aria-disabled={paused || undefined}
            disabled={locked}
            onClick={() => paused || onAnswer(i)}
            data-option={i}
          >
            <span className={styles.letter}>{OPTION_LETTERS[i]}</span>
            {title}
          </button>
        ))}
      </div>
      <p aria-live="polite" className={locked ? styles.lead : paused ? styles.notice : styles.status}>
        {locked
          ? `Odgovor ${OPTION_LETTERS[view.myAnswer!]} je zaključan. Čekamo ostale…`
          : line.paused
            ? 'Igra je zaustavljena.'
            : 'Odaberi pjesmu.'}
      </p>
    </section>
  );
}

/** After a line: right or wrong, the points won, the total and the place. */
export function PlayerResult({ view }: { view: PartyView }) {
  const result = view.result;
  const reveal = view.reveal;
  if (!result) return <p className={styles.waiting}>Čekamo rezultat…</p>;
  return (
    <section
      className={styles.phoneScreen}
      aria-labelledby="phone-result"
      data-result={result.right ? 'right' : 'wrong'}
    >
      <h1 id="phone-result" className={result.right ? styles.verdict.right : styles.verdict.wrong}>
        {result.right ? `Točno! +${result.points}` : result.option === null ? 'Bez odgovora' : 'Netočno'}
      </h1>
      {reveal && (
        <p className={styles.lead}>
          {OPTION_LETTERS[reveal.correct]}: <strong>{reveal.song}</strong> · {reveal.album} ({reveal.year})
        </p>
      )}
      <div className={styles.figures}>
        <div className={styles.figure}>
          <span className={styles.figureValue} data-total-points={result.total}>
            {result.total}
          </span>
          <span className={styles.figureLabel}>ukupno bodova</span>
        </div>
        <div className={styles.figure}>
          <span className={styles.figureValue} data-rank={result.rank}>
            {result.rank}.
          </span>
          <span className={styles.figureLabel}>mjesto {ofPlayers(result.players)}</span>
        </div>
      </div>
      <p className={styles.waiting}>
        {view.phase === 'scoreboard' ? 'Poredak je na velikom ekranu.' : 'Čekamo sljedeći stih…'}
      </p>
    </section>
  );
}

/** The end on the phone: the place, the points and right answers, and the share buttons. */
export function PlayerFinal({ view, artist, siteUrl }: { view: PartyView; artist: string; siteUrl: string }) {
  const final = view.final;
  if (!final) return <p className={styles.waiting}>Igra je završila.</p>;
  if (final.lines === 0) return <NoLinePlayed />;
  const text = partyShareText(final.place, final.players, final.points, artist);
  const share = async () => {
    if ('share' in navigator) await navigator.share({ text, url: siteUrl }).catch(() => {});
    else await copy(`${text}\n${siteUrl}`).catch(() => {});
  };
  return (
    <section className={styles.phoneScreen} aria-labelledby="phone-final" data-final-place={final.place}>
      <h1 id="phone-final" className={styles.title}>
        {final.place}. mjesto
      </h1>
      <p className={styles.lead}>{ofPlayers(final.players)}</p>
      <div className={styles.figures}>
        <div className={styles.figure}>
          <span className={styles.figureValue}>{pointsCount(final.points)}</span>
          <span className={styles.figureLabel}>ukupno</span>
        </div>
        <div className={styles.figure}>
          <span className={styles.figureValue}>
            {final.correct} / {final.lines}
          </span>
          <span className={styles.figureLabel}>
            {countOf(final.correct, CORRECT_ANSWERS).replace(/^[\d.]+ /, '')}
          </span>
        </div>
      </div>
      <p>{text}</p>
      <div className={styles.row}>
        <Button onClick={share}>Podijeli…</Button>
        <Button variant="secondary" onClick={() => copy(`${text}\n${siteUrl}`).catch(() => {})}>
          Kopiraj
        </Button>
        <Button
          variant="secondary"
          onClick={() => window.open(messageShareUrl(text, siteUrl), '_blank', 'noopener')}
        >
          WhatsApp
        </Button>
        <Button
          variant="secondary"
          onClick={() => window.open(tweetUrl(text, siteUrl), '_blank', 'noopener')}
        >
          X
        </Button>
      </div>
    </section>
  );
}
