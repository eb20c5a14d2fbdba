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
      <p className={styles.copyright}>
        © {new Date().getFullYear()} PT. Global Imperium. Hak cipta dilindungi.
      </p>
    </footer>
  );
}
