import type { LandingData, PageProps } from '../../src/shared/contracts/pages';
import { PLAY_LENGTH } from '../../src/shared/rules';
import { ButtonLink } from '../components/Button/Button';
import { Card } from '../components/Card/Card';
import { Layout } from '../components/Layout/Layout';
import { formatCount } from '../lib/format';
import * as styles from './pages.css';

const plural = (n: number, one: string, few: string, many: string) => {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
};

/** `/`: rendered on the server with live counts; no React in the browser. */
export function LandingPage({ page, data }: { page: PageProps; data: LandingData }) {
  return (
    <Layout page={page} header={false}>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title" className={styles.heroTitle}>
          {page.title}
        </h1>
        <p className={styles.tagline}>
          Prepoznaj pjesmu po jednom stihu. Trideset stihova, pet ponuđenih pjesama, jedna ocjena.
        </p>
        <div className={styles.actions}>
          <ButtonLink href="/quiz">Započni kviz</ButtonLink>
          <ButtonLink href="/statistics" variant="secondary">
            Statistika za sve igrače
          </ButtonLink>
        </div>
        {data.plays > 0 && (
          <p className={styles.muted} data-plays="">
            Dosad odigrano {formatCount(data.plays)} {plural(data.plays, 'kviz', 'kviza', 'kvizova')}.
          </p>
        )}
      </section>

      <section aria-labelledby="how-title">
        <h2 id="how-title" className={styles.sectionTitle}>
          Kako igrati
        </h2>
        <div className={styles.cards}>
          <Card>
            <h3 className={styles.infoTitle}>Skoro 2000 stihova</h3>
            <p data-counts="">
              {formatCount(data.lines)} stihova iz {formatCount(data.songs)} pjesama sa svih {data.albums}{' '}
              albuma, od {data.firstYear}. do {data.lastYear}.
            </p>
          </Card>
          <Card>
            <h3 className={styles.infoTitle}>Prepoznaj pjesmu</h3>
            <p>Za svaki stih odaberi pravu pjesmu između pet ponuđenih. Odgovor se ne može promijeniti.</p>
          </Card>
          <Card>
            <h3 className={styles.infoTitle}>Ocjena znanja</h3>
            <p>
              Na kraju dobivaš bodove od {PLAY_LENGTH}, ocjenu od Nedovoljno do Odlično i svoje mjesto među
              svim igračima.
            </p>
          </Card>
          <Card>
            <h3 className={styles.infoTitle}>Beskonačna zabava</h3>
            <p>Svaka igra donosi {PLAY_LENGTH} novih, nasumično odabranih stihova. Igraj koliko god želiš.</p>
          </Card>
        </div>
      </section>

      <div className={styles.actions}>
        <ButtonLink href="/quiz">Započni kviz</ButtonLink>
      </div>
    </Layout>
  );
}
