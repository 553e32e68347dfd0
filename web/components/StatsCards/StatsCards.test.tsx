import { describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { summaryCards } from '../../islands/dashboard/summary-cards';
import { StatsCards } from './StatsCards';

const text = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ');
const averageCard = (html: string, stat: string) =>
  text(
    html.slice(
      html.indexOf(`data-stat="${stat}"`),
      html.indexOf('</dd>', html.indexOf(`data-stat="${stat}"`)),
    ),
  );

describe('the cards of a range without plays (e.g. a filter nothing matches)', () => {
  const none = { totalAttempts: 0, uniquePlayers: 0, averageScore: 0, averagePercentage: 0 };

  test("the averages are a dash and 'nema igara', not '0,0 / 30 (0,0%)' and '0,0%'", () => {
    const html = renderToString(<StatsCards overview={none} />);
    for (const stat of ['averageScore', 'averagePercentage']) {
      expect(averageCard(html, stat)).toContain('—');
      expect(averageCard(html, stat)).toContain('nema igara');
      expect(averageCard(html, stat)).not.toContain('0,0');
    }
    expect(averageCard(html, 'totalAttempts')).toContain('0');
  });

  test('with plays the averages are numbers', () => {
    const html = renderToString(<StatsCards overview={{ ...none, totalAttempts: 4, averageScore: 15 }} />);
    expect(averageCard(html, 'averageScore')).toContain('15,0');
    expect(averageCard(html, 'averageScore')).toContain('/ 30');
    expect(html).not.toContain('nema igara');
  });

  test('no change of the averages against a period that had plays (not −100 %)', () => {
    const figures = (plays: number, average: number) => ({
      plays,
      players: plays,
      averageScore: average,
      accuracy: (average / 30) * 100,
      days: 7,
    });
    const data = {
      filtered: true,
      views: {
        summary: {
          comparison: 'previous',
          comparable: true,
          current: figures(0, 0),
          previous: figures(10, 15),
        },
      },
    };
    const cards = summaryCards({ range: { preset: '7' } } as never, data as never);
    expect(cards.changes?.averageScore).toBeNull();
    expect(cards.changes?.averagePercentage).toBeNull();
    expect(cards.changes?.totalAttempts).not.toBeNull();
  });

  test("filtered all time ('Sve'): the filtered figures and no change line (there is no period before all time)", () => {
    const figures = { plays: 12, players: 5, averageScore: 15, accuracy: 50, days: 60 };
    const summary = {
      comparison: 'previous',
      comparable: false,
      current: figures,
      previous: { ...figures, plays: 0 },
    };
    const cards = summaryCards(
      { range: { preset: 'sve' } } as never,
      { filtered: true, views: { summary } } as never,
    );
    expect(cards.overview.totalAttempts).toBe(12);
    expect(cards.changes).toBeUndefined();
    const html = renderToString(<StatsCards {...cards} />);
    expect(html).not.toContain('data-change');
  });
});
