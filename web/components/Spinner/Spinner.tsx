import * as styles from './Spinner.css';

/** A busy indicator with its label; `heading` makes the label the page's level-1 heading (a loading screen). */
export function Spinner({ label, heading = false }: { label: string; heading?: boolean }) {
  return (
    <div className={styles.wrapper} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      {heading ? <h1 className={styles.label}>{label}</h1> : <p>{label}</p>}
    </div>
  );
}

/** A small spinner for a line of text that says what is loading (decorative: the text says it). */
export function InlineSpinner() {
  return <span className={styles.inline} aria-hidden="true" />;
}
