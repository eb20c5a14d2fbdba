import styles from './chips.module.css';

export interface Chip {
  key: string;
  name: string;
  /** The remove button's accessible name. */
  removeLabel: string;
  remove: () => void;
}

/** What a picker has chosen, as chips each with its '×' remove button. */
export function Chips({ label, chips }: { label: string; chips: Chip[] }) {
  return (
    <ul className={styles.chips} aria-label={label}>
      {chips.map((chip) => (
        <li key={chip.key}>
          {chip.name}
          <button type="button" className={styles.remove} aria-label={chip.removeLabel} onClick={chip.remove}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
