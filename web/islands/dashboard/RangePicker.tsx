import { type FormEvent, useEffect, useId, useState } from 'react';
import type { AdminSummary } from '../../../src/shared/contracts/admin-range';
import { Button } from '../../components/Button/Button';
import * as inputStyles from '../../components/Input/Input.css';
import {
  daysBetween,
  formatDay,
  formatRange,
  isDay,
  RANGE_PRESETS,
  type RangeChoice,
} from '../../lib/date-range';
import { countOf, DAYS } from '../../lib/plural';
import * as styles from './DashboardIsland.css';

/**
 * The dashboard's date range: six presets as toggle buttons and a custom from–to (applied with
 * 'Primijeni', so a half-typed date does not reload the dashboard). Says which days are shown
 * and which period the cards compare with.
 */
export function RangePicker({
  value,
  onChange,
  shown,
  summary,
}: {
  value: RangeChoice;
  onChange: (choice: RangeChoice) => void;
  /** The days the data on screen cover (from null: nothing recorded yet). */
  shown: { from: string | null; to: string } | null;
  /** The last summary: the server's today (no range reaches past it) and the cards' comparison. */
  summary: AdminSummary | null;
}) {
  const today = summary?.today ?? null;
  // 'Sve' is compared with nothing.
  const compared = value.preset === 'sve' ? null : summary;
  const id = useId();
  const [from, setFrom] = useState(value.preset === 'custom' ? value.from : '');
  const [to, setTo] = useState(value.preset === 'custom' ? value.to : '');
  const [error, setError] = useState('');
  // A custom range restored from the address fills the fields.
  useEffect(() => {
    if (value.preset === 'custom') {
      setFrom(value.from);
      setTo(value.to);
    }
  }, [value]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!isDay(from) || !isDay(to)) return setError('Upišite oba datuma.');
    if (daysBetween(from, to) === 0) return setError('Datum „do“ ne može biti prije datuma „od“.');
    if (today && to > today) return setError('Razdoblje ne može završiti nakon današnjeg dana.');
    setError('');
    onChange({ preset: 'custom', from, to });
  };

  const previous = compared && { from: compared.previous.from, to: compared.previous.to };
  return (
    <section className={styles.range} aria-label="Razdoblje" data-range-picker="">
      <fieldset className={styles.presets}>
        <legend className={styles.presetsLegend}>Razdoblje</legend>
        {RANGE_PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            className={styles.preset}
            aria-pressed={value.preset === p.id}
            onClick={() => onChange({ preset: p.id })}
            data-preset={p.id}
          >
            {p.label}
          </button>
        ))}
      </fieldset>
      <form className={styles.customRange} onSubmit={apply} aria-label="Vlastito razdoblje" noValidate>
        <label className={styles.field} htmlFor={`${id}-from`}>
          Od
          <input
            id={`${id}-from`}
            className={inputStyles.input}
            type="date"
            value={from}
            max={to || today || undefined}
            onChange={(e) => setFrom(e.target.value)}
            data-range-from=""
          />
        </label>
        <label className={styles.field} htmlFor={`${id}-to`}>
          Do
          <input
            id={`${id}-to`}
            className={inputStyles.input}
            type="date"
            value={to}
            min={from || undefined}
            max={today || undefined}
            onChange={(e) => setTo(e.target.value)}
            data-range-to=""
          />
        </label>
        <Button
          type="submit"
          variant={value.preset === 'custom' ? 'primary' : 'secondary'}
          data-range-apply=""
        >
          Primijeni
        </Button>
        {error && (
          <p className={styles.rangeError} role="alert">
            {error}
          </p>
        )}
      </form>
      <p className={styles.rangeShown} data-range-shown="">
        {shown === null
          ? ' '
          : shown.from === null
            ? 'Prikazano: sve (još nema zabilježenih igranja).'
            : `Prikazano: ${formatRange({ from: shown.from, to: shown.to })} (${countOf(daysBetween(shown.from, shown.to), DAYS)})`}
        {compared && previous && (
          <span data-compared={compared.comparable ? compared.comparison : 'none'}>
            {!compared.comparable
              ? ` · bez usporedbe: razdoblje ${formatRange(previous)} počinje prije prvog zabilježenog dana${compared.firstDay ? ` (${formatDay(compared.firstDay)})` : ''}`
              : compared.comparison === 'year'
                ? ` · usporedba s istim danima prošle godine: ${formatRange(previous)}`
                : ` · usporedba s razdobljem ${formatRange(previous)}`}
          </span>
        )}
      </p>
    </section>
  );
}
