import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrendGroup } from '../../../src/shared/contracts/admin-range';
import type { ScoreMode } from '../../../src/shared/play-mode';
import type { ToastMessage } from '../../components/Toast/Toast';
import { endSession, readCredentials, SESSION_EXPIRED, signInAddress, takeFlash } from '../../lib/admin';
import { getAdminHourlyPlayers, type RangeParams } from '../../lib/api';
import type { DayRange, RangeChoice } from '../../lib/date-range';
import type { ItemFilters } from './filters/filter-context';
import { type AdminData, loadAdminData, SignedOut, signedOutOn401 } from './load-admin-data';
import { loadRangeData, type RangeData, rangeParams, resolveOnServer } from './load-range-data';

/** Everything the dashboard shows: the five admin reads and the views of the range, for `days`. */
export type DashboardData = AdminData & {
  views: RangeData;
  /** The days shown ('Sve': from the first recorded day, when there is one). */
  days: { from: string | null; to: string };
  /** The range and filters as the API was asked ('Sve': no days), for the exports and the rows' details. */
  params: RangeParams;
  /** Whether a filter was applied (docs/decisions/039): the cards come from the summary then, also for 'Sve'. */
  filtered: boolean;
  /** 'Sve': distinct players through each hour of day, each once (null: a range, or refused). */
  playersThrough: number[] | null;
};

export interface AdminDataState {
  /** The last data loaded; null until a load succeeds. */
  data: DashboardData | null;
  /** A load is under way (the first, a tab change's reload or a retry). */
  loading: boolean;
  /** The last load failed; with no data yet the dashboard offers a retry instead of a spinner. */
  failed: boolean;
  /** When the data shown was loaded ('Zadnje ažurirano'). */
  updatedAt: Date | null;
}

const LOAD_FAILED: ToastMessage = {
  title: 'Greška',
  description: 'Došlo je do pogreške prilikom učitavanja podataka.',
  variant: 'destructive',
};

/**
 * The dashboard's data: the stored credentials (none → /admin), the sign-in toast left by
 * /admin, and every admin read for the chosen `range`, reloaded whenever `tab` or the range
 * changes (docs/product.md#admin-dashboard) or `reload` is called.
 * A 401 ends the session with 'Sesija je istekla' on /admin; any other failure keeps the data
 * shown, raises the 'Greška' toast through `toast` and leaves `failed` set for a retry.
 */
export function useAdminData(
  tab: string,
  range: RangeChoice,
  /** Which plays the score distribution counts. */
  scoreMode: ScoreMode,
  /** The trend's points: days, weeks or months. */
  trendGroup: TrendGroup,
  /** The device, browser, album and song filters (the mode is `scoreMode`). */
  filters: ItemFilters,
  /** False until the view has been read from the address (no load of a view about to change). */
  ready: boolean,
  toast: (message: ToastMessage) => void,
) {
  const [credentials, setCredentials] = useState<string | null>(null);
  const [state, setState] = useState<AdminDataState>({
    data: null,
    loading: true,
    failed: false,
    updatedAt: null,
  });
  const [attempt, setAttempt] = useState(0);
  const hasData = useRef(false);
  /** The server's today (STATS_TIMEZONE), from the last summary: presets count from it. */
  const today = useRef<string | null>(null);
  const rangeKey = JSON.stringify(range);
  const filterKey = JSON.stringify({ ...filters, ...(scoreMode === 'all' ? {} : { mode: scoreMode }) });

  useEffect(() => {
    const stored = readCredentials();
    if (!stored) {
      location.replace(signInAddress(location.pathname + location.search));
      return;
    }
    setCredentials(stored);
    const flash = takeFlash();
    if (flash) toast(flash);
  }, [toast]);

  const signOut = useCallback(() => {
    endSession();
    location.assign('/admin');
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  // Every tab change reloads all admin data, so a tab never shows figures older than the one
  // before it (docs/product.md#admin-dashboard); `tab` and `attempt` are triggers on purpose.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reload is triggered by the tab
  useEffect(() => {
    if (!credentials || !ready) return;
    let cancelled = false;
    setState((s) => ({ ...s, loading: true }));
    const choice = JSON.parse(rangeKey) as RangeChoice;
    const load = async (): Promise<DashboardData> => {
      const days: DayRange = await resolveOnServer(credentials, choice, today.current);
      const filter = JSON.parse(filterKey) as RangeParams;
      const filtered = Object.keys(filter).length > 0;
      const params = { ...rangeParams(days), ...filter };
      const data = await loadAdminData(credentials, params);
      const views = await loadRangeData(
        credentials,
        params,
        scoreMode,
        choice.preset === 'godina' ? 'year' : 'previous',
        trendGroup,
      );
      if (views.summary) today.current = views.summary.today;
      // Kept all time only, like the hours' distinct players; a refusal leaves the line out.
      const playersThrough =
        days.from === null
          ? await getAdminHourlyPlayers(credentials, filter)
              .catch(signedOutOn401)
              .then((p) => p.playersThrough)
              .catch((error: unknown) => {
                if (error instanceof SignedOut) throw error;
                console.error('hourly-players:', error);
                return null;
              })
          : null;
      const shown =
        days.from === null
          ? { from: views.summary?.firstDay ?? null, to: views.summary?.today ?? days.to }
          : days;
      return { ...data, views, days: shown, params, filtered, playersThrough };
    };
    load()
      .then((data) => {
        if (cancelled) return;
        hasData.current = true;
        setState({ data, loading: false, failed: false, updatedAt: new Date() });
      })
      .catch((error: unknown) => {
        if (error instanceof SignedOut) {
          endSession(SESSION_EXPIRED);
          location.assign(signInAddress(location.pathname + location.search));
          return;
        }
        console.error(error);
        if (cancelled) return;
        setState((s) => ({ ...s, loading: false, failed: true }));
        // Before any data the failure is shown in place, with a retry (the dashboard's error state).
        if (hasData.current) toast(LOAD_FAILED);
      });
    return () => {
      cancelled = true;
    };
  }, [credentials, ready, tab, rangeKey, filterKey, scoreMode, trendGroup, attempt, toast]);

  return { credentials, ...state, reload, signOut };
}
