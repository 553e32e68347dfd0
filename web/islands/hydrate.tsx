import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName, IslandProps } from './registry';

/**
 * Client side of an island: hydrates `[data-island=name]` with the props the server embedded.
 * Called by the entries build.ts generates from web/islands/registry.ts, one per island.
 */
export function hydrateIsland<N extends IslandName>(name: N, Component: ComponentType<IslandProps<N>>): void {
  const root = document.querySelector(`[data-island="${name}"]`);
  const propsScript = document.querySelector(`script[data-island-props="${name}"]`);
  if (!root || !propsScript) return;
  const props = JSON.parse(propsScript.textContent ?? '{}') as IslandProps<N>;
  hydrateRoot(root, <Component {...props} />);
}
