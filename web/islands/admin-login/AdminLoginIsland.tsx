import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import * as inputStyles from '../../components/Input/Input.css';
import { Notice } from '../../components/Notice/Notice';
import { Toaster, useToast } from '../../components/Toast/Toast';
import {
  encodeCredentials,
  type FlashMessage,
  leaveFlash,
  storeCredentials,
  takeFlash,
} from '../../lib/admin';
import { ApiError, getAdminOverview } from '../../lib/api';
import * as styles from './AdminLoginIsland.css';

/**
 * Refused credentials, too many attempts (the limiter's Retry-After), or no answer at all
 * (docs/product.md#admin-sign-in).
 */
function signInFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Došlo je do pogreške pri povezivanju s poslužiteljem.';
  if (error.status !== 429) return 'Pogrešno korisničko ime ili lozinka.';
  const minutes = Math.ceil(Number(error.headers.get('retry-after') ?? 60) / 60);
  return `Previše neuspjelih pokušaja. Pokušajte ponovno za ${minutes} min.`;
}

/** `/admin`: credentials are checked against the admin overview call, then kept in sessionStorage. */
export function AdminLoginIsland() {
  const [busy, setBusy] = useState(false);
  // Until the island is hydrated the form must not submit natively (it would put the password in a URL).
  const [ready, setReady] = useState(false);
  // Why the dashboard sent the administrator back ('Sesija je istekla…'): kept until the next sign-in.
  const [notice, setNotice] = useState<FlashMessage | null>(null);
  useEffect(() => {
    setReady(true);
    setNotice(takeFlash());
  }, []);
  const { toast, show, dismiss } = useToast();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '');
    const password = String(form.get('password') ?? '');
    if (!username || !password) return;
    setBusy(true);
    const credentials = encodeCredentials(username, password);
    try {
      await getAdminOverview(credentials);
      storeCredentials(credentials);
      leaveFlash({ title: 'Prijava uspješna', description: 'Dobrodošli u administratorski panel.' });
      location.assign('/admin/dashboard');
      return;
    } catch (error) {
      if (!(error instanceof ApiError)) console.error(error);
      show({ title: 'Greška prilikom prijave', description: signInFailure(error), variant: 'destructive' });
    }
    setBusy(false);
  };

  return (
    <div className={styles.wrap}>
      {notice && (
        <Notice title={notice.title} data-sign-in-notice="">
          {notice.description}
        </Notice>
      )}
      <Card aria-labelledby="login-title">
        <form className={styles.form} method="post" onSubmit={submit}>
          <h1 id="login-title">Admin Prijava</h1>
          <label className={styles.field}>
            Korisničko ime
            <input className={inputStyles.input} name="username" autoComplete="username" required />
          </label>
          <label className={styles.field}>
            Lozinka
            <input
              className={inputStyles.input}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          </label>
          <Button type="submit" disabled={busy || !ready} aria-busy={busy}>
            {busy ? 'Prijavljivanje...' : 'Prijavi se'}
          </Button>
        </form>
      </Card>
      <p className={styles.back}>
        <a href="/">Povratak na početnu stranicu</a>
      </p>
      <Toaster toast={toast} onDismiss={dismiss} />
    </div>
  );
}
