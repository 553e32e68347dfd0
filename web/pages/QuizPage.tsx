import type { PageProps } from '../../src/shared/contracts/pages';
import { Layout } from '../components/Layout/Layout';
import { Island } from '../islands/Island';
import type { InitialQuiz } from '../lib/quiz-state';

/**
 * `/quiz`: the quiz island with a new play in it (`initial`, drawn by the server: its first line
 * is on screen at first paint), or without one over the quiz limit (the island fetches it). `tokenTtlSeconds`
 * (QUIZ_TOKEN_TTL_SECONDS): a stored play older than that is not resumed (the server would refuse it).
 */
export function QuizPage({
  page,
  tokenTtlSeconds,
  initial,
}: {
  page: PageProps;
  tokenTtlSeconds?: number;
  initial?: InitialQuiz;
}) {
  return (
    <Layout page={page}>
      <Island name="quiz" props={{ tokenTtlSeconds, initial }} />
    </Layout>
  );
}
