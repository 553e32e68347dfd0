/**
 * Issue 33, defects 6 and 8: the words and colours a player reads, as rendered by the server.
 * Each test failed before its fix.
 */
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import type { PageProps, PublicStatistics } from '../../src/shared/contracts/pages';
import { StatsCards } from '../components/StatsCards/StatsCards';
import { DailyPage } from '../pages/DailyPage';
import { LandingPage } from '../pages/LandingPage';
import { ResultsPage } from '../pages/ResultsPage';
import { StatisticsPage } from '../pages/StatisticsPage';
import { fromAllAlbums, linesHeading, playedSoFar } from './plural';
import { positionTexts, queuedNote } from './ranking';
import { lineResultsById, reviewOf } from './review';
import { topLists } from './stats';

const page: PageProps = {
  title: 'Lovro Lanterna Kviz znanja',
  artist: 'Lovro Lanterna',
  siteUrl: 'https://kviz.example.hr',
  creator: { name: 'Autor', url: 'https://example.hr/autor', appUrl: 'example://autor' },
};
const text = (html: string) => html.replaceAll('<!-- -->', '');

describe('counts read as Croatian (defect 8)', () => {
  test.each([
    [1, 'Dosad odigran 1 kviz'],
    [3, 'Dosad odigrana 3 kviza'],
    [5, 'Dosad odigrano 5 kvizova'],
    [21, 'Dosad odigran 21 kviz'],
    [1532, 'Dosad odigrana 1.532 kviza'],
  ])('%p plays: %p', (n, words) => expect(playedSoFar(n)).toBe(words));

  test.each([
    [1, 's jednog albuma'],
    [2, 's oba albuma'],
    [3, 'sa sva 3 albuma'],
    [4, 'sa sva 4 albuma'],
    [7, 'sa svih 7 albuma'],
    [12, 'sa svih 12 albuma'],
  ])('%p albums: %p', (n, words) => expect(fromAllAlbums(n)).toBe(words));

  test.each([
    [1950, 'Skoro 2000 stihova'], // the catalogue the product was written for (docs/product.md)
    [2439, 'Skoro 2500 stihova'],
    [120, '120 stihova'],
    [118, 'Skoro 120 stihova'],
    [1, '1 stih'],
  ])('the lines card of a catalogue of %p lines: %p', (n, words) => expect(linesHeading(n)).toBe(words));

  test('the start page: the catalogue as it is, one form of address, među pet', () => {
    const html = text(
      renderToString(
        <LandingPage
          page={page}
          data={{ lines: 2439, songs: 79, albums: 3, firstYear: 1992, lastYear: 2013, plays: 1 }}
        />,
      ),
    );
    expect(html).toContain('Skoro 2500 stihova');
    expect(html).not.toContain('Skoro 2000');
    expect(html).toContain('2.439 stihova iz 79 pjesama sa sva 3 albuma');
    expect(html).toContain('Dosad odigran 1 kviz.');
    expect(html).toContain('među pet ponuđenih');
    // Sentences address the player as 'vi' (as 'Vaš rezultat' and 'Podijelite svoj rezultat' do);
    // buttons and card titles keep the product's fixed labels ('Prepoznaj pjesmu', 'Započni kviz').
    for (const ti of ['odaberi ', 'dobivaš', 'Igraj koliko', 'želiš', 'Prepoznaj pjesmu po'])
      expect(html).not.toContain(ti);
  });

  test('stat cards keep a fixed heading above their figure, as "Ukupno igranja" does', () => {
    const one = { totalAttempts: 1, uniquePlayers: 1, averageScore: 10, averagePercentage: 33.3 };
    for (const uniquePlayers of [1, 3, 21])
      expect(text(renderToString(<StatsCards overview={{ ...one, uniquePlayers }} />))).toContain(
        'Različiti igrači',
      );
    expect(text(renderToString(<StatsCards overview={one} />))).not.toContain('Različit igrač');
    const daily = { number: 4, rankedPlays: 1, averageScore: 12, yesterdayHardestLine: null };
    const html = text(
      renderToString(<StatisticsPage page={page} stats={{ ...stats([]), daily } as never} />),
    );
    expect(html).toContain('Rangirane igre danas');
    expect(html).not.toContain('Rangirana igra danas');
    expect(html).toContain('Jučerašnji izazov nitko nije igrao.');
    // The first challenge has no yesterday's to speak of.
    const first = text(
      renderToString(
        <StatisticsPage page={page} stats={{ ...stats([]), daily: { ...daily, number: 1 } } as never} />,
      ),
    );
    expect(first).toContain('Ovo je prvi dnevni izazov.');
    expect(first).not.toContain('Jučerašnji');
  });

  test("the percentile's words: 'na teškoj razini', 'Isti rezultat ima', 'mjerilo'", () => {
    const p = { percentile: 63.4, samePercent: 5.1, totalPlayers: 40 };
    const texts = positionTexts(p, 'hard');
    expect(texts.better).toBe('Bolje od 63,4% igrača na teškoj razini');
    expect(positionTexts(p, 'easy').better).toBe('Bolje od 63,4% igrača na laganoj razini');
    expect(texts.same).toBe('Isti rezultat ima 5,1% igrača');
    expect(texts.first).toBeUndefined();
    // The first play of all: 'mjerilo', and no 'Isti rezultat ima 100,0%' beside it.
    const first = positionTexts({ percentile: 0, samePercent: 100, totalPlayers: 1 }, 'hard');
    expect(first.first).toBe(
      'Vi ste prvi igrač ovog kviza na teškoj razini – vaš rezultat je mjerilo za sve ostale!',
    );
    expect(first.same).toBeUndefined();
  });

  test('a play kept for later says what it waits for: the network, or the server', () => {
    expect(queuedNote(false)).toBe('Spremljeno, poslat ćemo kad se vratite na mrežu.');
    expect(queuedNote(true)).toBe('Spremljeno, poslat ćemo čim poslužitelj ponovno odgovori.');
  });

  test('a position is never rounded to everyone or no one', () => {
    // The first 30/30 among 3,000 plays: better than 2,999 (99.97 %), the same as itself (0.03 %).
    const top = positionTexts({
      percentile: (2999 / 3000) * 100,
      samePercent: (1 / 3000) * 100,
      totalPlayers: 3000,
    });
    expect(top.better).toBe('Bolje od 99,9% igrača');
    expect(top.same).toBe('Isti rezultat ima 0,1% igrača');
    const none = positionTexts({ percentile: 0, samePercent: 100, totalPlayers: 3 });
    expect(none.better).toBe('Bolje od 0,0% igrača');
    expect(none.same).toBe('Isti rezultat ima 100,0% igrača');
    expect(positionTexts({ percentile: 99.94, samePercent: 0.06, totalPlayers: 5000 }).better).toBe(
      'Bolje od 99,9% igrača',
    );
  });

  test("'Najčešći pogrešan odgovor igrača' never names the player's own answer when it is the only one", () => {
    const play = {
      questions: [1, 2].map((id) => ({
        id,
        lyricId: 100 + id,
        lyric: `Stih ${id}`,
        correctSongId: 1,
        correctSongTitle: 'Pjesma 1',
        albumTitle: 'Album',
        albumYear: 1992,
        options: [1, 2, 3, 4, 5].map((o) => ({ id: o, title: `Pjesma ${o}` })),
      })),
      currentIndex: 2,
      answers: [1, 2].map((id) => ({
        questionId: id,
        selectedSongId: 2,
        correctSongId: 1,
        isCorrect: false,
      })),
      correctCount: 0,
    } as never;
    const lines = lineResultsById([
      // Only this play missed line 101: its 'most common' wrong answer is the player's own.
      {
        lyricId: 101,
        occurrences: 3,
        correctAnswers: 2,
        confusedWith: { songId: 2, title: 'Pjesma 2', times: 1 },
      },
      // Line 102: another player picked it too.
      {
        lyricId: 102,
        occurrences: 5,
        correctAnswers: 3,
        confusedWith: { songId: 2, title: 'Pjesma 2', times: 2 },
      },
    ]);
    const review = new Map(reviewOf(play, lines).map((r) => [r.lyricId, r]));
    expect(review.get(101)?.confusedWith).toBeUndefined();
    expect(review.get(102)?.confusedWith).toBe('Pjesma 2');
  });

  test("loading messages end with '…' (the quiz's own, 'Učitavanje pitanja...', is kept exact); 'Istih 30 stihova'", () => {
    const daily = text(
      renderToString(<DailyPage page={page} today={{ day: '2026-11-27', number: 4 } as never} />),
    );
    expect(daily).toContain('Istih 30 stihova za sve igrače');
    // The loading screens are the browser's (the server renders what follows them): read the source.
    const glob = new Bun.Glob('web/{islands,components,pages}/**/*.tsx');
    const dotted: string[] = [];
    for (const file of glob.scanSync('.'))
      for (const [m] of readFileSync(file, 'utf8').matchAll(/Učitavanje \p{L}+\.\.\./gu))
        if (m !== 'Učitavanje pitanja...') dotted.push(`${file}: ${m}`);
    expect(dotted).toEqual([]);
  });
});

