import { PARTY_JOIN_PATH } from '../../../src/shared/contracts/party';
import { Button } from '../../components/Button/Button';
import { joinUrl, type PartyView, spacedCode } from '../../lib/party-view';
import { playersCount, settingsSummary } from '../../lib/party-words';
import * as styles from './Party.css';
import { QrCode } from './QrCode';

/** The room open for joining: its code, the join link and its QR code, the players so far. */
export function HostLobby({
  view,
  origin,
  onStart,
  onRemove,
}: {
  view: PartyView;
  origin: string;
  onStart: () => void;
  onRemove: (id: number, nickname: string) => void;
}) {
  const code = view.code ?? '';
  const link = joinUrl(origin, code);
  const query = link.indexOf('?');
  return (
    <section className={styles.screen} aria-labelledby="lobby-title">
      <div className={styles.lobbyGrid}>
        <div className={styles.stack}>
          <h1 id="lobby-title" className={styles.codeLabel}>
            Pridruži se na{' '}
            <strong>
              {origin.replace(/^https?:\/\//, '')}
              <wbr />
              {PARTY_JOIN_PATH}
            </strong>{' '}
            s kodom
          </h1>
          <p className={styles.code} data-room-code={code}>
            {spacedCode(code)}
          </p>
          <p className={styles.joinLink} data-join-link>
            {link.slice(0, query)}
            <wbr />
            <span className={styles.nowrap}>{link.slice(query)}</span>
          </p>
          {view.settings && (
            <p className={styles.lead} data-settings>
              {settingsSummary(view.settings)}
            </p>
          )}
        </div>
        {code && (
          <QrCode className={styles.qr} text={link} label={`QR kod poveznice za pridruživanje: ${link}`} />
        )}
      </div>
      <div className={styles.bar}>
        <p className={styles.count} aria-live="polite" data-player-count={view.count}>
          {view.count === 0 ? 'Čekamo igrače…' : playersCount(view.count)}
        </p>
        <Button onClick={onStart} disabled={view.count === 0}>
          Pokreni igru
        </Button>
      </div>
      {view.players.length > 0 && (
        <ul className={styles.names} aria-label="Igrači u sobi">
          {view.players.map((p) => (
            <li key={p.id} className={styles.name}>
              <span className={styles.nameText} title={p.nickname}>
                {p.nickname}
              </span>
              <button
                type="button"
                className={styles.removeButton}
                aria-label={`Ukloni igrača ${p.nickname}`}
                onClick={() => onRemove(p.id, p.nickname)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
