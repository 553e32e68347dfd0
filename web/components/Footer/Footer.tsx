import type { Creator } from '../../../src/shared/contracts/pages';
import { CreatorLink } from '../CreatorLink/CreatorLink';
import type { PageWidth } from '../Layout/Layout.css';
import * as styles from './Footer.css';

const COPYRIGHT_YEAR = 2025;

export function Footer({ creator, width = 'normal' }: { creator: Creator; width?: PageWidth }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner[width]}>
        <p>© {COPYRIGHT_YEAR}</p>
        <p className={styles.links}>
          <a href="/statistics">Statistika</a>
          {/* The live game for a room has no other way in than its address. */}
          <a href="/uzivo">Kviz uživo</a>
          <span>
            Autor: <CreatorLink creator={creator} />
          </span>
        </p>
      </div>
    </footer>
  );
}
