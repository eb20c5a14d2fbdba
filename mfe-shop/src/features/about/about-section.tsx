import { siteSettingsQuery } from '@gi/contracts/public-queries';
import { useQuery } from '@gi/platform';
import { ErrorState, Loading, SkeletonText } from '@gi/ui/states';
import { ShopImage } from '../../shared/shop-image.tsx';
import styles from './about-section.module.css';

/** The about section's default title (seeded like the admin's texts), shown when the admin's text cannot be loaded. */
const DEFAULT_TITLE = 'Tentang PT. Global Imperium';

/** The company story the admin edits (title, two paragraphs, picture). */
export function AboutSection() {
  const { data: settings, isPending, isError, refetch } = useQuery(siteSettingsQuery);

  return (
    <section className={styles.about} aria-labelledby="about-title">
      {!settings || settings.aboutImage ? (
        <ShopImage
          src={settings?.aboutImage ?? null}
          alt="Parfum racikan PT. Global Imperium"
          width={720}
          height={540}
          className={styles.image}
        />
      ) : (
        // The built-in still life (scripts/seed-images/generate.mjs) until the admin sets a picture:
        // the stylesheet's, in the width the layout needs (no JavaScript on the first visit).
        <span
          role="img"
          aria-label="Parfum racikan PT. Global Imperium"
          className={`${styles.image} ${styles.builtIn}`}
        />
      )}
      <div className={styles.text}>
        <h2 id="about-title" className={styles.title}>
          {settings?.aboutTitle ?? DEFAULT_TITLE}
        </h2>
        {isPending && (
          <Loading label="Memuat informasi perusahaan...">
            <SkeletonText lines={4} />
            <SkeletonText lines={3} />
          </Loading>
        )}
        {isError && (
          <ErrorState message="Gagal memuat informasi perusahaan." onRetry={() => void refetch()} />
        )}
        {settings && (
          <>
            <p>{settings.aboutParagraph1}</p>
            <p>{settings.aboutParagraph2}</p>
          </>
        )}
      </div>
    </section>
  );
}
