import type { ComponentType } from 'react';

/** JSON inside <script> must not be able to close the tag or open a comment. */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Server side of an island: the component rendered on the server plus its props
 * as a JSON data block (not executed, so allowed by the Content-Security-Policy).
 * The island's entry (`<name>.entry.tsx`) hydrates it with the same props
 * (web/islands/hydrate.tsx), so server and client markup agree by construction.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
}) {
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
