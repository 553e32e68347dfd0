import type { HTMLAttributes } from 'react';
import * as styles from './Card.css';

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={[styles.card, className].filter(Boolean).join(' ')} {...props} />;
}
