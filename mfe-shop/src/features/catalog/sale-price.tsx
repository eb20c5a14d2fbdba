import { formatPriceRange, formatRupiah, priceNow } from '@gi/contracts/web';
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

/** The struck regular price and the sale price, each named for a screen reader. */
function Prices({ regular, now }: { regular: string; now: string }) {
  return (
    <>
      <span className={styles.badge}>Promo</span>
      <s className={styles.regular}>
        <span className={styles.hidden}>Harga normal </span>
        {regular}
      </s>
      <span>
        <span className={styles.hidden}>Harga promo </span>
        {now}
      </span>
    </>
  );
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
  const onSale = variants.some((variant) => variant.sale_price !== null);
  return (
    <p className={className}>
      {onSale ? <Prices regular={regular} now={formatPriceRange(variants, fallback, priceNow)} /> : regular}
    </p>
  );
}

/**
 * The chosen size's price on the product page. Its end is not shown: Intl's date formatting would
 * join the first visit's script (the home page's budget); the API and the JSON-LD carry it.
 */
export function SizePrice({ size }: { size: Priced }) {
  if (size.sale_price === null) return <>{formatRupiah(size.price)}</>;
  return <Prices regular={formatRupiah(size.price)} now={formatRupiah(size.sale_price)} />;
}