const row = (albumId: number, occurrences: number, correctAnswers: number) => ({
  albumId,
  title: `Album ${albumId}`,
  occurrences,
  correctAnswers,
});
function stats(albums: ReturnType<typeof row>[]): PublicStatistics {
  const overview = { totalAttempts: 9, uniquePlayers: 4, averageScore: 14, averagePercentage: 46.7 };
  return { overview, lyrics: [], songs: [], albums } as PublicStatistics;
}

describe('the top lists (defects 6 and 8)', () => {
  test('with little data, the easiest and the hardest lists never show the same item', () => {
    const items = [row(1, 4, 4), row(2, 4, 3), row(3, 4, 1), row(4, 4, 0), row(5, 4, 2)];
    const { easiest, hardest } = topLists(items, 3);
    expect(easiest.map((a) => a.albumId)).toEqual([1, 2, 5]);
    expect(hardest.map((a) => a.albumId)).toEqual([4, 3]);
    // With enough items, ten each as before.
    const many = Array.from({ length: 25 }, (_, i) => row(i, 10, i % 11));
    const lists = topLists(many, 3);
    expect(lists.easiest).toHaveLength(10);
    expect(lists.hardest).toHaveLength(10);
    expect(lists.easiest.filter((a) => lists.hardest.includes(a))).toEqual([]);
  });

  test("/statistics colours the easiest lists green and the hardest red, whatever the value ('Najteži albumi' 76,0%)", () => {
    const albums = [row(1, 50, 49), row(2, 50, 45), row(3, 50, 40), row(4, 50, 38)]; // 98, 90, 80, 76 %
    const html = text(renderToString(<StatisticsPage page={page} stats={stats(albums)} />));
    const table = (caption: string) =>
      html.split(`data-top-table="${caption}"`)[1]?.split('</table>')[0] ?? '';
    expect(table('Najteži albumi')).toContain('76,0%');
    expect(table('Najteži albumi')).toContain('data-tone="hardest"');
    expect(table('Najteži albumi')).not.toContain('data-tone="easiest"');
    expect(table('Najlakši albumi')).toContain('data-tone="easiest"');
    expect(table('Najlakši albumi')).not.toContain('data-tone="hardest"');
  });

  test('the results page shows the rating scale as a table, not folded away', () => {
    const html = renderToString(<ResultsPage page={page} />);
    expect(html).not.toContain('<details');
  });
});
