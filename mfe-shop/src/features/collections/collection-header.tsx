import type { CollectionDetail } from '@gi/contracts';
import { Skeleton, SkeletonText } from '@gi/ui/states';
import { ShopImage } from '../../shared/shop-image.tsx';
import styles from './collection-header.module.css';

export function CollectionHeader({ collection }: { collection: CollectionDetail }) {
  return (
    <header className={styles.header}>
      <ShopImage src={collection.image} alt="" width={1200} height={400} className={styles.banner} priority />
      <div className={styles.text}>
        <h1 className={styles.title}>{collection.name}</h1>
        {collection.description && <p className={styles.description}>{collection.description}</p>}
        <p className={styles.count}>{collection.product_count} produk</p>
      </div>
    </header>
  );
}

export function CollectionHeaderSkeleton() {
  return (
    <div className={styles.header} aria-hidden="true">
      <Skeleton className={styles.banner} />
      <div className={styles.text}>
        <SkeletonText lines={1} className={styles.title} />
        <SkeletonText lines={2} />
      </div>
    </div>
  );
}
