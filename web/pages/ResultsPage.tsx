import { Layout } from '../components/Layout/Layout';
import { Island } from '../islands/Island';
import { ResultsIsland } from '../islands/results/ResultsIsland';
import type { PageProps } from '../lib/page-props';

/** `/results`: the result lives in the browser's sessionStorage, so the island renders it. */
export function ResultsPage({ page }: { page: PageProps }) {
  return (
    <Layout page={page}>
      <Island name="results" component={ResultsIsland} props={{ page }} />
    </Layout>
  );
}
