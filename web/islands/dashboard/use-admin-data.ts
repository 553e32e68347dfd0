import { useCallback, useEffect, useState } from 'react';
import type { ToastMessage } from '../../components/Toast/Toast';
import { clearCredentials, FLASH_KEY, readCredentials } from '../../lib/admin';
import { type AdminData, emptyAdminData, loadAdminData, SignedOut } from './load-admin-data';

/**
 * The dashboard's data: the stored credentials (none → /admin), the sign-in toast left by
 * /admin, and every admin read, reloaded whenever `tab` changes (spec §4). A 401 signs out;
 * any other failure keeps the data shown and raises the spec's toast through `toast`.
 */
export function useAdminData(tab: string, toast: (message: ToastMessage) => void) {
  const [credentials, setCredentials] = useState<string | null>(null);
  const [data, setData] = useState<AdminData>(emptyAdminData);

  useEffect(() => {
    const stored = readCredentials();
    if (!stored) {
      location.replace('/admin');
      return;
    }
    setCredentials(stored);
    const flash = sessionStorage.getItem(FLASH_KEY);
    if (flash) {
      sessionStorage.removeItem(FLASH_KEY);
      toast(JSON.parse(flash) as ToastMessage);
    }
  }, [toast]);

  const signOut = useCallback(() => {
    clearCredentials();
    location.assign('/admin');
  }, []);

  // Spec §4: every tab change reloads all admin data (`tab` is a dependency on purpose).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reload is triggered by the tab
  useEffect(() => {
    if (!credentials) return;
    let cancelled = false;
    loadAdminData(credentials)
      .then((loaded) => {
        if (!cancelled) setData(loaded);
      })
      .catch((error: unknown) => {
        if (error instanceof SignedOut) return signOut();
        console.error(error);
        if (!cancelled)
          toast({
            title: 'Greška',
            description: 'Došlo je do pogreške prilikom učitavanja podataka.',
            variant: 'destructive',
          });
      });
    return () => {
      cancelled = true;
    };
  }, [credentials, tab, toast, signOut]);

  return { credentials, data, signOut };
}
