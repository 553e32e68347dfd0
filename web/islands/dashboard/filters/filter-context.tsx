import { createContext, type ReactNode, useContext } from 'react';
import type { DashboardFilters } from '../../../../src/shared/dashboard-filters';
import * as styles from './Filters.css';

/** The filters other than the mode (the mode is the score mode: `mode=` in the address). */
export type ItemFilters = Omit<DashboardFilters, 'mode'>;
export type ItemFilterName = keyof ItemFilters;

interface FilterControl {
  filters: ItemFilters;
  setFilter: <K extends ItemFilterName>(name: K, value: ItemFilters[K] | undefined) => void;
}

const FilterContext = createContext<FilterControl | null>(null);

export const FilterProvider = ({ value, children }: { value: FilterControl; children: ReactNode }) => (
  <FilterContext.Provider value={value}>{children}</FilterContext.Provider>
);

/** 'po' takes the locative: po ovom albumu, po ovoj pjesmi. */
const WHAT: Record<ItemFilterName, string> = {
  device: 'ovom uređaju',
  browser: 'ovom pregledniku',
  album: 'ovom albumu',
  song: 'ovoj pjesmi',
};

/**
 * A device, browser, album or song named anywhere on the dashboard: a click filters the whole
 * dashboard by it (a second click on the active one removes the filter). Plain text outside the
 * dashboard's filter provider.
 */
export function FilterButton<K extends ItemFilterName>({
  name,
  value,
  children,
}: {
  name: K;
  value: NonNullable<ItemFilters[K]>;
  children: ReactNode;
}) {
  const control = useContext(FilterContext);
  if (!control) return <>{children}</>;
  const active = control.filters[name] === value;
  return (
    <button
      type="button"
      className={active ? `${styles.filterLink} ${styles.active}` : styles.filterLink}
      aria-pressed={active}
      title={active ? 'Ukloni filtar' : `Filtriraj cijeli pregled po ${WHAT[name]}`}
      data-filter-by={`${name}:${value}`}
      onClick={() => control.setFilter(name, active ? undefined : value)}
    >
      {children}
    </button>
  );
}
