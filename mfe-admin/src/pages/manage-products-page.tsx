import { Link } from '@gi/platform';
import { AdminGuard } from '../features/auth/admin-guard.tsx';
import { ProductForm } from '../features/products/product-form.tsx';
import { sectionSearch } from '../shared/admin-nav.ts';
import styles from './manage-products-page.module.css';

/** /manage-products: the product form on its own page, for admins, saving for real (product.md §10.7). */
export default function ManageProductsPage() {
  return (
    <AdminGuard>
      <section className={styles.page} aria-labelledby="manage-products-title">
        <h1 id="manage-products-title" className={styles.title}>
          Tambah Produk
        </h1>
        <p className={styles.lead}>
          Produk yang disimpan langsung tampil di toko.{' '}
          <Link to={{ pathname: '/admin', search: sectionSearch('products') }}>Lihat Data Produk</Link>
        </p>
        <div className={styles.card}>
          <ProductForm />
        </div>
      </section>
    </AdminGuard>
  );
}
