import { useEffect, useState } from 'react';
import { NICKNAME_MAX_LENGTH } from '../../../src/shared/contracts/party';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import * as inputStyles from '../../components/Input/Input.css';
import * as styles from './Party.css';

/** The code (from the QR code's link, or typed) and a nickname. */
export function PlayerJoin({
  notice,
  onJoin,
}: {
  notice?: string;
  onJoin: (code: string, nickname: string) => void;
}) {
  const [code, setCode] = useState('');
  const [nickname, setNickname] = useState('');
  useEffect(() => {
    const fromLink = new URLSearchParams(location.search).get('kod');
    if (fromLink) setCode(fromLink);
  }, []);
  return (
    <Card aria-labelledby="join-title">
      <form
        className={styles.stack}
        onSubmit={(event) => {
          event.preventDefault();
          onJoin(code, nickname);
        }}
      >
        <h1 id="join-title" className={styles.title}>
          Pridruži se igri
        </h1>
        <label className={styles.label}>
          Kod sobe
          <input
            className={inputStyles.input}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={16}
          />
        </label>
        <label className={styles.label}>
          Nadimak
          <input
            className={inputStyles.input}
            name="nickname"
            value={nickname}
            onChange={(e) => setNickname(e.target.value)}
            autoComplete="nickname"
            required
            maxLength={NICKNAME_MAX_LENGTH + 8}
          />
        </label>
        {notice && (
          <p className={styles.notice} role="alert">
            {notice}
          </p>
        )}
        <Button type="submit">Uđi u sobu</Button>
      </form>
    </Card>
  );
}
