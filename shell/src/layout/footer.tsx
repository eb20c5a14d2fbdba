import { wibYear } from '@gi/contracts/web';
import { Link } from '@gi/platform';
import styles from './layout.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <p className={styles.footerBrand}>PT. Global Imperium</p>
      <ul className={styles.footerLinks}>
        <li>
          <Link to="/faq">FAQ</Link>
        </li>
        <li>
          <Link to="/shipping">Pengiriman &amp; Pengembalian</Link>
        </li>
        <li>
          <Link to="/privacy">Kebijakan Privasi</Link>
        </li>
        <li>
          <Link to="/terms">Syarat &amp; Ketentuan</Link>
        </li>
      </ul>
      {/* The year in WIB, as on the server; a page cached over New Year keeps its year (no mismatch). */}
      <p className={styles.copyright} suppressHydrationWarning>
        © {wibYear()} PT. Global Imperium. Hak cipta dilindungi.
      </p>
    </footer>
  );
}
