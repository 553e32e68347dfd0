import type { PageProps } from '../../src/shared/contracts/pages';
import { Layout } from '../components/Layout/Layout';
import { Island } from '../islands/Island';

/**
 * `/results`: the result lives in the browser's storage, so the island renders it; `shownScore`
 * (src/shared/shown-score.ts) lets the server draw the score and the rating scale before that.
 * `shareImages`: the share preview image of each score (index = score), for the share sheet.
 */
export function ResultsPage({
  page,
  shareImages = [],
  shownScore,
}: {
  page: PageProps;
  shareImages?: string[];
  shownScore?: number;
}) {
  return (
    <Layout page={page}>
      <Island
        name="results"
        props={{ page, shareImages, ...(shownScore === undefined ? {} : { shownScore }) }}
      />
    </Layout>
  );
}
