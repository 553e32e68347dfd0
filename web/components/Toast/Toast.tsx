import type React from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as styles from './Toast.css';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** One toast at a time, 5 s on screen, swiped away past 50 px (docs/product.md#calls-and-failures). */
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** A sideways swipe (touch, pen or mouse) past the threshold dismisses; a shorter one springs back. */
function useSwipeAway(onDismiss: () => void) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const reset = () => {
    start.current = null;
    setOffset(0);
  };
  return {
    offset,
    handlers: {
      onPointerDown: (event: React.PointerEvent<HTMLElement>) => {
        // The close button handles its own click.
        if (event.button !== 0 || (event.target as Element).closest('button')) return;
        start.current = event.clientX;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove: (event: React.PointerEvent<HTMLElement>) => {
        if (start.current !== null) setOffset(event.clientX - start.current);
      },
      onPointerUp: () => {
        const swiped = Math.abs(offset) > SWIPE_THRESHOLD_PX;
        reset();
        if (swiped) onDismiss();
      },
      onPointerCancel: reset,
    },
  };
}

/** Toast state: showing a toast replaces the one on screen. */
export function useToast() {
  const [toast, setToast] = useState<(ToastMessage & { id: number }) | null>(null);
  const counter = useRef(0);
  const show = useCallback((message: ToastMessage) => {
    counter.current += 1;
    setToast({ ...message, id: counter.current });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(
      () => setToast((current) => (current?.id === toast.id ? null : current)),
      TOAST_DURATION_MS,
    );
    return () => clearTimeout(timer);
  }, [toast]);
  return { toast, show, dismiss };
}

export function Toaster({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  const destructive = toast?.variant === 'destructive';
  const { offset, handlers } = useSwipeAway(onDismiss);
  // The live region stays in the page so screen readers announce what is put into it.
  return (
    <div
      className={styles.region}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
    >
      {toast && (
        <div
          className={styles.toast[toast.variant ?? 'default']}
          data-toast=""
          {...handlers}
          style={
            offset
              ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / 200) }
              : undefined
          }
        >
          <div className={styles.body}>
            <p className={styles.title}>{toast.title}</p>
            {toast.description && <p>{toast.description}</p>}
          </div>
          <button type="button" className={styles.close} onClick={onDismiss} aria-label="Zatvori obavijest">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
