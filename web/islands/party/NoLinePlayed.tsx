import * as styles from './Party.css';

/** The end of a game in which no line was played: no place, no score, nothing to share. */
export function NoLinePlayed() {
  return (
    <section className={styles.phoneScreen} aria-labelledby="no-line" data-no-line-played>
      <h1 id="no-line" className={styles.title}>
        Igra je završila
      </h1>
      <p className={styles.lead}>Završila je prije prvog odigranog stiha, pa nema rezultata.</p>
    </section>
  );
}
