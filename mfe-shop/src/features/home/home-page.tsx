import { Link } from 'react-router';
import styles from './home-page.module.css';

export default function HomePage() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div>
        <h1 id="hero-title" className={styles.title}>
          Temukan Aroma Khas Anda
        </h1>
        <p className={styles.lead}>
          Parfum premium racikan PT. Global Imperium, dibuat untuk menemani setiap momen Anda.
        </p>
        <div className={styles.actions}>
          <Link className={styles.primary} to="/collections">
            Jelajahi Koleksi
          </Link>
          <Link className={styles.secondary} to="/about">
            Tentang Kami
          </Link>
        </div>
      </div>
    </section>
  );
}
