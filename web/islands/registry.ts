import type { ComponentProps, ComponentType } from 'react';
import { AdminLoginIsland } from './admin-login/AdminLoginIsland';
import { DailyIsland } from './daily/DailyIsland';
import { DashboardIsland } from './dashboard/DashboardIsland';
import { HostIsland } from './party/HostIsland';
import { PlayerIsland } from './party/PlayerIsland';
import { QuizIsland } from './quiz/QuizIsland';
import { ResultsIsland } from './results/ResultsIsland';

/**
 * Every island, named once (docs/decisions/008-pages-and-islands.md). The key is the name a page
 * renders it by (`<Island name="quiz" …>`, a type error for a name missing here) and the client
 * entry's name in the manifest; build.ts generates that entry from `module`, which must export
 * `component` or the build fails. The document loads the entries of the islands a page rendered.
 *
 * Server and build only: a browser bundle that imported this would carry every island.
 */
export const islands = {
  quiz: { module: 'web/islands/quiz/QuizIsland.tsx', component: QuizIsland },
  results: { module: 'web/islands/results/ResultsIsland.tsx', component: ResultsIsland },
  'admin-login': { module: 'web/islands/admin-login/AdminLoginIsland.tsx', component: AdminLoginIsland },
  dashboard: { module: 'web/islands/dashboard/DashboardIsland.tsx', component: DashboardIsland },
  daily: { module: 'web/islands/daily/DailyIsland.tsx', component: DailyIsland },
  'party-host': { module: 'web/islands/party/HostIsland.tsx', component: HostIsland },
  'party-player': { module: 'web/islands/party/PlayerIsland.tsx', component: PlayerIsland },
  // biome-ignore lint/suspicious/noExplicitAny: any island component; each keeps its own props type
} satisfies Record<string, { module: string; component: ComponentType<any> }>;

export type IslandName = keyof typeof islands;
/** The props a page gives an island (serialisable: they travel as JSON). */
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]['component']> & object;

/** The one script every page loads, island or not: the creator link and 'Nastavi kviz' (no React). */
export const pageScript = { name: 'page', module: 'web/scripts/page.ts' } as const;
