import type { Creator } from '../../lib/page-props';
import * as styles from './Footer.css';

export const COPYRIGHT_YEAR = 2025;

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

export function Footer({ creator }: { creator: Creator }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>© {COPYRIGHT_YEAR}</p>
        <p className={styles.links}>
          <a href="/statistics">Statistika</a>
          <span>
            Autor: <CreatorLink creator={creator} />
          </span>
        </p>
      </div>
    </footer>
  );
}
