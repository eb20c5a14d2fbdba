import { Link } from '@gi/platform';
import { useEffect } from 'react';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Halaman Tidak Ditemukan | PT. Global Imperium';
  }, []);
  return (
    <section className={styles.notFound}>
      <p className={styles.code}>404</p>
      <h1>Halaman Tidak Ditemukan</h1>
      <p>Maaf, halaman yang Anda cari tidak ada atau telah dipindahkan.</p>
      <Link to="/" className={styles.home}>
        Kembali ke Beranda
      </Link>
    </section>
  );
}
