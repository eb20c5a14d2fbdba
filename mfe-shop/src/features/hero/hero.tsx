import { siteSettingsQuery } from '@gi/contracts/public-queries';
import { Link, useQuery } from '@gi/platform';
import { ShopImage } from '../../shared/shop-image.tsx';
import styles from './hero.module.css';
/**
 * Home hero (product.md §2): the admin's background picture, or the built-in one (in the
 * stylesheet: decorative, and no JavaScript on the first visit); the gradient beneath
 * shows only while a picture loads and if it fails.
 */
export function Hero() {
  const { data: settings } = useQuery(siteSettingsQuery);
  const background = settings?.heroBackground ?? null;

  return (
    <section className={`${styles.hero} ${background ? '' : styles.builtIn}`} aria-labelledby="hero-title">
      {background && (
        <ShopImage src={background} alt="" width={1600} height={900} className={styles.background} priority />
      )}
      <div className={styles.content}>
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
          <Link className={styles.secondary} to="/cari-aroma">
            Cari Aroma
          </Link>
        </div>
      </div>
    </section>
  );
}
