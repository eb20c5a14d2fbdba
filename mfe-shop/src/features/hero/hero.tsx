import { Link, useQuery } from '@gi/platform';
import { siteSettingsQuery } from '../../shared/api/site-settings.ts';
import { ShopImage } from '../../shared/shop-image.tsx';
import styles from './hero.module.css';
import tall480 from './images/hero-tall-480w.webp';
import tall960 from './images/hero-tall-960w.webp';
import wide960 from './images/hero-wide-960w.webp';
import wide1600 from './images/hero-wide-1600w.webp';

/**
 * The built-in picture when the admin has set none: the house's bottles, drawn by
 * scripts/seed-images/generate.mjs, tall for a phone held upright and wide otherwise.
 * The hero covers min(78vh, 640px) of height, so an upright screen shows a 3:4
 * picture at least 0.75 times that wide and a wide one a 16:9 picture 16/9 times.
 */
function BuiltInBackground() {
  return (
    <picture>
      <source
        media="(orientation: portrait)"
        srcSet={`${tall480} 480w, ${tall960} 960w`}
        sizes="max(100vw, min(58.5vh, 480px))"
      />
      <img
        src={wide1600}
        srcSet={`${wide960} 960w, ${wide1600} 1600w`}
        sizes="max(100vw, min(138.7vh, 1138px))"
        alt=""
        width={1600}
        height={900}
        className={styles.background}
        fetchPriority="high"
        decoding="async"
      />
    </picture>
  );
}

/**
 * Home hero (spec §2): the admin's background picture, or the built-in one; the
 * gradient beneath shows only while a picture loads and if it fails.
 */
export function Hero() {
  const { data: settings } = useQuery(siteSettingsQuery);
  const background = settings?.heroBackground ?? null;

  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      {background ? (
        <ShopImage src={background} alt="" width={1600} height={900} className={styles.background} priority />
      ) : (
        <BuiltInBackground />
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
        </div>
      </div>
    </section>
  );
}
