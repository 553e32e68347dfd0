import type { PageProps } from '../../src/shared/contracts/pages';
import { Layout } from '../components/Layout/Layout';
import { Island } from '../islands/Island';

/**
 * `/results`: the result lives in the browser's storage, so the island renders it.
 * `shareImages`: the share preview image of each score (index = score), for the share sheet.
 */
export function ResultsPage({ page, shareImages = [] }: { page: PageProps; shareImages?: string[] }) {
  return (
    <Layout page={page}>
      <Island name="results" props={{ page, shareImages }} />
    </Layout>
  );
}
