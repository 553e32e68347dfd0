import { DIFFICULTY_CHOICES, DIFFICULTY_LABELS, type Difficulty } from '../../../src/shared/difficulty';
import * as styles from './DifficultyChoice.css';

/**
 * 'Lagano', 'Normalno', 'Teško' as one radio group (docs/decisions/022). On the start page it
 * is rendered on the server and read by web/scripts/difficulty-choice.ts (`onChange` absent:
 * the browser keeps the choice); in the quiz island it is controlled.
 */
export function DifficultyChoice({
  value,
  onChange,
  name = 'difficulty',
}: {
  value: Difficulty;
  onChange?: (difficulty: Difficulty) => void;
  name?: string;
}) {
  return (
    <fieldset className={styles.group} data-difficulty-choice="">
      <legend className={styles.legend}>Težina</legend>
      <div className={styles.options}>
        {DIFFICULTY_CHOICES.map((difficulty) => (
          <label key={difficulty} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={difficulty}
              className={styles.input}
              {...(onChange
                ? { checked: value === difficulty, onChange: () => onChange(difficulty) }
                : { defaultChecked: value === difficulty })}
            />
            <span className={styles.text}>{DIFFICULTY_LABELS[difficulty]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
