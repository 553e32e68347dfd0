import { ButtonLink } from '../../components/Button/Button';
import { hostAwayText, playersCount } from '../../lib/party-words';
import * as styles from './Party.css';
import { PlayerJoin } from './PlayerJoin';
import { PlayerFinal, PlayerLine, PlayerResult } from './PlayerScreens';
import { useParty } from './use-party';

/**
 * `/uzivo/pridruzi`: a player's phone. Joins with the room code and a nickname, then answers each
 * line; a reload or a lost connection rejoins with the player token (points kept).
 */
export function PlayerIsland({ artist, siteUrl }: { artist: string; siteUrl: string }) {
  const { view, online, seated, send, leave } = useParty('player');
  const phase = view.phase;
  // The lobby greets the player by name and names the room; the line under the screen repeats
  // both once the game is on, and says so whenever the socket is down.
  const playing = phase !== 'entry' && phase !== 'closed';
  const status = [
    ...(playing && phase !== 'lobby' ? [view.nickname, `soba ${view.code}`] : []),
    playing && !online && 'Veza je prekinuta, povezujem ponovno…',
  ].filter((part): part is string => Boolean(part));
  // Said at the top while the game waits on the host (the room stays open: it closes only when idle).
  const hostAway = view.hostAway && playing && phase !== 'podium';
  return (
    <div className={styles.phoneScreen} data-phase={phase}>
      {hostAway && (
        <p className={styles.notice} role="status" data-host-away>
          {hostAwayText(view.settings, view)}
        </p>
      )}
      {phase === 'entry' &&
        (seated && !view.notice ? (
          <p className={styles.waiting}>Povezivanje sa sobom…</p>
        ) : (
          <PlayerJoin
            notice={view.notice}
            onJoin={(code, nickname) => send({ type: 'join', code, nickname })}
          />
        ))}
      {phase === 'lobby' && (
        <section className={styles.phoneScreen} aria-labelledby="phone-lobby">
          <h1 id="phone-lobby" className={styles.title}>
            Bok, {view.nickname}!
          </h1>
          <p className={styles.lead}>Sad si u sobi {view.code}. Igra počinje kad je voditelj pokrene.</p>
          <p className={styles.waiting}>Čekamo početak… ({playersCount(view.count)})</p>
        </section>
      )}
      {phase === 'line' && (
        <PlayerLine
          view={view}
          onAnswer={(option) => send({ type: 'answer', line: view.line!.index, option })}
        />
      )}
      {(phase === 'reveal' || phase === 'scoreboard') && <PlayerResult view={view} />}
      {phase === 'podium' && <PlayerFinal view={view} artist={artist} siteUrl={siteUrl} />}
      {phase === 'closed' && (
        <div className={styles.stack}>
          <p className={styles.notice} role="alert">
            {view.closedMessage}
          </p>
          <ButtonLink href="/uzivo/pridruzi" onClick={leave}>
            Pridruži se drugoj igri
          </ButtonLink>
        </div>
      )}
      {phase !== 'entry' && view.notice && (
        <p className={styles.notice} role="alert">
          {view.notice}
        </p>
      )}
      {status.length > 0 && <p className={styles.status}>{status.join(' · ')}</p>}
    </div>
  );
}
