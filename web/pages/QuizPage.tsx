import type { PageProps } from '../../src/shared/contracts/pages';
import { Layout } from '../components/Layout/Layout';
import { Island } from '../islands/Island';

/** `/quiz`: a server shell; the quiz island loads the questions in the browser. */
export function QuizPage({ page }: { page: PageProps }) {
  return (
    <Layout page={page}>
      <Island name="quiz" props={{}} />
    </Layout>
  );
}
