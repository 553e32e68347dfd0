import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Toaster, useToast } from '../../components/Toast/Toast';
import { adminFetch, encodeCredentials, FLASH_KEY, storeCredentials } from '../../lib/admin';
import * as styles from './AdminLoginIsland.css';

/** `/admin`: credentials are checked against the admin overview call, then kept in sessionStorage. */
export function AdminLoginIsland() {
  const [busy, setBusy] = useState(false);
  // Until the island is hydrated the form must not submit natively (it would put the password in a URL).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
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
      const response = await adminFetch('/api/admin/stats/overview', credentials);
      if (response.ok) {
        storeCredentials(credentials);
        sessionStorage.setItem(
          FLASH_KEY,
          JSON.stringify({ title: 'Prijava uspješna', description: 'Dobrodošli u administratorski panel.' }),
        );
        location.assign('/admin/dashboard');
        return;
      }
      const description =
        response.status === 429
          ? `Previše neuspjelih pokušaja. Pokušajte ponovno za ${Math.ceil(Number(response.headers.get('retry-after') ?? 60) / 60)} min.`
          : 'Pogrešno korisničko ime ili lozinka.';
      show({ title: 'Greška prilikom prijave', description, variant: 'destructive' });
    } catch (error) {
      console.error(error);
      show({
        title: 'Greška prilikom prijave',
        description: 'Došlo je do pogreške pri povezivanju s poslužiteljem.',
        variant: 'destructive',
      });
    }
    setBusy(false);
  };

  return (
    <div className={styles.wrap}>
      <Card aria-labelledby="login-title">
        <form className={styles.form} method="post" onSubmit={submit}>
          <h1 id="login-title">Admin Prijava</h1>
          <label className={styles.field}>
            Korisničko ime
            <input className={styles.input} name="username" autoComplete="username" required />
          </label>
          <label className={styles.field}>
            Lozinka
            <input
              className={styles.input}
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
