import { Layout } from '../components/Layout/Layout';
import { AdminLoginIsland } from '../islands/admin-login/AdminLoginIsland';
import { DashboardIsland } from '../islands/dashboard/DashboardIsland';
import { Island } from '../islands/Island';
import type { PageProps } from '../lib/page-props';

/** `/admin`: the sign-in form. */
export function AdminLoginPage({ page }: { page: PageProps }) {
  return (
    <Layout page={page}>
      <Island name="admin-login" component={AdminLoginIsland} props={{}} />
    </Layout>
  );
}

/** `/admin/dashboard`: a shell; the dashboard island loads the data with the stored credentials. */
export function DashboardPage({ page }: { page: PageProps }) {
  return (
    <Layout page={page}>
      <Island name="dashboard" component={DashboardIsland} props={{}} />
    </Layout>
  );
}
