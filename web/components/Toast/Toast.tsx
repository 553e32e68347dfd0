import { useCallback, useEffect, useRef, useState } from 'react';
import * as styles from './Toast.css';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** Spec §9: one toast at a time, 5 s on screen. */
export const TOAST_DURATION_MS = 5000;

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
  // The live region stays in the page so screen readers announce what is put into it.
  return (
    <div
      className={styles.region}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
    >
      {toast && (
        <div className={styles.toast[toast.variant ?? 'default']} data-toast="">
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
