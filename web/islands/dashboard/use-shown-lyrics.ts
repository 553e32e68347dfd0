/**
 * The lyric rows the 'Stihovi' tab shows: the search (deferred, so typing stays responsive) and the
 * occurrence filters applied to the loaded rows. A hook of its own so DashboardIsland stays a
 * layout of its parts.
 */
import { useDeferredValue, useMemo } from 'react';
import { searchableText } from '../../lib/search';
import { albumWithYear, filterRows, type LyricStat, orUnknown } from '../../lib/stats';
import { type DashboardView, lyricRowFilter } from './dashboard-view';

export function useShownLyrics(view: DashboardView, lyrics: LyricStat[] | undefined) {
  const lyricFilter = lyricRowFilter(view);
  const query = useDeferredValue(lyricFilter.query);
  const searchable = useMemo(
    () =>
      (lyrics ?? []).map((l) =>
        searchableText([l.text, orUnknown(l.songTitle), albumWithYear(l.albumTitle, l.albumYear)]),
      ),
    [lyrics],
  );
  const { minOccurrences, hideUnshown } = lyricFilter;
  const shownLyrics = useMemo(
    () => filterRows(lyrics ?? [], searchable, { query, minOccurrences, hideUnshown }),
    [lyrics, searchable, query, minOccurrences, hideUnshown],
  );
  return { shownLyrics, hideUnshown };
}
