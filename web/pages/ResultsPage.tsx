import type { PageProps } from '../../src/shared/contracts/pages';
import { Layout } from '../components/Layout/Layout';
import { Island } from '../islands/Island';

/** `/results`: the result lives in the browser's sessionStorage, so the island renders it. */
export function ResultsPage({ page, playMinSeconds }: { page: PageProps; playMinSeconds: number }) {
  return (
    <Layout page={page}>
      <Island name="results" props={{ page, playMinSeconds }} />
    </Layout>
  );
}
