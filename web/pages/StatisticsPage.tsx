import type { DailySummary } from '../../src/shared/contracts/daily';
import type { PageProps, PublicStatistics } from '../../src/shared/contracts/pages';
import { PLAY_LENGTH } from '../../src/shared/rules';
import { ButtonLink } from '../components/Button/Button';
import { Layout } from '../components/Layout/Layout';
import { Notice } from '../components/Notice/Notice';
import { StatsCards } from '../components/StatsCards/StatsCards';
import * as cards from '../components/StatsCards/StatsCards.css';
import { TopListPair } from '../components/Tables/TopListPair';
import { albumTopColumns, lyricTopColumns, songTopColumns } from '../components/Tables/top-columns';
import { formatCount, formatDecimal, formatPercent } from '../lib/format';
import { PUBLIC_MIN_OCCURRENCES } from '../lib/stats';
import * as styles from './statistics.css';

/** The destructive notice when the statistics cannot be read (docs/product.md#public-statistics). */
function StatisticsError() {
  return (
    <Notice title="Greška pri dohvaćanju statistike">
      Dogodila se greška prilikom dohvaćanja podataka statistike.
    </Notice>
  );
}

function TopLists({ stats }: { stats: PublicStatistics }) {
  const min = PUBLIC_MIN_OCCURRENCES;
  return (
    <div className={styles.tables}>
      <TopListPair
        items={stats.lyrics}
        minOccurrences={min}
        columns={lyricTopColumns}
        rowKey={(l) => l.lyricId}
        captions={['Najlakši stihovi', 'Najteži stihovi']}
        colourBy="list"
      />
      <TopListPair
        items={stats.songs}
        minOccurrences={min}
        columns={songTopColumns}
        rowKey={(s) => s.songId}
        captions={['Najlakše pjesme', 'Najteže pjesme']}
        colourBy="list"
      />
      <TopListPair
        items={stats.albums}
        minOccurrences={min}
        columns={albumTopColumns}
        rowKey={(a) => a.albumId}
        captions={['Najlakši albumi', 'Najteži albumi']}
        colourBy="list"
      />
    </div>
  );
}

/** Today's daily challenge: its ranked plays and mean score, and yesterday's hardest line. */
function DailyFigures({ daily }: { daily: DailySummary }) {
  const hardest = daily.yesterdayHardestLine;
  return (
    <section aria-labelledby="daily-stats-title" className={styles.daily} data-daily-stats="">
      <h2 id="daily-stats-title" className={styles.dailyTitle}>
        Dnevni izazov #{daily.number}
      </h2>
      <dl className={cards.grid}>
        <div className={cards.card}>
          <dt className={cards.label}>Rangirane igre danas</dt>
          <dd className={cards.value} data-stat="dailyRankedPlays">
            {formatCount(daily.rankedPlays)}
          </dd>
        </div>
        <div className={cards.card}>
          <dt className={cards.label}>Prosječni rezultat danas</dt>
          <dd className={cards.value} data-stat="dailyAverageScore">
            {daily.rankedPlays === 0 ? '—' : `${formatDecimal(daily.averageScore)} / ${PLAY_LENGTH}`}
          </dd>
        </div>
      </dl>
      <p className={styles.small} data-daily-hardest="">
        {hardest ? (
          <>
            Najteži stih jučerašnjeg izazova: „{hardest.text}“ — točno ga je prepoznalo{' '}
            {formatPercent((hardest.correctAnswers / hardest.occurrences) * 100)} igrača (
            {formatCount(hardest.correctAnswers)} od {formatCount(hardest.occurrences)}).
          </>
        ) : daily.number === 1 ? (
          'Ovo je prvi dnevni izazov.'
        ) : (
          'Jučerašnji izazov nitko nije igrao.'
        )}{' '}
        <a href="/dnevni-izazov">Igrajte današnji izazov</a>
      </p>
    </section>
  );
}

/** `/statistics`: rendered on the server with its data; no JavaScript needed. */
export function StatisticsPage({ page, stats }: { page: PageProps; stats: PublicStatistics | null }) {
  return (
    <Layout page={page}>
      <section className={styles.head} aria-labelledby="statistics-title">
        <h1 id="statistics-title" className={styles.title}>
          Statistika kviza
        </h1>
        <p className={styles.intro}>
          Rezultati svih igrača zajedno: koliko se igra, koliko se pogađa te koji su stihovi, pjesme i albumi
          najlakši, a koji najteži.
        </p>
        <ButtonLink href="/" variant="secondary">
          Povratak na početnu stranicu
        </ButtonLink>
      </section>
      {stats === null ? (
        <StatisticsError />
      ) : (
        <>
          <StatsCards overview={stats.overview} />
          {stats.daily && <DailyFigures daily={stats.daily} />}
          <section>
            <div className={styles.tabList} role="tablist" aria-label="Statistika">
              <span
                className={styles.tab}
                role="tab"
                id="tab-top"
                aria-selected="true"
                aria-controls="panel-top"
                tabIndex={0}
              >
                Top liste
              </span>
            </div>
            <div id="panel-top" role="tabpanel" aria-labelledby="tab-top">
              <TopLists stats={stats} />
              <p className={styles.small}>
                U top liste ulaze stihovi, pjesme i albumi koji su se u kvizu pojavili barem{' '}
                {PUBLIC_MIN_OCCURRENCES} puta.
              </p>
            </div>
          </section>
        </>
      )}
    </Layout>
  );
}
