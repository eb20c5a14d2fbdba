import { formatSize } from '@gi/contracts';
import type { Db } from '../db/client.ts';
import { findVariants, type NewOrderLine } from '../db/queries/orders.ts';
import { AppError } from './errors.ts';

export interface PricedCart {
  lines: NewOrderLine[];
  /** Per line: the units left of its size, null when not counted. */
  stock: (number | null)[];
  itemCount: number;
  subtotal: number;
}

/**
 * A cart priced from its sizes in D1 (never from the browser); a size that does not exist,
 * or not of the named product, is a 400 naming its line.
 */
export async function pricedCart(
  db: Db,
  items: { productId: string; variantId: string; quantity: number }[],
): Promise<PricedCart> {
  const found = new Map(
    (
      await findVariants(
        db,
        items.map((item) => item.variantId),
      )
    ).map((variant) => [variant.id, variant]),
  );
  const lines: NewOrderLine[] = [];
  const stock: (number | null)[] = [];
  const missing: Record<string, string> = {};
  items.forEach(({ productId, variantId, quantity }, index) => {
    const variant = found.get(variantId);
    if (variant && variant.productId === productId) {
      lines.push({
        productId,
        variantId,
        sizeMl: variant.sizeMl,
        productName: variant.name,
        productPrice: variant.price,
        quantity,
      });
      stock.push(variant.stock);
    } else {
      missing[`items.${index}.productId`] = 'Produk tidak ditemukan';
    }
  });
  if (Object.keys(missing).length > 0) {
    throw new AppError(400, 'product_not_found', 'Produk tidak ditemukan', missing);
  }
  return {
    lines,
    stock,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: lines.reduce((sum, line) => sum + line.productPrice * line.quantity, 0),
  };
}

/** The refusal of a cart with lines its sizes' stock cannot fill (409, each line named). */
export function outOfStock(cart: Pick<PricedCart, 'lines' | 'stock'>): AppError | null {
  const short: Record<string, string> = {};
  cart.lines.forEach((line, index) => {
    const left = cart.stock[index];
    if (left === null || left === undefined || left >= line.quantity) return;
    const what = `${line.productName} ${formatSize(line.sizeMl)}`;
    short[`items.${index}.quantity`] = left === 0 ? `Stok ${what} habis` : `Stok ${what} tinggal ${left}`;
  });
  const messages = Object.values(short);
  if (messages.length === 0) return null;
  return new AppError(
    409,
    'out_of_stock',
    `${messages.join('; ')}. Ubah jumlah atau hapus produk tersebut dari keranjang.`,
    short,
  );
}
