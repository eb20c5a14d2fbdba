import type { Product } from '@gi/contracts';
import { formatRupiah } from '@gi/contracts/web';
import type { ReactNode } from 'react';
import { ShopImage } from '../../shared/shop-image.tsx';
import { Skeleton, SkeletonText } from '../../shared/states.tsx';
import styles from './product-detail.module.css';

/** Spec §2: three fixed benefits on every product. */
const benefits = ['Aroma tahan hingga 12 jam', 'Botol mewah dan elegan', 'Bahan premium pilihan'] as const;

interface ProductDetailProps {
  product: Product;
  /** The buy button, placed by the page (the cart team owns it). */
  buy: ReactNode;
}

export function ProductDetail({ product, buy }: ProductDetailProps) {
  return (
    <article className={styles.detail} aria-labelledby="product-name">
      <ShopImage
        src={product.image}
        alt={product.name}
        width={600}
        height={600}
        className={styles.image}
        priority
      />
      <div className={styles.info}>
        <h1 id="product-name" className={styles.name}>
          {product.name}
        </h1>
        <p className={styles.price}>{formatRupiah(product.price)}</p>
        <p className={styles.description}>{product.description}</p>
        <h2 className={styles.benefitsTitle}>Keunggulan Produk</h2>
        <ul className={styles.benefits}>
          {benefits.map((benefit) => (
            <li key={benefit}>
              <span className={styles.icon} aria-hidden="true">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>
        <div className={styles.buy}>{buy}</div>
      </div>
    </article>
  );
}

/** The detail's own layout in grey, so the page does not jump when the product arrives. */
export function ProductDetailSkeleton() {
  return (
    <div className={styles.detail} aria-hidden="true">
      <Skeleton className={styles.image} />
      <div className={styles.info}>
        <SkeletonText lines={1} className={styles.name} />
        <SkeletonText lines={1} className={styles.skeletonPrice} />
        <SkeletonText lines={4} />
        <Skeleton className={styles.skeletonButton} />
      </div>
    </div>
  );
}
