import type { PageProps } from '../../src/shared/contracts/pages';
import { ButtonLink } from '../components/Button/Button';
import { Layout } from '../components/Layout/Layout';
import * as styles from './pages.css';

/**
 * `/offline`: what the service worker shows for an address it has not kept while the browser has
 * no connection (docs/decisions/032). The page script fills in a finished play still waiting to
 * be sent (web/scripts/offline-note.ts).
 */
export function OfflinePage({ page }: { page: PageProps }) {
  return (
    <Layout page={page}>
      <div className={styles.center}>
        <h1 className={styles.notFoundTitle}>Niste na mreži</h1>
        <p>Ova stranica nije dostupna bez veze s internetom. Provjerite vezu i pokušajte ponovno.</p>
        <p hidden data-offline-play="" role="status" />
        <ButtonLink href="/">Povratak na početnu stranicu</ButtonLink>
      </div>
    </Layout>
  );
}
