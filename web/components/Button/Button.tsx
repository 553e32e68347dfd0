import { type ComponentProps, type ComponentPropsWithoutRef, forwardRef } from 'react';
import * as styles from './Button.css';

type Variant = keyof typeof styles.button;

/**
 * `forwardRef`, not React 19's `ref` as a prop: the player islands hydrate with preact/compat
 * (docs/decisions/038-island-runtime.md), which hands a function component's `ref` to the
 * component itself unless it is forwarded.
 */
export const Button = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<'button'> & { variant?: Variant }
>(function Button({ variant = 'primary', className, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      className={[styles.button[variant], className].filter(Boolean).join(' ')}
      {...props}
    />
  );
});

/** A link that looks like a button (navigation stays a real link: works without JavaScript). */
export function ButtonLink({
  variant = 'primary',
  className,
  ...props
}: ComponentProps<'a'> & { variant?: Variant }) {
  return <a className={[styles.button[variant], className].filter(Boolean).join(' ')} {...props} />;
}
