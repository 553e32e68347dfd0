import { useId } from 'react';
import { BROWSER_FAMILIES, DEVICE_CLASSES } from '../../../../src/shared/devices';
import { SCORE_MODES, type ScoreMode } from '../../../../src/shared/play-mode';
import * as inputStyles from '../../../components/Input/Input.css';
import { browserNames, deviceNames } from '../../../lib/device-names';
import type { AlbumStat, SongStat } from '../../../lib/stats';
import * as dashboardStyles from '../DashboardIsland.css';
import type { DashboardView } from '../dashboard-view';
import * as styles from './Filters.css';
import type { ItemFilterName, ItemFilters } from './filter-context';

const modeNames: Record<ScoreMode, string> = {
  all: 'Svi',
  easy: 'Lagano',
  normal: 'Normalno',
  hard: 'Teško',
  daily: 'Dnevni izazov',
};

interface Chip {
  key: string;
  label: string;
  remove: () => void;
}

/**
 * 'Filtri' above the tabs: the mode, device and browser to choose, every active filter as a
 * removable chip (an album or song is chosen by clicking it in a table), and what a filter
 * applies to. Every tab and export follows them (docs/decisions/039).
 */
export function FilterBar({
  view,
  setScoreMode: onMode,
  setFilter,
  lists,
}: {
  view: Pick<DashboardView, 'scoreMode' | 'filters'>;
  setScoreMode: (mode: ScoreMode) => void;
  setFilter: <K extends ItemFilterName>(name: K, value: ItemFilters[K] | undefined) => void;
  /** The album and song lists shown, for the names of an album or song filter. */
  lists: { albums: AlbumStat[]; songs: SongStat[] };
}) {
  const id = useId();
  const { scoreMode: mode, filters } = view;
  const albumTitle = (album: number) => lists.albums.find((a) => a.albumId === album)?.title;
  const songTitle = (song: number) => lists.songs.find((s) => s.songId === song)?.title;
  const chips: Chip[] = [];
  if (mode !== 'all')
    chips.push({ key: 'mode', label: `Način igre: ${modeNames[mode]}`, remove: () => onMode('all') });
  if (filters.device)
    chips.push({
      key: 'device',
      label: `Uređaj: ${deviceNames[filters.device]}`,
      remove: () => setFilter('device', undefined),
    });
  if (filters.browser)
    chips.push({
      key: 'browser',
      label: `Preglednik: ${browserNames[filters.browser]}`,
      remove: () => setFilter('browser', undefined),
    });
  if (filters.album !== undefined)
    chips.push({
      key: 'album',
      label: `Album: ${albumTitle(filters.album) ?? `#${filters.album}`}`,
      remove: () => setFilter('album', undefined),
    });
  if (filters.song !== undefined)
    chips.push({
      key: 'song',
      label: `Pjesma: ${songTitle(filters.song) ?? `#${filters.song}`}`,
      remove: () => setFilter('song', undefined),
    });
  const narrowed = filters.album !== undefined || filters.song !== undefined;
  return (
    <section className={styles.bar} aria-labelledby={`${id}-title`} data-filters="">
      <h2 id={`${id}-title`} className={dashboardStyles.sectionTitle}>
        Filtri
      </h2>
      <div className={styles.controls}>
        <label className={dashboardStyles.field} htmlFor={`${id}-mode`}>
          Način igre
          <select
            id={`${id}-mode`}
            className={`${inputStyles.input} ${styles.select}`}
            value={mode}
            onChange={(e) => onMode(e.currentTarget.value as ScoreMode)}
            data-filter="mode"
          >
            {SCORE_MODES.map((m) => (
              <option key={m} value={m}>
                {modeNames[m]}
              </option>
            ))}
          </select>
        </label>
        <label className={dashboardStyles.field} htmlFor={`${id}-device`}>
          Uređaj
          <select
            id={`${id}-device`}
            className={`${inputStyles.input} ${styles.select}`}
            value={filters.device ?? ''}
            onChange={(e) =>
              setFilter(
                'device',
                DEVICE_CLASSES.find((d) => d === e.currentTarget.value),
              )
            }
            data-filter="device"
          >
            <option value="">Svi</option>
            {DEVICE_CLASSES.map((d) => (
              <option key={d} value={d}>
                {deviceNames[d]}
              </option>
            ))}
          </select>
        </label>
        <label className={dashboardStyles.field} htmlFor={`${id}-browser`}>
          Preglednik
          <select
            id={`${id}-browser`}
            className={`${inputStyles.input} ${styles.select}`}
            value={filters.browser ?? ''}
            onChange={(e) =>
              setFilter(
                'browser',
                BROWSER_FAMILIES.find((b) => b === e.currentTarget.value),
              )
            }
            data-filter="browser"
          >
            <option value="">Svi</option>
            {BROWSER_FAMILIES.map((b) => (
              <option key={b} value={b}>
                {browserNames[b]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {chips.length > 0 && (
        <ul className={styles.chips} aria-label="Aktivni filtri" data-chips="">
          {chips.map((chip) => (
            <li key={chip.key} className={styles.chip} data-chip={chip.key}>
              <span>{chip.label}</span>
              <button
                type="button"
                className={styles.chipRemove}
                onClick={chip.remove}
                aria-label={`Ukloni filtar: ${chip.label}`}
                title="Ukloni filtar"
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.note} data-filter-note="">
        {chips.length === 0
          ? 'Kliknite uređaj, preglednik, album ili pjesmu u tablicama da filtrirate cijeli pregled.'
          : `Filtri vrijede za sve kartice, grafove, tablice i CSV izvoze. Izdani kvizovi ne bilježe se po filtrima, pa dovršenost tada nije poznata; „Igra sada“ uvijek broji sve igrače.${
              narrowed
                ? ' Album ili pjesma: igre u kojima se pojavio barem jedan njihov stih; odgovori, točnost, tablice i zamjene broje samo te stihove.'
                : ''
            }`}
      </p>
    </section>
  );
}
