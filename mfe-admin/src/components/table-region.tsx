import type { ReactNode } from 'react';
import styles from './table.module.css';

/** A table that scrolls sideways on narrow screens; focusable so the keyboard can scroll it too. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className={styles.region} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
