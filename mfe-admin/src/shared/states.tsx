import { buttonClass } from '@gi/ui';
import type { ReactNode } from 'react';
import styles from './states.module.css';

/** A loading text, announced politely. */
export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <p className={styles.status} role="status">
      {children}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className={styles.empty}>{children}</div>;
}

/** The failure in place of the content, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <p>{message}</p>
      <button type="button" className={buttonClass.secondary} onClick={onRetry}>
        Coba Lagi
      </button>
    </div>
  );
}

/** A grey block standing in for content while it loads. */
export function Skeleton({ className }: { className?: string }) {
  return <span className={`${styles.skeleton} ${className ?? ''}`} aria-hidden="true" />;
}

/** Text for screen readers only, e.g. the loading news behind a skeleton. */
export function ScreenReaderStatus({ children }: { children: ReactNode }) {
  return (
    <p className={styles.srOnly} role="status">
      {children}
    </p>
  );
}
