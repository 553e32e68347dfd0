import { useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { settingsSummary } from '../../lib/party-words';
import { HostPodium, HostScoreboard } from './HostBoards';
import { HostLine } from './HostLine';
import { HostLobby } from './HostLobby';
import { HostSetup } from './HostSetup';
import * as styles from './Party.css';
import { useParty } from './use-party';

/**
 * `/uzivo`: the host's screen (a projector or a TV). Chooses the game, opens the room, shows the
 * code and QR code, then every line, reveal and scoreboard; the controls sit under the screen.
 * A reload comes back to the same room (the host token in localStorage).
 */
export function HostIsland() {
  const { view, online, seated, send, leave } = useParty('host');
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(location.origin), []);
  /** A create is on its way: the setup's button waits for the room (a new game starts afresh). */
  const [creating, setCreating] = useState(false);
  const newGame = () => {
    setCreating(false);
    leave();
  };
  const phase = view.phase;
  const paused = view.paused;

  if (phase === 'entry')
    return seated && !view.notice ? (
      <p className={styles.waiting}>Povezivanje sa sobom…</p>
    ) : (
      <div className={styles.stack}>
        {view.notice && (
          <p className={styles.notice} role="alert">
            {view.notice}
          </p>
        )}
        <HostSetup
          busy={creating && !view.notice}
          onCreate={(settings) => {
            setCreating(true);
            send({ type: 'create', settings });
          }}
        />
      </div>
    );

  if (phase === 'closed')
    return (
      <div className={styles.stack}>
        <p className={styles.notice} role="alert">
          {view.closedMessage}
        </p>
        <div>
          <Button onClick={newGame}>Nova igra</Button>
        </div>
      </div>
    );

  // The lobby shows the code and the settings in large type; the line under the screen repeats
  // them once the game is on (for whoever comes in late), and says so whenever the socket is down.
  const status = [
    ...(phase === 'lobby'
      ? []
      : [view.code && `Soba ${view.code}`, view.settings && settingsSummary(view.settings)]),
    !online && 'Veza je prekinuta, povezujem ponovno…',
  ].filter((part): part is string => Boolean(part));

  return (
    <div className={styles.stack} data-phase={phase}>
      {phase === 'lobby' && (
        <HostLobby
          view={view}
          origin={origin}
          onStart={() => send({ type: 'start' })}
          onRemove={(playerId, nickname) => {
            if (confirm(`Ukloniti igrača ${nickname}?`)) send({ type: 'remove', playerId });
          }}
        />
      )}
      {(phase === 'line' || phase === 'reveal') && <HostLine view={view} />}
      {phase === 'scoreboard' && <HostScoreboard view={view} />}
      {phase === 'podium' && <HostPodium view={view} />}
      {view.notice && (
        <p className={styles.notice} role="alert">
          {view.notice}
        </p>
      )}
      <div className={styles.controls}>
        {(phase === 'reveal' || phase === 'scoreboard') && !paused && (
          <Button onClick={() => send({ type: 'next' })}>Dalje</Button>
        )}
        {phase === 'line' && (
          <Button variant="secondary" onClick={() => send({ type: 'skip' })}>
            Preskoči stih
          </Button>
        )}
        {phase !== 'lobby' && phase !== 'podium' && (
          <Button variant="secondary" onClick={() => send({ type: paused ? 'resume' : 'pause' })}>
            {paused ? 'Nastavi' : 'Pauza'}
          </Button>
        )}
        {phase !== 'podium' && phase !== 'lobby' && (
          <Button
            variant="secondary"
            onClick={() => {
              if (confirm('Završiti igru sada?')) send({ type: 'end' });
            }}
          >
            Završi igru
          </Button>
        )}
        {phase === 'podium' && <Button onClick={newGame}>Nova igra</Button>}
      </div>
      {status.length > 0 && <p className={styles.status}>{status.join(' · ')}</p>}
    </div>
  );
}
