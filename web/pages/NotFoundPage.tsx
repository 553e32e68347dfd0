import type { PageProps } from '../../src/shared/contracts/pages';
import { ButtonLink } from '../components/Button/Button';
import { Layout } from '../components/Layout/Layout';
import * as styles from './pages.css';

/** Any unknown path: its two texts are kept exact, in English (docs/product.md#not-found). */
export function NotFoundPage({ page }: { page: PageProps }) {
  return (
    <Layout page={page}>
      <div className={styles.center}>
        <h1 className={styles.notFoundTitle}>404 Page Not Found</h1>
        <p lang="en">Did you forget to add the page to the router?</p>
        <ButtonLink href="/">Povratak na početnu stranicu</ButtonLink>
      </div>
    </Layout>
  );
}
