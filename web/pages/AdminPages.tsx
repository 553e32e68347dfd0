import type { PageProps } from '../../src/shared/contracts/pages';
import { Layout } from '../components/Layout/Layout';
import { Island } from '../islands/Island';

/** `/admin`: the sign-in form. */
export function AdminLoginPage({ page }: { page: PageProps }) {
  return (
    <Layout page={page}>
      <Island name="admin-login" props={{}} />
    </Layout>
  );
}

/** `/admin/dashboard`: a shell; the dashboard island loads the data with the stored credentials. */
export function DashboardPage({ page }: { page: PageProps }) {
  return (
    <Layout page={page} width="wide">
      <Island name="dashboard" props={{}} />
    </Layout>
  );
}
