import { formatDateTime } from '@gi/contracts/web';
import styles from './order.module.css';
import { useNow } from './use-now.ts';

const two = (n: number) => String(n).padStart(2, '0');

/** What is left, as 'hh:mm:ss' (hours may pass 24: a transfer has a day or more). */
const left = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
};

/** 'Bayar sebelum … WIB' and the time left, counting down to the attempt's (or the order's) deadline. */
export function Deadline({ at }: { at: string }) {
  const ms = Date.parse(at) - useNow(true);
  return (
    <p className={styles.deadline}>
      Bayar sebelum <strong>{formatDateTime(at)} WIB</strong>
      {ms > 0 ? (
        <span>
          {' '}
          · sisa waktu{' '}
          <span role="timer" className={styles.timer}>
            {left(ms)}
          </span>
        </span>
      ) : (
        <span>. Batas waktu pembayaran sudah lewat.</span>
      )}
    </p>
  );
}
