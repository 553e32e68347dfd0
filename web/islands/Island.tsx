import { type ComponentType, createContext, useContext } from 'react';
import { type IslandName, type IslandProps, islands } from './registry';
import { serializeProps } from './serialize-props';

/** Collects the names of the islands a page renders (web/islands/render-page.ts). */
export const RenderedIslands = createContext<Set<IslandName> | null>(null);

/**
 * Server side of an island: the registered component rendered on the server plus its props
 * as a JSON data block (not executed, so allowed by the Content-Security-Policy). The
 * island's generated client entry hydrates it with the same props (web/islands/hydrate.tsx),
 * so server and client markup agree by construction.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  // Recording during render is safe: a page is rendered once, by renderToString, never re-rendered.
  useContext(RenderedIslands)?.add(name);
  // TypeScript cannot narrow the registry's union of components by N; the signature checked the props.
  const Component = islands[name].component as ComponentType<IslandProps<N>>;
  return (
    <>
      <div data-island={name}>
        <Component {...props} />
      </div>
      <script
        type="application/json"
        data-island-props={name}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a JSON data block, escaped by serializeProps
        dangerouslySetInnerHTML={{ __html: serializeProps(props) }}
      />
    </>
  );
}
