import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToastMessage } from '../../components/Toast/Toast';
import { endSession, readCredentials, SESSION_EXPIRED, takeFlash } from '../../lib/admin';
import { type AdminData, loadAdminData, SignedOut } from './load-admin-data';

export interface AdminDataState {
  /** The last data loaded; null until a load succeeds. */
  data: AdminData | null;
  /** A load is under way (the first, a tab change's reload or a retry). */
  loading: boolean;
  /** The last load failed; with no data yet the dashboard offers a retry instead of a spinner. */
  failed: boolean;
  /** When the data shown was loaded ('Zadnje ažurirano'). */
  updatedAt: Date | null;
}

const LOAD_FAILED: ToastMessage = {
  title: 'Greška',
  description: 'Došlo je do pogreške prilikom učitavanja podataka.',
  variant: 'destructive',
};

/**
 * The dashboard's data: the stored credentials (none → /admin), the sign-in toast left by
 * /admin, and every admin read, reloaded whenever `tab` changes (spec §4) or `reload` is called.
 * A 401 ends the session with 'Sesija je istekla' on /admin; any other failure keeps the data
 * shown, raises the spec's toast through `toast` and leaves `failed` set for a retry.
 */
export function useAdminData(tab: string, toast: (message: ToastMessage) => void) {
  const [credentials, setCredentials] = useState<string | null>(null);
  const [state, setState] = useState<AdminDataState>({
    data: null,
    loading: true,
    failed: false,
    updatedAt: null,
  });
  const [attempt, setAttempt] = useState(0);
  const hasData = useRef(false);

  useEffect(() => {
    const stored = readCredentials();
    if (!stored) {
      location.replace('/admin');
      return;
    }
    setCredentials(stored);
    const flash = takeFlash();
    if (flash) toast(flash);
  }, [toast]);

  const signOut = useCallback(() => {
    endSession();
    location.assign('/admin');
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  // Spec §4: every tab change reloads all admin data (`tab` and `attempt` are triggers on purpose).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reload is triggered by the tab
  useEffect(() => {
    if (!credentials) return;
    let cancelled = false;
    setState((s) => ({ ...s, loading: true }));
    loadAdminData(credentials)
      .then((data) => {
        if (cancelled) return;
        hasData.current = true;
        setState({ data, loading: false, failed: false, updatedAt: new Date() });
      })
      .catch((error: unknown) => {
        if (error instanceof SignedOut) {
          endSession(SESSION_EXPIRED);
          location.assign('/admin');
          return;
        }
        console.error(error);
        if (cancelled) return;
        setState((s) => ({ ...s, loading: false, failed: true }));
        // Before any data the failure is shown in place, with a retry (the dashboard's error state).
        if (hasData.current) toast(LOAD_FAILED);
      });
    return () => {
      cancelled = true;
    };
  }, [credentials, tab, attempt, toast]);

  return { credentials, ...state, reload, signOut };
}
