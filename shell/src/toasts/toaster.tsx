import { TOAST_EVENT, type ToastMessage } from '@gi/ui';
import { useEffect, useState } from 'react';
import styles from './toaster.module.css';

const VISIBLE_MS = 5000;

interface Shown extends ToastMessage {
  id: number;
}

/** Renders the toasts any part of the page raises with `toast()` from @gi/ui. */
export function Toaster() {
  const [toasts, setToasts] = useState<Shown[]>([]);

  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const onToast = (event: Event) => {
      const id = ++next;
      setToasts((list) => [...list.slice(-2), { ...(event as CustomEvent<ToastMessage>).detail, id }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((list) => list.filter((t) => t.id !== id));
      }, VISIBLE_MS);
      timers.add(timer);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  return (
    <section className={styles.region} aria-live="polite" aria-label="Notifikasi">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          className={`${styles.toast} ${t.variant === 'destructive' ? styles.destructive : ''}`}
        >
          <p className={styles.title}>{t.title}</p>
          {t.description && <p className={styles.description}>{t.description}</p>}
          <button
            type="button"
            className={styles.close}
            aria-label="Tutup notifikasi"
            onClick={() => setToasts((list) => list.filter((x) => x.id !== t.id))}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
