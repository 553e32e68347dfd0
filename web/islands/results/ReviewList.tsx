import { Card } from '../../components/Card/Card';
import { formatPercent } from '../../lib/format';
import { countOf, type PluralForms } from '../../lib/plural';
import type { ReviewItem } from '../../lib/review';
import * as styles from './ResultsIsland.css';

const MISSED: PluralForms = ['promašen stih', 'promašena stiha', 'promašenih stihova'];

/**
 * "Pregled odgovora": the play's lines, missed first, each with the pick, the right song, its
 * album and year, and how all players did (once the server recorded this play).
 */
export function ReviewList({ items, shares }: { items: ReviewItem[]; shares: 'loading' | 'shown' | 'none' }) {
  const missed = items.filter((i) => !i.isCorrect).length;
  return (
    <Card aria-labelledby="review-title" id="pregled">
      <h2 id="review-title" className={styles.sectionTitle}>
        Pregled odgovora
      </h2>
      <p className={styles.note}>
        {missed === 0
          ? 'Nijedan promašaj – svi stihovi su pogođeni.'
          : `${countOf(missed, MISSED)} od ${items.length}; ${missed === 1 ? 'promašaj je naveden prvi' : 'promašaji su navedeni prvi'}.`}
        {shares === 'loading' && ' Učitavamo kako su odgovarali ostali igrači…'}
      </p>
      <ol className={styles.review} data-review="">
        {items.map((item) => (
          <li
            key={item.questionId}
            className={item.isCorrect ? styles.reviewItem.right : styles.reviewItem.wrong}
            data-review-line={item.lyricId}
            data-correct={item.isCorrect ? 'true' : 'false'}
          >
            <p className={styles.reviewLyric}>
              <span className="visually-hidden">{item.isCorrect ? 'Pogođeno: ' : 'Promašeno: '}</span>„
              {item.lyric}“
            </p>
            {item.isCorrect ? (
              <p>
                <span className={styles.mark.right} aria-hidden="true">
                  ✓
                </span>{' '}
                {item.correct}
              </p>
            ) : (
              <>
                <p>
                  <span className={styles.mark.wrong} aria-hidden="true">
                    ✗
                  </span>{' '}
                  Vaš odgovor: {item.picked || '—'}
                </p>
                <p>
                  <span className={styles.mark.right} aria-hidden="true">
                    ✓
                  </span>{' '}
                  Točno: <strong>{item.correct}</strong>
                </p>
              </>
            )}
            <p className={styles.reviewMeta}>
              Album: {item.albumTitle}, {item.albumYear}.
              {item.share !== undefined && (
                <span data-line-share={formatPercent(item.share)}>
                  {' · '}Točno odgovorilo {formatPercent(item.share)} igrača
                </span>
              )}
            </p>
            {item.confusedWith && (
              <p className={styles.reviewMeta} data-confused-with="">
                Najčešći pogrešan odgovor igrača: „{item.confusedWith}“
              </p>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
