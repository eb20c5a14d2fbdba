import { Link, useLocation } from '@gi/platform';
import { TOAST_EVENT, type ToastMessage } from '@gi/ui';
import { useEffect, useState } from 'react';
import styles from './toaster.module.css';

const VISIBLE_MS = 5000;

interface Shown extends ToastMessage {
  id: number;
  /** The page it belongs to: leaving that page takes it away. */
  pathname: string;
}

/**
 * Renders the toasts any part of the page raises with `toast()` from @gi/ui: one at a
 * time, so a newer message ('Login berhasil') replaces an older one ('Login gagal')
 * and a stack never covers a small screen.
 */
export function Toaster() {
  const [shown, setShown] = useState<Shown | null>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    let next = 0;
    const onToast = (event: Event) => {
      const message = (event as CustomEvent<ToastMessage>).detail;
      const id = ++next;
      // Read the page once the raising code has run: a toast raised right before that code
      // navigates ('Login berhasil', then to /) belongs to the page it leads to. The router
      // pushes the URL at once and renders the new page later, in a transition.
      queueMicrotask(() => setShown({ ...message, id, pathname: window.location.pathname }));
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown((current) => (current === shown ? null : current)), VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  // A toast does not follow the shopper to another page.
  useEffect(() => {
    setShown((current) => (current && current.pathname !== pathname ? null : current));
  }, [pathname]);

  return (
    <section className={styles.region} aria-live="polite" aria-label="Notifikasi">
      {shown && (
        <div
          key={shown.id}
          role={shown.variant === 'destructive' ? 'alert' : 'status'}
          className={`${styles.toast} ${shown.variant === 'destructive' ? styles.destructive : ''}`}
        >
          <p className={styles.title}>{shown.title}</p>
          {shown.description && <p className={styles.description}>{shown.description}</p>}
          {shown.action && (
            // Following it changes the page, which takes the toast away.
            <Link className={styles.action} to={shown.action.to}>
              {shown.action.label}
            </Link>
          )}
          <button
            type="button"
            className={styles.close}
            aria-label="Tutup notifikasi"
            onClick={() => setShown(null)}
          >
            ×
          </button>
        </div>
      )}
    </section>
  );
}
