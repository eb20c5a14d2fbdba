import type { Collection } from '@gi/contracts';
import { Link } from '@gi/platform';
import { Skeleton, SkeletonText } from '@gi/ui/states';
import { ShopImage } from '../../shared/shop-image.tsx';
import styles from './collection-grid.module.css';

/** Cards of the first rows load at once; later ones wait until they come near the viewport. */
const EAGER_CARDS = 3;

export function CollectionGrid({ collections }: { collections: Collection[] }) {
  return (
    <ul className={styles.grid}>
      {collections.map((collection, index) => (
        <li key={collection.id}>
          <article className={styles.card}>
            <ShopImage
              src={collection.image}
              alt={collection.name}
              width={640}
              height={400}
              className={styles.image}
              priority={index < EAGER_CARDS}
            />
            <div className={styles.body}>
              <h2 className={styles.name}>
                {/* The whole card is the link's target area (see the CSS), the name its label. */}
                <Link to={`/collections/${encodeURIComponent(collection.slug)}`} className={styles.link}>
                  {collection.name}
                </Link>
              </h2>
              {collection.description && <p className={styles.description}>{collection.description}</p>}
              {collection.product_count !== undefined && (
                <p className={styles.count}>{collection.product_count} produk</p>
              )}
              <span className={styles.cta} aria-hidden="true">
                Lihat Koleksi →
              </span>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

export function CollectionGridSkeleton({ count }: { count: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder: the position is their identity.
        <li key={i}>
          <div className={styles.card}>
            <Skeleton className={styles.image} />
            <div className={styles.body}>
              <SkeletonText lines={1} className={styles.name} />
              <SkeletonText lines={2} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
