import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Client side of an island: hydrates `[data-island=name]` with the props the server embedded. */
export function hydrateIsland<P extends object>(name: string, Component: ComponentType<P>): void {
  const root = document.querySelector(`[data-island="${name}"]`);
  const propsScript = document.querySelector(`script[data-island-props="${name}"]`);
  if (!root || !propsScript) return;
  const props = JSON.parse(propsScript.textContent ?? '{}') as P;
  hydrateRoot(root, <Component {...props} />);
}
