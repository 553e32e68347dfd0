import * as styles from './Spinner.css';

export function Spinner({ label }: { label: string }) {
  return (
    <div className={styles.wrapper} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

/** A small spinner for a line of text that says what is loading (decorative: the text says it). */
export function InlineSpinner() {
  return <span className={styles.inline} aria-hidden="true" />;
}
