/**
 * The lyric rows the 'Stihovi' tab shows: the search (deferred, so typing stays responsive) and the
 * occurrence filters applied to the loaded rows. A hook of its own so DashboardIsland stays a
 * layout of its parts.
 */
import { useDeferredValue, useMemo } from 'react';
import { lyricSearchText } from '../../../src/shared/search';
import { filterRows, type LyricStat } from '../../lib/stats';
import { type DashboardView, lyricRowFilter } from './dashboard-view';

export function useShownLyrics(view: DashboardView, lyrics: LyricStat[] | undefined) {
  const lyricFilter = lyricRowFilter(view);
  const query = useDeferredValue(lyricFilter.query);
  // The same text the lyric export's search looks in (src/shared/search.ts).
  const searchable = useMemo(() => (lyrics ?? []).map(lyricSearchText), [lyrics]);
  const { minOccurrences, hideUnshown } = lyricFilter;
  const shownLyrics = useMemo(
    () => filterRows(lyrics ?? [], searchable, { query, minOccurrences, hideUnshown }),
    [lyrics, searchable, query, minOccurrences, hideUnshown],
  );
  return { shownLyrics, hideUnshown, query, minOccurrences };
}
