import type { ReactNode } from 'react';
import styles from './screen-reader-status.module.css';

/** Text for screen readers only, e.g. the loading news behind a skeleton. */
export function ScreenReaderStatus({ children }: { children: ReactNode }) {
  return (
    <p className={styles.srOnly} role="status">
      {children}
    </p>
  );
}
