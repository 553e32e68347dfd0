import { afterEach, describe, expect, spyOn, test } from 'bun:test';
import { SignedOut } from './load-admin-data';
import { loadRangeData, rangeParams, resolveOnServer } from './load-range-data';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const summary = { today: '2026-11-23', firstDay: '2026-10-01', current: {}, previous: {} };
const answers: Record<string, unknown> = {
  summary,
  daily: { from: '2026-11-17', to: '2026-11-23', points: [{ day: '2026-11-23', plays: 3 }] },
  scores: { plays: 3, histogram: [] },
  devices: { plays: 3 },
  confusions: { period: 'all-time', confusions: [{ songId: 1, selectedSongId: 2, times: 4 }] },
};

/** The admin API; records each URL asked and answers with `statuses` (200 by default). */
function adminApi(statuses: Record<string, number> = {}): string[] {
  const asked: string[] = [];
  globalThis.fetch = (async (url: string) => {
    asked.push(url);
    const name = url.replace('/api/admin/stats/', '').split('?')[0]!;
    const status = statuses[name] ?? 200;
    return status === 200 ? Response.json(answers[name]) : new Response('no', { status });
  }) as typeof fetch;
  return asked;
}

describe('the views of a range', () => {
  test('five reads of the same range; the overall confusions with a limit; the scores of the plays chosen', async () => {
    const asked = adminApi();
    const data = await loadRangeData('c', { from: '2026-11-17', to: '2026-11-23' }, 'all');
    expect(asked.sort()).toEqual([
      '/api/admin/stats/confusions?from=2026-11-17&to=2026-11-23&limit=10',
      '/api/admin/stats/daily?from=2026-11-17&to=2026-11-23&group=day&compare=previous',
      '/api/admin/stats/devices?from=2026-11-17&to=2026-11-23',
      '/api/admin/stats/scores?from=2026-11-17&to=2026-11-23&difficulty=all',
      '/api/admin/stats/summary?from=2026-11-17&to=2026-11-23',
    ]);
    expect(data.daily).toEqual(answers.daily as never);
    expect(data.confusions).toHaveLength(1);
    expect(data.unavailable).toEqual({});
  });

  test('a refused view is marked and logged, the others shown; a 401 signs out', async () => {
    const error = spyOn(console, 'error').mockImplementation(() => {});
    adminApi({ scores: 500 });
    const data = await loadRangeData('c', {}, 'all');
    expect(data.scores).toBeNull();
    expect(data.unavailable).toEqual({ scores: 500 });
    expect(data.summary).toEqual(summary as never);
    expect(error).toHaveBeenCalled();
    error.mockRestore();

    adminApi({ devices: 401 });
    await expect(loadRangeData('c', {}, 'daily')).rejects.toBeInstanceOf(SignedOut);
  });

  test('presets count from the server’s today, asked once when not known', async () => {
    const asked = adminApi();
    expect(await resolveOnServer('c', { preset: '7d' }, null)).toEqual({
      from: '2026-11-17',
      to: '2026-11-23',
    });
    expect(asked).toEqual(['/api/admin/stats/summary']);
    expect(await resolveOnServer('c', { preset: 'jucer' }, '2026-01-01')).toEqual({
      from: '2025-12-31',
      to: '2025-12-31',
    });
    expect(asked).toHaveLength(1);
    // 'Sve' sends no days at all: the API answers all time, as it did before ranges existed.
    expect(rangeParams(await resolveOnServer('c', { preset: 'sve' }, null))).toEqual({});
    expect(rangeParams({ from: '2026-10-01', to: '2026-10-31' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });
});
