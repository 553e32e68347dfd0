import type { Creator } from '../../../src/shared/contracts/pages';

/** The creator credit: on phones web/scripts/creator-link.ts tries the native app first (data-app-url). */
export function CreatorLink({ creator }: { creator: Creator }) {
  return (
    <a
      href={creator.url}
      data-app-url={creator.appUrl}
      data-creator-link=""
      target="_blank"
      rel="noopener noreferrer"
    >
      {creator.name}
    </a>
  );
}
