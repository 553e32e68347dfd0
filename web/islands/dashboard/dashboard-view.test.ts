import { describe, expect, test } from 'bun:test';
import {
  type DashboardView,
  defaultView,
  lyricRowFilter,
  parseView,
  serializeView,
  withFilter,
} from './dashboard-view';

const view = (change: (v: DashboardView) => DashboardView) => change(structuredClone(defaultView));

describe('the dashboard view in the address', () => {
  test('the defaults have no parameters, and no parameters give the defaults', () => {
    expect(serializeView(defaultView)).toBe('');
    expect(parseView('')).toEqual(defaultView);
    expect(parseView('?')).toEqual(defaultView);
  });

  test('tab, each table’s sort and page, the lyric search and filters survive the round trip', () => {
    const shared = view((v) => ({
      tab: 'stihovi',
      range: { preset: '7d' },
      tables: {
        stihovi: { sort: { column: 'percentage', direction: 'desc' }, page: 2 },
        pjesme: { sort: { column: 'title', direction: 'asc' }, page: 0 },
        albumi: v.tables.albumi,
      },
      lyrics: { query: 'čuvar svjetla', minOccurrences: 3, unshown: 'show', pageSize: 25 },
      scoreMode: 'daily',
      filters: {},
      trendGroup: 'week',
    }));
    const search = serializeView(shared);
    expect(search).toBe(
      '?tab=stihovi&range=7d&sort-stihovi=percentage.desc&page-stihovi=3&sort-pjesme=title.asc&q=%C4%8Duvar+svjetla&min=3&unshown=show&size=25&mode=daily&group=week',
    );
    expect(parseView(search)).toEqual(shared);
  });

  test('the filters survive the round trip: mode, device, browser, album and song (docs/decisions/039)', () => {
    const filtered = view((v) => ({
      ...v,
      tab: 'albumi',
      scoreMode: 'hard',
      filters: { device: 'phone', browser: 'safari', album: 3, song: 12 },
    }));
    const search = serializeView(filtered);
    expect(search).toBe('?tab=albumi&mode=hard&device=phone&browser=safari&album=3&song=12');
    expect(parseView(search)).toEqual(filtered);
    // A filter removed leaves the address.
    expect(serializeView({ ...filtered, filters: { device: 'phone' } })).toBe(
      '?tab=albumi&mode=hard&device=phone',
    );
  });

  test.each([
    ['an unknown device', '?device=toaster'],
    ['an unknown browser', '?browser=netscape'],
    ['album 0', '?album=0'],
    ['a song id that is not a number', '?song=12abc'],
    ['an album id out of bounds', '?album=99999999'],
  ])('%s is no filter', (_, search) => {
    expect(parseView(search).filters).toEqual({});
  });

  test.each([
    ['an unknown tab', '?tab=admin', { tab: 'pregled' }],
    [
      'a sort without a direction (ascending)',
      '?sort-stihovi=title',
      { sort: { column: 'title', direction: 'asc' } },
    ],
    ['a malformed sort', '?sort-stihovi=%3Cscript%3E.desc', { sort: { column: null, direction: 'asc' } }],
    ['a page below 1', '?page-stihovi=0', { page: 0 }],
    ['a page that is not a number', '?page-stihovi=abc', { page: 0 }],
    ['a page size not offered', '?size=7', { pageSize: 100 }],
    ['a negative minimum', '?min=-4', { minOccurrences: 0 }],
    ['an unknown never-shown rule', '?unshown=maybe', { unshown: 'auto' }],
  ])('%s falls back to the default', (_, search, expected) => {
    const parsed = parseView(search);
    const seen = { tab: parsed.tab, ...parsed.tables.stihovi, ...parsed.lyrics };
    expect(seen).toMatchObject(expected);
  });

  test('a custom range is written as from and to, and restored', () => {
    const custom = view((v) => ({ ...v, range: { preset: 'custom', from: '2026-10-01', to: '2026-10-31' } }));
    expect(serializeView(custom)).toBe('?from=2026-10-01&to=2026-10-31');
    expect(parseView('?from=2026-10-01&to=2026-10-31')).toEqual(custom);
  });

  test.each([
    ['an unknown preset', '?range=forever'],
    ['a custom range ending before it starts', '?from=2026-10-31&to=2026-10-01'],
    ['a date that does not exist', '?from=2026-02-30&to=2026-03-02'],
    ['only one end', '?from=2026-10-01'],
  ])('%s falls back to everything recorded', (_, search) => {
    expect(parseView(search).range).toEqual({ preset: 'sve' });
  });

  test('the score distribution counts every play unless the address names other plays', () => {
    expect(defaultView.scoreMode).toBe('all');
    expect(parseView('?mode=hard').scoreMode).toBe('hard');
    expect(parseView('?mode=daily_practice').scoreMode).toBe('all');
    expect(parseView('?group=year').trendGroup).toBe('day');
  });

  test('a very long query is cut to 200 characters', () => {
    expect(parseView(`?q=${'a'.repeat(500)}`).lyrics.query).toHaveLength(200);
  });

  test('an empty or blank query is not written', () => {
    expect(serializeView(view((v) => ({ ...v, lyrics: { ...v.lyrics, query: '   ' } })))).toBe('');
  });
});

describe('never-shown lines', () => {
  const sortedBy = (column: string | null, unshown: DashboardView['lyrics']['unshown'] = 'auto') =>
    lyricRowFilter(
      view((v) => ({
        ...v,
        tables: { ...v.tables, stihovi: { sort: { column, direction: 'asc' }, page: 0 } },
        lyrics: { ...v.lyrics, unshown },
      })),
    ).hideUnshown;

  test('hidden by default while the table is sorted by percentage, listed otherwise', () => {
    expect(sortedBy('percentage')).toBe(true);
    expect(sortedBy(null)).toBe(false);
    expect(sortedBy('occurrences')).toBe(false);
  });

  test('the administrator’s choice wins over the default', () => {
    expect(sortedBy('percentage', 'show')).toBe(false);
    expect(sortedBy('text', 'hide')).toBe(true);
  });
});

describe('a filter clicked', () => {
  test('sets or removes it; an album and a song replace each other, the other filters stay', () => {
    const on = { device: 'phone', album: 3 } as const;
    expect(withFilter(on, 'browser', 'safari')).toEqual({ device: 'phone', album: 3, browser: 'safari' });
    // A song (perhaps of another album, picked in 'Zamjene') replaces the album, and back.
    expect(withFilter(on, 'song', 12)).toEqual({ device: 'phone', song: 12 });
    expect(withFilter({ song: 12, browser: 'firefox' }, 'album', 5)).toEqual({
      browser: 'firefox',
      album: 5,
    });
    // Removing one leaves the rest; the filters given are not changed.
    expect(withFilter(on, 'album', undefined)).toEqual({ device: 'phone' });
    expect(withFilter({ album: 3, song: 12 }, 'song', undefined)).toEqual({ album: 3 });
    expect(on).toEqual({ device: 'phone', album: 3 });
  });
});
