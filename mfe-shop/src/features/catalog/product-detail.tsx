import type { Product, ProductVariant } from '@gi/contracts';
import { defaultVariant, formatRupiah, formatSize, inStock, SOLD_OUT } from '@gi/contracts/web';
import { type ReactNode, useState } from 'react';
import { ShopImage } from '../../shared/shop-image.tsx';
import { Skeleton, SkeletonText } from '../../shared/states.tsx';
import styles from './product-detail.module.css';
import { availability, SizePicker } from './size-picker.tsx';

/** Spec §2: three fixed benefits on every product. */
const benefits = ['Aroma tahan hingga 12 jam', 'Botol mewah dan elegan', 'Bahan premium pilihan'] as const;

interface ProductDetailProps {
  product: Product;
  /** The buy button for the chosen size, placed by the page (the cart team owns it). */
  buy: (variant: ProductVariant) => ReactNode;
}

export function ProductDetail({ product, buy }: ProductDetailProps) {
  // The first size in stock, until the shopper picks another; price, availability and the button follow it.
  const [chosenId, setChosenId] = useState(() => defaultVariant(product.variants)?.id);
  const chosen = product.variants.find((v) => v.id === chosenId) ?? defaultVariant(product.variants);
  const price = formatRupiah(chosen?.price ?? product.price);
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
        <p className={styles.price}>{price}</p>
        {chosen && product.variants.length > 1 && (
          <SizePicker variants={product.variants} chosen={chosen} onChoose={(v) => setChosenId(v.id)} />
        )}
        <p className={`${styles.stock} ${chosen && inStock(chosen) ? '' : styles.soldOut}`}>
          {chosen ? `${formatSize(chosen.size_ml)} · ${availability(chosen)}` : SOLD_OUT}
        </p>
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
        {/* On a phone the bar stays at the bottom of the screen: price and button without scrolling. */}
        {chosen && (
          <div className={styles.buy}>
            <p className={styles.barPrice}>
              {price} <span>· {formatSize(chosen.size_ml)}</span>
            </p>
            {buy(chosen)}
          </div>
        )}
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
