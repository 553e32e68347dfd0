import { OPTION_LETTERS, type PartyView, secondsLeft } from '../../lib/party-view';
import * as styles from './Party.css';
import { useNow } from './use-now';

/** A line on the big screen: the lyric, the five titles and the countdown; at the reveal the right one and the bars. */
export function HostLine({ view }: { view: PartyView }) {
  const line = view.line;
  const reveal = view.phase === 'line' ? undefined : view.reveal;
  const now = useNow(view.phase === 'line' && !line?.paused);
  if (!line) return null;
  const answered = reveal?.answered ?? view.progress?.answered ?? 0;
  const players = reveal?.players ?? view.progress?.players ?? view.count;
  const most = Math.max(1, ...(reveal?.counts ?? [1]));
  return (
    <section className={styles.screen} aria-labelledby="line-title">
      <div className={styles.lineBar}>
        <div className={styles.lineFacts}>
          <h1 id="line-title" className={styles.codeLabel}>
            Stih {line.index + 1} / {line.total}
          </h1>
          <span data-answered={answered}>
            Odgovora: {answered} / {players}
          </span>
        </div>
        {reveal ? null : (
          <span className={styles.timer} role="timer" aria-label="Preostalo sekundi" data-seconds-left>
            {line.paused ? '⏸' : secondsLeft(line, now)}
          </span>
        )}
      </div>
      <p className={styles.lyric}>„{line.lyric}“</p>
      <ol className={styles.hostOptions}>
        {line.options.map((title, i) => {
          const state = !reveal ? 'neutral' : i === reveal.correct ? 'right' : 'faded';
          const n = reveal?.counts[i] ?? 0;
          return (
            <li key={title} className={`${styles.hostOption} ${styles.hostOptionState[state]}`}>
              {reveal && (
                <span className={styles.optionBar} style={{ width: `${(n / most) * 100}%` }} aria-hidden />
              )}
              <span className={styles.letter}>{OPTION_LETTERS[i]}</span>
              <span className={styles.optionTitle}>{title}</span>
              {reveal && <span className={styles.optionCount}>{n}</span>}
            </li>
          );
        })}
      </ol>
      {reveal && (
        <p className={styles.answer} data-reveal>
          Točno: <strong>{reveal.song}</strong> · {reveal.album} ({reveal.year})
        </p>
      )}
      {line.paused && <p className={styles.notice}>Igra je zaustavljena.</p>}
    </section>
  );
}
