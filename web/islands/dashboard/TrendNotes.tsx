import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type { Annotation } from '../../../src/shared/contracts/admin-annotations';
import { ANNOTATION_MAX_LENGTH } from '../../../src/shared/contracts/admin-annotations';
import { Button } from '../../components/Button/Button';
import * as inputStyles from '../../components/Input/Input.css';
import { addAdminAnnotation, deleteAdminAnnotation, getAdminAnnotations } from '../../lib/api';
import { formatDay } from '../../lib/date-range';
import * as styles from './DashboardIsland.css';

/** The notes of the days `from`–`to`, reloaded after each change; `onChange` hands them to the chart. */
export function useAnnotations(credentials: string, from: string | undefined, to: string | undefined) {
  const [notes, setNotes] = useState<Annotation[]>([]);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads after a change
  useEffect(() => {
    if (!from || !to) return;
    let cancelled = false;
    getAdminAnnotations(credentials, { from, to })
      .then((list) => {
        if (cancelled) return;
        setNotes(list.annotations);
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.error('Bilješke:', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [credentials, from, to, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { notes, failed, reload };
}

/**
 * 'Bilješke': the administrator's notes on the range's days, numbered as on the chart, with a
 * form to add one (a day of the range, one line) and a button to delete each.
 */
export function TrendNotes({
  credentials,
  notes,
  failed,
  from,
  to,
  reload,
}: {
  credentials: string;
  notes: Annotation[];
  failed: boolean;
  from: string;
  to: string;
  reload: () => void;
}) {
  const id = useId();
  const [day, setDay] = useState(to);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  useEffect(() => setDay(to), [to]);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setProblem('Upišite bilješku.');
    try {
      await addAdminAnnotation(credentials, day, text);
      setText('');
      setProblem('');
      reload();
    } catch (error) {
      console.error('Bilješka:', error);
      setProblem('Bilješka nije spremljena.');
    }
  };
  const remove = async (note: Annotation) => {
    try {
      await deleteAdminAnnotation(credentials, note.id);
      reload();
    } catch (error) {
      console.error('Bilješka:', error);
      setProblem('Bilješka nije obrisana.');
    }
  };
  return (
    <section className={styles.notes} aria-labelledby={`${id}-h`} data-notes="">
      <h3 className={styles.notesTitle} id={`${id}-h`}>
        Bilješke
      </h3>
      {failed && <p className={styles.muted}>Bilješke se trenutno ne mogu učitati.</p>}
      {notes.length === 0 && !failed ? (
        <p className={styles.muted}>Nema bilježaka u ovom razdoblju.</p>
      ) : (
        <ol className={styles.notesList}>
          {notes.map((note, i) => (
            <li key={note.id} className={styles.note} data-note={note.day}>
              <span>
                <strong>
                  {i + 1}. {formatDay(note.day)}
                </strong>{' '}
                {note.text}
              </span>
              <Button
                variant="secondary"
                className={styles.noteDelete}
                onClick={() => remove(note)}
                aria-label={`Obriši bilješku ${i + 1}`}
              >
                Obriši
              </Button>
            </li>
          ))}
        </ol>
      )}
      <form className={styles.noteForm} onSubmit={add}>
        <label className={styles.field}>
          Dan
          <input
            type="date"
            className={inputStyles.input}
            value={day}
            min={from}
            max={to}
            required
            onChange={(e) => setDay(e.currentTarget.value)}
          />
        </label>
        <label className={`${styles.field} ${styles.noteText}`}>
          Bilješka (npr. radijska emisija, novi katalog)
          <input
            className={inputStyles.input}
            value={text}
            maxLength={ANNOTATION_MAX_LENGTH}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        </label>
        <Button type="submit">Dodaj bilješku</Button>
      </form>
      {problem && (
        <p role="alert" className={styles.muted}>
          {problem}
        </p>
      )}
    </section>
  );
}
