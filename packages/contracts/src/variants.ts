// A product's sizes as the pages show them (zod-free: on a shopper's first page view).
import { formatRupiah } from './format.ts';

interface Sized {
  size_ml: number | null;
  price: number;
  stock: number | null;
}

/** Shown where a size is sold out, on cards, the product page and cart lines. */
export const SOLD_OUT = 'Stok habis';

/** Why the cart stops a line's quantity at the size's maximum (the API says it naming the size). */
export function maxPerOrderMessage(max: number): string {
  return `Maksimal ${max} per pesanan`;
}

/** '50 ml'; a size never entered (a product from before sizes) reads as the standard size. */
export function formatSize(sizeMl: number | null): string {
  return sizeMl === null ? 'Ukuran standar' : `${sizeMl} ml`;
}

/** Null stock is not counted: it never runs out. */
export function inStock(variant: Pick<Sized, 'stock'>): boolean {
  return variant.stock === null || variant.stock > 0;
}

/** The size a card's quick add and the product page start with: the first one in stock. */
export function defaultVariant<T extends Sized>(variants: readonly T[]): T | undefined {
  return variants.find(inStock) ?? variants[0];
}

/** A size's price now: its timed sale's while one is on (the server's, decision 046). */
export function priceNow(variant: { price: number; sale_price?: number | null }): number {
  return variant.sale_price ?? variant.price;
}

/** 'Rp 250.000', or 'Rp 250.000 – Rp 450.000' when the sizes' prices differ; `price` picks which. */
export function formatPriceRange<T extends Sized>(
  variants: readonly T[],
  fallback: number,
  price: (variant: T) => number = (variant) => variant.price,
): string {
  const prices = variants.map(price);
  const low = Math.min(...prices, Number.POSITIVE_INFINITY);
  const high = Math.max(...prices, Number.NEGATIVE_INFINITY);
  if (!Number.isFinite(low)) return formatRupiah(fallback);
  return low === high ? formatRupiah(low) : `${formatRupiah(low)} – ${formatRupiah(high)}`;
}
