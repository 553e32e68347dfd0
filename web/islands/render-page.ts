import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RenderedIslands } from './Island';
import type { IslandName } from './registry';

/**
 * Renders a page and reports the islands it rendered, so its document loads exactly their
 * client entries: a page without islands ships no React, and no route lists entries by hand.
 */
export function renderPage(page: ReactElement): { html: string; islands: IslandName[] } {
  const rendered = new Set<IslandName>();
  const html = renderToString(createElement(RenderedIslands.Provider, { value: rendered }, page));
  return { html, islands: [...rendered] };
}
