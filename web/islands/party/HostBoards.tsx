import type { RankedPlayer } from '../../../src/shared/contracts/party';
import { formatCount } from '../../lib/format';
import type { PartyView } from '../../lib/party-view';
import { playersCount, pointsCount, rankChange } from '../../lib/party-words';
import { NoLinePlayed } from './NoLinePlayed';
import * as styles from './Party.css';

function BoardRow({ row, showChange }: { row: RankedPlayer; showChange: boolean }) {
  const change = rankChange(row.change);
  return (
    <li className={styles.boardRow}>
      <span>{row.rank}.</span>
      <span className={styles.boardName} title={row.nickname}>
        {row.nickname}
      </span>
      <span className={styles.boardPoints}>{formatCount(row.points)}</span>
      {showChange ? (
        <span className={styles.change[change.kind]}>
          <span aria-hidden>{change.text}</span>
          <span className={styles.srOnly}>{change.label}</span>
        </span>
      ) : (
        <span />
      )}
    </li>
  );
}

/** The top 5 between lines, with how each moved. */
export function HostScoreboard({ view }: { view: PartyView }) {
  const board = view.scoreboard;
  if (!board) return null;
  return (
    <section className={styles.screen} aria-labelledby="board-title">
      <div className={styles.bar}>
        <h1 id="board-title" className={styles.title}>
          Poredak nakon {board.index + 1}. stiha
        </h1>
        <span>{playersCount(board.players)}</span>
      </div>
      <ol className={styles.board}>
        {board.top.map((row) => (
          <BoardRow key={`${row.rank}-${row.nickname}`} row={row} showChange />
        ))}
      </ol>
    </section>
  );
}

/** The end: a podium of three and everyone's place below it. */
export function HostPodium({ view }: { view: PartyView }) {
  const podium = view.podium;
  if (!podium) return null;
  if (podium.lines === 0) return <NoLinePlayed />;
  // Second, first, third: the usual podium from left to right.
  const order = [podium.top[1], podium.top[0], podium.top[2]];
  return (
    <section className={styles.screen} aria-labelledby="podium-title">
      <h1 id="podium-title" className={styles.title}>
        Pobjednici
      </h1>
      <div className={styles.podium} data-podium>
        {order.map((row, i) => {
          const height = ([2, 1, 3] as const)[i]!;
          return (
            <div key={height} className={styles.step}>
              {row && (
                <>
                  <span className={styles.podiumName} title={row.nickname}>
                    {row.nickname}
                  </span>
                  <span>{pointsCount(row.points)}</span>
                </>
              )}
              <span className={`${styles.stepBlock} ${styles.stepHeight[height]}`}>
                {row && `${row.rank}.`}
              </span>
            </div>
          );
        })}
      </div>
      {view.ranking && (
        <section aria-labelledby="ranking-title" className={styles.stack}>
          <h2 id="ranking-title" className={styles.codeLabel}>
            Konačni poredak · {playersCount(podium.players)}
          </h2>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard (axe scrollable-region-focusable) */}
          <div className={styles.ranking} tabIndex={0}>
            <ol className={styles.board}>
              {view.ranking.map((row) => (
                <BoardRow key={`${row.rank}-${row.nickname}`} row={row} showChange={false} />
              ))}
            </ol>
          </div>
        </section>
      )}
    </section>
  );
}
