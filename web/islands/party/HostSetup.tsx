import { useState } from 'react';
import {
  PARTY_AUTO_NEXT,
  PARTY_LINE_COUNTS,
  PARTY_SECONDS,
  type PartySettings,
} from '../../../src/shared/contracts/party';
import { DIFFICULTY_CHOICES, DIFFICULTY_LABELS } from '../../../src/shared/difficulty';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { withUnit } from '../../lib/party-words';
import * as styles from './Party.css';

function Choices<V extends string | number>({
  legend,
  name,
  values,
  value,
  label,
  onChange,
}: {
  legend: string;
  name: string;
  values: readonly V[];
  value: V;
  label: (v: V) => string;
  onChange: (v: V) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {values.map((v) => (
        <label key={v} className={styles.choice}>
          <input type="radio" name={name} checked={v === value} onChange={() => onChange(v)} />
          {label(v)}
        </label>
      ))}
    </fieldset>
  );
}

/** The host's choice of a game before the room opens. */
export function HostSetup({
  onCreate,
  busy,
}: {
  onCreate: (settings: PartySettings) => void;
  busy: boolean;
}) {
  const [settings, setSettings] = useState<PartySettings>({
    lines: 10,
    seconds: 20,
    difficulty: 'normal',
    autoNext: 0,
  });
  const set =
    <K extends keyof PartySettings>(key: K) =>
    (value: PartySettings[K]) =>
      setSettings((s) => ({ ...s, [key]: value }));
  return (
    <Card aria-labelledby="setup-title">
      <form
        className={styles.stack}
        onSubmit={(event) => {
          event.preventDefault();
          onCreate(settings);
        }}
      >
        <h1 id="setup-title" className={styles.title}>
          Kviz uživo
        </h1>
        <p className={styles.lead}>
          Igra za cijelu prostoriju: stihovi na velikom ekranu, odgovori na mobitelima. Odaberi igru i otvori
          sobu.
        </p>
        <Choices
          legend="Broj stihova"
          name="lines"
          values={PARTY_LINE_COUNTS}
          value={settings.lines}
          label={(v) => String(v)}
          onChange={set('lines')}
        />
        <Choices
          legend="Sekundi po stihu"
          name="seconds"
          values={PARTY_SECONDS}
          value={settings.seconds}
          label={(v) => withUnit(v, 's')}
          onChange={set('seconds')}
        />
        <Choices
          legend="Težina"
          name="difficulty"
          values={DIFFICULTY_CHOICES}
          value={settings.difficulty}
          label={(v) => DIFFICULTY_LABELS[v]}
          onChange={set('difficulty')}
        />
        <Choices
          legend="Sljedeći korak"
          name="autoNext"
          values={PARTY_AUTO_NEXT}
          value={settings.autoNext}
          label={(v) => (v === 0 ? 'Ručno' : `Automatski nakon ${withUnit(v, 's')}`)}
          onChange={set('autoNext')}
        />
        <div>
          <Button type="submit" disabled={busy}>
            Otvori sobu
          </Button>
        </div>
      </form>
    </Card>
  );
}
