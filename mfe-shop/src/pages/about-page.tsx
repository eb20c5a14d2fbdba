import { Link } from '@gi/platform';
import { buttonClass } from '@gi/ui';
import { AboutSection } from '../features/about/about-section.tsx';
import page from '../shared/page.module.css';
import styles from './about-page.module.css';

const values = [
  {
    title: 'Racikan Sendiri',
    text: 'Setiap aroma dikembangkan dan diproduksi sendiri oleh peracik kami di Indonesia.',
  },
  {
    title: 'Bahan Pilihan',
    text: 'Kami memilih bahan baku berkualitas agar aroma tetap khas dan tahan lama.',
  },
  {
    title: 'Untuk Setiap Momen',
    text: 'Dari aroma harian hingga edisi mewah dan paket hadiah untuk orang tersayang.',
  },
] as const;

/** /about: the admin's company story, what the company stands for, and where to go next. */
export default function AboutPage() {
  return (
    <>
      <header className={styles.intro}>
        <h1 className={page.title}>Tentang Kami</h1>
        <p className={page.lead}>Mengenal PT. Global Imperium, produsen parfum khas Indonesia.</p>
      </header>
      <AboutSection />
      <div className={styles.more}>
        <section aria-labelledby="values-title" className={styles.values}>
          <h2 id="values-title" className={styles.valuesTitle}>
            Nilai Kami
          </h2>
          <ul className={styles.valueList}>
            {values.map((value) => (
              <li key={value.title} className={styles.value}>
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <div className={styles.actions}>
          <Link to="/products" className={buttonClass.primary}>
            Lihat Produk
          </Link>
          <Link to="/contact" className={buttonClass.secondary}>
            Hubungi Kami
          </Link>
        </div>
      </div>
    </>
  );
}
