/**
 * The dashboard's heading: when the data shown was loaded, and the refresh and sign-out buttons.
 * Apart from DashboardIsland so the island stays a layout of its parts.
 */
import { Button } from '../../components/Button/Button';
import { InlineSpinner } from '../../components/Spinner/Spinner';
import * as styles from './DashboardIsland.css';

// Made at first use, like the results' day format: not at the server's import of this module.
let timeFormat: Intl.DateTimeFormat | undefined;
const formatTime = (at: number | Date) => {
  timeFormat ??= new Intl.DateTimeFormat('hr-HR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return timeFormat.format(at);
};

export function DashboardHeader({
  loading,
  updatedAt,
  reload,
  signOut,
}: {
  loading: boolean;
  updatedAt: Date | null;
  reload: () => void;
  signOut: () => void;
}) {
  return (
    <div className={styles.header}>
      <div className={styles.heading}>
        <h1>Admin Panel</h1>
        <p className={styles.status} role="status" data-updated="">
          {loading ? (
            <>
              <InlineSpinner />
              Učitavanje…
            </>
          ) : (
            updatedAt && <>Zadnje ažurirano: {formatTime(updatedAt)}</>
          )}
        </p>
      </div>
      <div className={styles.headerActions}>
        <Button variant="secondary" onClick={reload} disabled={loading}>
          Osvježi
        </Button>
        <Button variant="secondary" onClick={signOut}>
          Odjavi se
        </Button>
      </div>
    </div>
  );
}
