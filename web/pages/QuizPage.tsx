import { Layout } from '../components/Layout/Layout';
import { Island } from '../islands/Island';
import { QuizIsland } from '../islands/quiz/QuizIsland';
import type { PageProps } from '../lib/page-props';

/** `/quiz`: a server shell; the quiz island loads the questions in the browser. */
export function QuizPage({ page }: { page: PageProps }) {
  return (
    <Layout page={page}>
      <Island name="quiz" component={QuizIsland} props={{}} />
    </Layout>
  );
}
