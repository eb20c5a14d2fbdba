import { Link } from 'react-router';
import styles from './cart-page.module.css';

export default function CartPage() {
  return (
    <section className={styles.cart} aria-labelledby="cart-title">
      <h1 id="cart-title" className={styles.title}>
        Keranjang Belanja
      </h1>
      <div className={styles.empty}>
        <h2>Keranjang Anda Kosong</h2>
        <p>Belum ada produk di keranjang Anda.</p>
        <Link to="/products" className={styles.browse}>
          Lihat Produk
        </Link>
      </div>
    </section>
  );
}
