import type { DailyToday, PageProps } from '../../src/shared/contracts/pages';
import { Layout } from '../components/Layout/Layout';
import { Island } from '../islands/Island';

/** `/dnevni-izazov`: a server shell with today's number; the island plays and keeps the challenge. */
export function DailyPage({ page, today }: { page: PageProps; today: DailyToday }) {
  return (
    <Layout page={page}>
      <Island name="daily" props={{ page, ...today }} />
    </Layout>
  );
}
