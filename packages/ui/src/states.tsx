import type { ReactNode } from 'react';
import { buttonClass } from './button.ts';
import styles from './states.module.css';

/**
 * The loading text over placeholders shaped like the content, so the page keeps its
 * layout when the content arrives; the text is announced politely.
 */
export function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.loading}>
      <p className={styles.loadingLabel} role="status">
        {label}
      </p>
      <div className={styles.placeholders} aria-hidden="true">
        {children}
      </div>
    </div>
  );
}

/** A loading text alone, announced politely (where no placeholder shape fits, e.g. a table). */
export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <p className={styles.status} role="status">
      {children}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className={styles.status}>{children}</div>;
}

/** The failure in place of the content (the error toast has already announced it), with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.error}>
      <p>{message}</p>
      <button type="button" className={buttonClass.secondary} onClick={onRetry}>
        Coba Lagi
      </button>
    </div>
  );
}

/** A grey block standing in for content of the same size while it loads. */
export function Skeleton({ className }: { className?: string }) {
  return <span className={`${styles.skeleton} ${className ?? ''}`} aria-hidden="true" />;
}

/** Lines of text-sized skeletons; the last one shorter, like a paragraph's end. */
export function SkeletonText({ lines, className }: { lines: number; className?: string }) {
  return (
    <span className={`${styles.lines} ${className ?? ''}`} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder: the position is their identity.
        <span key={i} className={styles.skeleton} />
      ))}
    </span>
  );
}
