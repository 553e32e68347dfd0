/**
 * What the dashboard shows before its first data: a spinner, or after a failed load a retry.
 * Apart from DashboardIsland so the island stays a layout of its parts.
 */
import { Button } from '../../components/Button/Button';
import { Notice } from '../../components/Notice/Notice';
import { Spinner } from '../../components/Spinner/Spinner';

export function DashboardLoading({ failed, reload }: { failed: boolean; reload: () => void }) {
  return failed ? (
    <Notice title="Greška" action={<Button onClick={reload}>Pokušaj ponovno</Button>} data-load-error="">
      Došlo je do pogreške prilikom učitavanja podataka.
    </Notice>
  ) : (
    <Spinner label="Učitavanje statistike…" />
  );
}
