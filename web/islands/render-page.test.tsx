import { describe, expect, test } from 'bun:test';
import type { ReactElement } from 'react';
import type { PageProps } from '../../src/shared/contracts/pages';
import { AdminLoginPage, DashboardPage } from '../pages/AdminPages';
import { NotFoundPage } from '../pages/NotFoundPage';
import { QuizPage } from '../pages/QuizPage';
import { ResultsPage } from '../pages/ResultsPage';
import { StatisticsPage } from '../pages/StatisticsPage';
import { Island } from './Island';
import type { IslandName } from './registry';
import { renderPage } from './render-page';

const page: PageProps = {
  title: 'Lovro Lanterna Kviz znanja',
  artist: 'Lovro Lanterna',
  siteUrl: 'https://kviz.example.hr',
  creator: { name: 'Autor', url: 'https://example.hr/autor', appUrl: 'example://autor' },
};

describe('renderPage reports the islands a page rendered (the document loads exactly their entries)', () => {
  test.each<[string, () => ReactElement, IslandName[]]>([
    ['/quiz', () => <QuizPage page={page} />, ['quiz']],
    ['/results', () => <ResultsPage page={page} />, ['results']],
    ['/admin', () => <AdminLoginPage page={page} />, ['admin-login']],
    ['/admin/dashboard', () => <DashboardPage page={page} />, ['dashboard']],
    ['/statistics (no islands: no React)', () => <StatisticsPage page={page} stats={null} />, []],
    ['404 (no islands)', () => <NotFoundPage page={page} />, []],
  ])('%s', (_, element, islands) => {
    const rendered = renderPage(element());
    expect(rendered.islands).toEqual(islands);
    for (const name of islands) {
      expect(rendered.html).toContain(`<div data-island="${name}">`);
      expect(rendered.html).toContain(`<script type="application/json" data-island-props="${name}">`);
    }
  });

  test('a name the registry does not have is a type error (and fails the render)', () => {
    // @ts-expect-error 'quizz' is no island
    expect(() => renderPage(<Island name="quizz" props={{}} />)).toThrow();
  });

  test('an island embeds its props as JSON', () => {
    const { html } = renderPage(<ResultsPage page={page} />);
    const json = html.match(/data-island-props="results">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual({ page, shareImages: [] });
  });
});
