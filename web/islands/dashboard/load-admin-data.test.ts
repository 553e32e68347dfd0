import { afterEach, describe, expect, spyOn, test } from 'bun:test';
import { loadAdminData, SignedOut } from './load-admin-data';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const lyric = {
  lyricId: 1,
  text: 'Stih',
  songId: 2,
  songTitle: 'P',
  albumId: 3,
  albumTitle: 'A',
  albumYear: 1992,
};
const song = {
  songId: 2,
  title: 'P',
  albumId: 3,
  albumTitle: 'A',
  albumYear: 1992,
  occurrences: 5,
  correctAnswers: 2,
};
const album = { albumId: 3, title: 'A', occurrences: 6, correctAnswers: 3 };
/** The answers, some counts as strings (docs/product.md#counts-as-strings). */
const ok: Record<string, unknown> = {
  overview: { totalAttempts: '3', uniquePlayers: 2, averageScore: '17.5', averagePercentage: 58.3 },
  lyrics: [{ ...lyric, occurrences: '4', correctAnswers: '1' }],
  songs: [song],
  albums: [album],
  hourly: [{ hour: '20', attempts: '7', uniquePlayers: 4 }],
};

/** The admin API, answering each read with its row of `statuses` (200 by default); records the order. */
function adminApi(statuses: Record<string, number> = {}): string[] {
  const asked: string[] = [];
  globalThis.fetch = (async (url: string) => {
    const name = url.replace('/api/admin/stats/', '');
    asked.push(name);
    const status = statuses[name] ?? 200;
    return status === 200 ? Response.json(ok[name]) : new Response('no', { status });
  }) as typeof fetch;
  return asked;
}

describe('loadAdminData: the five admin reads and what each failure does', () => {
  test('five reads in sequence; counts sent as strings become numbers', async () => {
    const asked = adminApi();
    expect(await loadAdminData('c')).toEqual({
      overview: { totalAttempts: 3, uniquePlayers: 2, averageScore: 17.5, averagePercentage: 58.3 },
      lyrics: [{ ...lyric, occurrences: 4, correctAnswers: 1 }],
      songs: [song],
      albums: [album],
      hourly: [{ hour: 20, attempts: 7, uniquePlayers: 4 }],
      unavailable: {},
    });
    expect(asked).toEqual(['overview', 'lyrics', 'songs', 'albums', 'hourly']);
  });

  test('a 401 on the overview signs out, before any other read', async () => {
    const asked = adminApi({ overview: 401 });
    await expect(loadAdminData('c')).rejects.toBeInstanceOf(SignedOut);
    expect(asked).toEqual(['overview']);
  });

  test('a 401 on a later read signs out too (the password changed during the session)', async () => {
    const asked = adminApi({ songs: 401 });
    await expect(loadAdminData('c')).rejects.toBeInstanceOf(SignedOut);
    expect(asked).toEqual(['overview', 'lyrics', 'songs']);
  });

  test('another overview failure fails the load with "status: text"', async () => {
    adminApi({ overview: 500 });
    await expect(loadAdminData('c')).rejects.toThrow('500: no');
  });

  test('refused lyric, song and hourly reads are logged and left empty; a refused album read is silent', async () => {
    adminApi({ lyrics: 500, songs: 503, albums: 500, hourly: 502 });
    const logged = spyOn(console, 'error').mockImplementation(() => {});
    try {
      const data = await loadAdminData('c');
      expect([data.lyrics, data.songs, data.albums, data.hourly]).toEqual([[], [], [], []]);
      // Each empty part is marked, with the status, so the dashboard says so instead of showing zeros.
      expect(data.unavailable).toEqual({ lyrics: 500, songs: 503, albums: 500, hourly: 502 });
      expect(logged.mock.calls).toEqual([
        ['Statistika stihova:', 500],
        ['Statistika pjesama:', 503],
        ['Vremenska statistika:', 502],
      ]);
    } finally {
      logged.mockRestore();
    }
  });

  test('one refused read marks only its own part', async () => {
    adminApi({ albums: 503 });
    const data = await loadAdminData('c');
    expect(data.unavailable).toEqual({ albums: 503 });
    expect(data.lyrics).toHaveLength(1);
  });

  test('a network failure of a later read fails the load (the dashboard shows its "Greška" notice)', async () => {
    adminApi();
    const answer = globalThis.fetch;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      if (url.endsWith('/hourly')) throw new TypeError('Failed to fetch');
      return answer(url, init);
    }) as typeof fetch;
    await expect(loadAdminData('c')).rejects.toBeInstanceOf(TypeError);
  });
});
