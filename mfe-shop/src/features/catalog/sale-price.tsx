import { formatDateTime, formatPriceRange, formatRupiah, priceNow } from '@gi/contracts/web';
import styles from './sale-price.module.css';

// A timed sale's price as the server answers it (decision 046): the 'Promo' badge, the regular
// price struck through and the sale price. Plain markup the server renders: no script needed.

interface Priced {
  price: number;
  size_ml: number | null;
  stock: number | null;
  sale_price: number | null;
  sale_ends_at: string | null;
}

/** A card's price: the sizes' range now, with the regular range struck when a size is on sale. */
export function CardPrice({
  variants,
  fallback,
  className,
}: {
  variants: readonly Priced[];
  fallback: number;
  className?: string | undefined;
}) {
  const regular = formatPriceRange(variants, fallback);
  if (!variants.some((variant) => variant.sale_price !== null)) return <p className={className}>{regular}</p>;
  return (
    <p className={className}>
      <span className={styles.badge}>Promo</span>
      <s className={styles.regular} aria-label={`Harga normal ${regular}`}>
        {regular}
      </s>
      <span aria-label={`Harga promo ${formatPriceRange(variants, fallback, priceNow)}`}>
        {formatPriceRange(variants, fallback, priceNow)}
      </span>
    </p>
  );
}

/** The chosen size's price on the product page; on sale, with its end in WIB. */
export function SizePrice({ size, ends = false }: { size: Priced; ends?: boolean }) {
  if (size.sale_price === null) return <>{formatRupiah(size.price)}</>;
  return (
    <>
      <span className={styles.badge}>Promo</span>
      <s className={styles.regular} aria-label={`Harga normal ${formatRupiah(size.price)}`}>
        {formatRupiah(size.price)}
      </s>
      <span aria-label={`Harga promo ${formatRupiah(size.sale_price)}`}>{formatRupiah(size.sale_price)}</span>
      {ends && size.sale_ends_at && (
        <span className={styles.ends}>Promo berakhir {formatDateTime(size.sale_ends_at)} WIB</span>
      )}
    </>
  );
}
