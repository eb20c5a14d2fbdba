import { Link } from '@gi/platform';
import { FaqList } from '../features/content/faq-list.tsx';
import page from '../shared/page.module.css';
import styles from './content-page.module.css';

/** /faq: the questions the admin maintains. */
export default function FaqPage() {
  return (
    <div className={`${page.page} ${page.narrow}`}>
      <header className={page.header}>
        <h1 className={page.title}>Pertanyaan yang Sering Diajukan</h1>
        <p className={page.lead}>Jawaban singkat seputar produk, pemesanan dan pengiriman.</p>
      </header>
      <FaqList />
      <p className={styles.more}>
        Tidak menemukan jawaban? <Link to="/contact">Hubungi kami</Link>.
      </p>
    </div>
  );
}
