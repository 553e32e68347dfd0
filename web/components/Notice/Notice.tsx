import type { ReactNode } from 'react';
import * as styles from './Notice.css';

/**
 * An error shown where the missing content would be, announced to screen readers (role="alert"),
 * with an optional action such as a retry button.
 */
export function Notice({
  title,
  children,
  action,
  ...data
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
} & { [key: `data-${string}`]: string }) {
  return (
    <div className={styles.notice} role="alert" {...data}>
      <p className={styles.title}>{title}</p>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}
