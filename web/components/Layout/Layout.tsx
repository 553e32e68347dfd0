import type { ReactNode } from 'react';
import type { PageProps } from '../../../src/shared/contracts/pages';
import { Footer } from '../Footer/Footer';
import * as styles from './Layout.css';

/** The frame of every page: skip link, header with the product title, main, footer. */
export function Layout({
  page,
  children,
  header = true,
}: {
  page: PageProps;
  children: ReactNode;
  header?: boolean;
}) {
  return (
    <>
      <a className={styles.skip} href="#main">
        Preskoči na sadržaj
      </a>
      {header && (
        <header className={styles.header}>
          <div className={styles.headerInner}>
            <a className={styles.brand} href="/">
              {page.title}
            </a>
          </div>
        </header>
      )}
      <main id="main" className={styles.main}>
        {children}
      </main>
      <Footer creator={page.creator} />
    </>
  );
}
