import type { ReactNode } from 'react';
import type { PageProps } from '../../../src/shared/contracts/pages';
import { Footer } from '../Footer/Footer';
import * as styles from './Layout.css';

/** The frame of every page: skip link, header with the product title, main, footer. */
export function Layout({
  page,
  children,
  header = true,
  width = 'normal',
}: {
  page: PageProps;
  children: ReactNode;
  header?: boolean;
  /** 'wide' for pages of tables and charts (the dashboard): up to 1400 px instead of 960 px. */
  width?: styles.PageWidth;
}) {
  return (
    <>
      <a className={styles.skip} href="#main">
        Preskoči na sadržaj
      </a>
      {header && (
        <header className={styles.header}>
          <div className={styles.headerInner[width]}>
            <a className={styles.brand} href="/">
              {page.title}
            </a>
          </div>
        </header>
      )}
      <main id="main" className={styles.main[width]}>
        {children}
      </main>
      <Footer creator={page.creator} width={width} />
    </>
  );
}
