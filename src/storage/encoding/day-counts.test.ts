import { describe, expect, test } from 'bun:test';
import { PLAY_LENGTH } from '../../shared/rules';
import {
  addDayCounts,
  addScoreCounts,
  type DayCounts,
  dailySeries,
  dailyValues,
  dayCountsOfPlay,
  emptyDayCounts,
  emptyScoreCounts,
  ratingBandShares,
  runningTotals,
  scoreCountsOfPlay,
  scoreDistribution,
  subtractDayCounts,
  summarizeRange,
} from './day-counts';

const play = (overrides: Partial<Parameters<typeof dayCountsOfPlay>[0]> = {}) =>
  dayCountsOfPlay({
    hour: 20,
    score: 21,
    answers: 30,
    correct: 21,
    deviceClass: 'phone',
    browser: 'safari',
    firstOfPlayerToday: true,
    firstOfPlayer: false,
    ...overrides,
  });

const sum = (...days: DayCounts[]) => days.reduce(addDayCounts, emptyDayCounts());

describe('a range from running totals', () => {
  const days = new Map([
    [
      '2025-03-29',
      sum(play({ firstOfPlayer: true }), play({ hour: 23, firstOfPlayerToday: false, score: 9, correct: 9 })),
    ],
    ['2025-03-31', play({ deviceClass: 'desktop', browser: 'firefox', score: 30, correct: 30 })],
    ['2025-04-02', play({ hour: 8 })],
  ]);
  const running = runningTotals(days, emptyDayCounts, addDayCounts);

  test('running totals sum every day up to their own, and give back each day', () => {
    expect([...running].map(([day, c]) => [day, c.plays, c.answers])).toEqual([
      ['2025-03-29', 2, 60],
      ['2025-03-31', 3, 90],
      ['2025-04-02', 4, 120],
    ]);
    expect(dailyValues([...running], emptyDayCounts(), subtractDayCounts)).toEqual(days);
  });

  test('a range is the totals at its end minus those before its start, and says what the figures mean', () => {
    const counts = subtractDayCounts(running.get('2025-03-31')!, emptyDayCounts());
    const summary = summarizeRange('2025-03-29', '2025-03-31', counts, 7);
    expect({ ...summary, byHour: undefined }).toEqual({
      from: '2025-03-29',
      to: '2025-03-31',
      days: 3,
      plays: 3,
      playerDays: 2,
      newPlayers: 1,
      answers: 90,
      correct: 60,
      averageScore: 20,
      accuracy: 66.67,
      quizzesIssued: 7,
      completionRate: 42.9,
      byDevice: { phone: 2, tablet: 0, desktop: 1, other: 0 },
      byBrowser: { chrome: 0, safari: 2, firefox: 1, edge: 0, samsung: 0, opera: 0, other: 0 },
      byHour: undefined,
    });
    expect(summary.byHour.map((n, hour) => [hour, n]).filter(([, n]) => n! > 0)).toEqual([
      [20, 2],
      [23, 1],
    ]);
    const later = summarizeRange(
      '2025-03-30',
      '2025-04-02',
      subtractDayCounts(running.get('2025-04-02')!, running.get('2025-03-29')!),
      0,
    );
    expect([later.plays, later.byHour[8], later.completionRate]).toEqual([2, 1, null]);
  });

  test('a point per day, zeros for the days without plays', () => {
    const series = dailySeries('2025-03-29', '2025-03-31', days, new Map([['2025-03-30', 2]]));
    expect(series.map((p) => [p.day, p.plays, p.players, p.quizzesIssued])).toEqual([
      ['2025-03-29', 2, 1, 0],
      ['2025-03-30', 0, 0, 2],
      ['2025-03-31', 1, 1, 0],
    ]);
  });

  test('an empty range has zeros and no completion rate', () => {
    const summary = summarizeRange('2025-01-01', '2025-01-07', emptyDayCounts(), 0);
    expect([
      summary.plays,
      summary.averageScore,
      summary.accuracy,
      summary.completionRate,
      summary.days,
    ]).toEqual([0, 0, 0, null, 7]);
  });
});

describe('score distribution and rating bands', () => {
  test('each score counts in its rating band, ends included, and the five shares add up the histogram', () => {
    const byScore = new Array(PLAY_LENGTH + 1).fill(0);
    byScore[0] = 1;
    byScore[10] = 1; // Nedovoljno ends at 10
    byScore[11] = 2; // Dovoljno starts at 11
    byScore[20] = 1;
    byScore[25] = 2;
    byScore[26] = 1;
    byScore[30] = 2;
    expect(ratingBandShares(byScore)).toEqual([
      { label: 'Nedovoljno', min: 0, max: 10, plays: 2, share: 20 },
      { label: 'Dovoljno', min: 11, max: 15, plays: 2, share: 20 },
      { label: 'Dobro', min: 16, max: 20, plays: 1, share: 10 },
      { label: 'Vrlo dobro', min: 21, max: 25, plays: 2, share: 20 },
      { label: 'Odlično', min: 26, max: 30, plays: 3, share: 30 },
    ]);
  });

  test('a distribution over several days of one difficulty', () => {
    const distribution = scoreDistribution(
      '2025-01-01',
      '2025-01-02',
      'normal',
      [scoreCountsOfPlay(30), scoreCountsOfPlay(29), scoreCountsOfPlay(30)].reduce(
        addScoreCounts,
        emptyScoreCounts(),
      ),
    );
    expect(distribution.plays).toBe(3);
    expect(distribution.averageScore).toBe(29.67);
    expect(distribution.histogram[30]).toBe(2);
    expect(distribution.histogram[29]).toBe(1);
    expect(distribution.bands.at(-1)).toEqual({ label: 'Odlično', min: 26, max: 30, plays: 3, share: 100 });
  });
});
