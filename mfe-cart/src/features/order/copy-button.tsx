import { toast, toastError } from '@gi/ui';
import styles from './order.module.css';

interface CopyButtonProps {
  /** What lands on the clipboard, e.g. the amount as bare digits for a banking app. */
  value: string;
  /** The accessible name, e.g. 'Salin jumlah transfer'. */
  label: string;
  /** The toast's title once copied. */
  done: string;
}

/** Copies a value for pasting into a banking app; says so, or says to copy by hand. */
export function CopyButton({ value, label, done }: CopyButtonProps) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: done, description: value });
    } catch {
      toastError('Gagal menyalin. Silakan salin secara manual.');
    }
  }
  return (
    <button type="button" className={styles.copy} aria-label={label} onClick={() => void copy()}>
      Salin
    </button>
  );
}
