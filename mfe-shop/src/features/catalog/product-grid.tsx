import type { Product, ProductRating } from '@gi/contracts';
import { formatRating, formatTotal, imageSizes, inStock, SOLD_OUT } from '@gi/contracts/web';
import { Link } from '@gi/platform';
import { Skeleton, SkeletonText } from '@gi/ui/states';
import { type ReactNode, useId } from 'react';
import { ShopImage } from '../../shared/shop-image.tsx';
import { FavoriteButton } from '../favorites/favorite-button.tsx';
import styles from './product-grid.module.css';
import { CardPrice } from './sale-price.tsx';

type CardHeading = 'h2' | 'h3';

/** Cards in the first row load at once; the rest wait until they come near the viewport. */
const EAGER_CARDS = 4;

interface ProductGridProps {
  products: Product[];
  /** The cards' heading level under the section that holds them. */
  headingAs: CardHeading;
  /** The grid is below the fold (home page): no image loads eagerly. */
  belowFold?: boolean;
  /** A few cards that always share the whole row (home page), instead of catalogue-sized columns. */
  stretch?: boolean;
  /** A card's own action under its link (the catalogue's quick add); none on the home page. */
  action?: (product: Product) => ReactNode;
}

export function ProductGrid({
  products,
  headingAs,
  belowFold = false,
  stretch = false,
  action,
}: ProductGridProps) {
  return (
    <ul className={`${styles.grid} ${stretch ? styles.stretch : ''}`}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            headingAs={headingAs}
            priority={!belowFold && index < EAGER_CARDS}
            sizes={stretch ? imageSizes.featured : imageSizes.card}
            action={action}
          />
        </li>
      ))}
    </ul>
  );
}

function ProductCard({
  product,
  headingAs: Heading,
  priority,
  sizes,
  action,
}: {
  product: Product;
  headingAs: CardHeading;
  priority: boolean;
  sizes: string;
  action: ProductGridProps['action'];
}) {
  const nameId = useId();
  // A product without a size in stock is sold out; one without sizes at all cannot be bought either.
  const soldOut = !product.variants.some(inStock);
  return (
    <article className={styles.card}>
      <ShopImage
        src={product.image}
        alt={product.name}
        width={400}
        height={400}
        className={styles.image}
        priority={priority}
        widths={product.image_widths}
        sizes={sizes}
      />
      <FavoriteButton productId={product.id} describedBy={nameId} onCard />
      <div className={styles.body}>
        <Heading id={nameId} className={styles.name}>
          {product.name}
        </Heading>
        {product.rating && <CardRating rating={product.rating} />}
        <CardPrice variants={product.variants} fallback={product.price} className={styles.price} />
        {soldOut && <p className={styles.soldOut}>{SOLD_OUT}</p>}
        {/* The visible label stays product.md's; the product name tells the links apart. */}
        <Link
          to={`/product/${encodeURIComponent(product.id)}`}
          className={styles.link}
          aria-describedby={nameId}
        >
          Lihat Detail
        </Link>
        {action?.(product)}
      </div>
    </article>
  );
}

/** Its published reviews, compact: '★ 4,6 (12)', read as 'Rating 4,6 dari 5, 12 ulasan'. */
function CardRating({ rating }: { rating: ProductRating }) {
  const average = formatRating(rating.average);
  const count = formatTotal(rating.count);
  return (
    <p className={styles.rating}>
      <span role="img" aria-label={`Rating ${average} dari 5, ${count} ulasan`}>
        <span className={styles.star}>★</span> {average} ({count})
      </span>
    </p>
  );
}

/** Placeholder cards of the real cards' size, so nothing jumps when the products arrive. */
export function ProductGridSkeleton({ count, stretch = false }: { count: number; stretch?: boolean }) {
  return (
    <ul className={`${styles.grid} ${stretch ? styles.stretch : ''}`} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder: the position is their identity.
        <li key={i}>
          <div className={styles.card}>
            <Skeleton className={styles.image} />
            <div className={styles.body}>
              <SkeletonText lines={2} className={styles.skeletonText} />
              <Skeleton className={styles.skeletonLink} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
