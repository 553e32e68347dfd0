import type { ComponentProps } from 'react';
import * as styles from './Button.css';

type Variant = keyof typeof styles.button;

export function Button({
  variant = 'primary',
  className,
  ...props
}: ComponentProps<'button'> & { variant?: Variant }) {
  return (
    <button
      type="button"
      className={[styles.button[variant], className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}

/** A link that looks like a button (navigation stays a real link: works without JavaScript). */
export function ButtonLink({
  variant = 'primary',
  className,
  ...props
}: ComponentProps<'a'> & { variant?: Variant }) {
  return <a className={[styles.button[variant], className].filter(Boolean).join(' ')} {...props} />;
}
