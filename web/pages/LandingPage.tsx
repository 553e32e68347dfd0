import type { LandingData, PageProps } from '../../src/shared/contracts/pages';
import { DEFAULT_DIFFICULTY } from '../../src/shared/difficulty';
import { ratingFor } from '../../src/shared/rating';
import { PLAY_LENGTH } from '../../src/shared/rules';
import { ButtonLink } from '../components/Button/Button';
import { Card } from '../components/Card/Card';
import { DifficultyChoice } from '../components/DifficultyChoice/DifficultyChoice';
import { Layout } from '../components/Layout/Layout';
import { newPlayHref } from '../lib/difficulty';
import { countOf, fromAllAlbums, LINES, linesHeading, playedSoFar, SONGS_GENITIVE } from '../lib/plural';
import * as styles from './pages.css';

/**
 * 'Započni kviz' always starts a new play; a play in progress is taken up by 'Nastavi kviz'.
 * The difficulty choice changes the address (web/scripts/difficulty-choice.ts); normal is preselected.
 */
const NEW_PLAY_HREF = newPlayHref(DEFAULT_DIFFICULTY);

/**
 * `/`: rendered on the server with live counts; no React in the browser. `sharedScore` is the
 * score of a shared result link (`/?r=25`). 'Nastavi kviz' is shown by web/scripts/resume-link.ts
 * when the browser holds a play in progress.
 */
export function LandingPage({
  page,
  data,
  sharedScore,
  tokenTtlSeconds,
}: {
  page: PageProps;
  data: LandingData;
  sharedScore?: number;
  /** QUIZ_TOKEN_TTL_SECONDS: an older play in progress is not offered to be continued. */
  tokenTtlSeconds?: number;
}) {
  return (
    <Layout page={page} header={false}>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title" className={styles.heroTitle}>
          {page.title}
        </h1>
        <p className={styles.tagline}>
          Prepoznajte pjesmu po jednom stihu. Trideset stihova, pet ponuđenih pjesama, jedna ocjena.
        </p>
        {sharedScore !== undefined && (
          <p className={styles.shared} data-shared-score={sharedScore}>
            Netko vam je poslao svoj rezultat: {sharedScore}/{PLAY_LENGTH} ({ratingFor(sharedScore).label}).
            Možete li bolje?
          </p>
        )}
        <DifficultyChoice value={DEFAULT_DIFFICULTY} />
        <div className={styles.actions}>
          <ButtonLink href="/quiz" hidden data-resume-link="" data-token-ttl={tokenTtlSeconds}>
            Nastavi kviz
          </ButtonLink>
          <ButtonLink href={NEW_PLAY_HREF} data-new-play="">
            Započni kviz
          </ButtonLink>
          <ButtonLink href="/dnevni-izazov" variant="secondary" data-daily-link="">
            Dnevni izazov
          </ButtonLink>
          <ButtonLink href="/statistics" variant="secondary">
            Statistika za sve igrače
          </ButtonLink>
        </div>
        {data.plays > 0 && (
          <p className={styles.muted} data-plays="">
            {playedSoFar(data.plays)}.
          </p>
        )}
      </section>

      <section aria-labelledby="how-title">
        <h2 id="how-title" className={styles.sectionTitle}>
          Kako igrati
        </h2>
        <div className={styles.cards}>
          <Card>
            <h3 className={styles.infoTitle}>{linesHeading(data.lines)}</h3>
            <p data-counts="">
              {countOf(data.lines, LINES)} iz {countOf(data.songs, SONGS_GENITIVE)}{' '}
              {fromAllAlbums(data.albums)}, od {data.firstYear}. do {data.lastYear}.
            </p>
          </Card>
          <Card>
            <h3 className={styles.infoTitle}>Prepoznaj pjesmu</h3>
            <p>Za svaki stih odaberite pravu pjesmu među pet ponuđenih. Odgovor se ne može promijeniti.</p>
          </Card>
          <Card>
            <h3 className={styles.infoTitle}>Ocjena znanja</h3>
            <p>
              Na kraju dobivate bodove od {PLAY_LENGTH}, ocjenu od Nedovoljno do Odlično i svoje mjesto među
              svim igračima.
            </p>
          </Card>
          <Card>
            <h3 className={styles.infoTitle}>Beskonačna zabava</h3>
            <p>
              Svaka igra donosi {PLAY_LENGTH} novih, nasumično odabranih stihova. Igrajte koliko god želite.
            </p>
          </Card>
        </div>
      </section>

      <div className={styles.actions}>
        <ButtonLink href={NEW_PLAY_HREF} data-new-play="">
          Započni kviz
        </ButtonLink>
      </div>
    </Layout>
  );
}
