import type { Db } from '../db/client.ts';
import { findProducts, type NewOrderLine } from '../db/queries/orders.ts';
import { AppError } from './errors.ts';

export interface PricedCart {
  lines: NewOrderLine[];
  itemCount: number;
  subtotal: number;
}

/** A cart priced from D1 (never from the browser); an unknown product is a 400 naming its line. */
export async function pricedCart(
  db: Db,
  items: { productId: string; quantity: number }[],
): Promise<PricedCart> {
  const found = new Map(
    (
      await findProducts(
        db,
        items.map((item) => item.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const lines: NewOrderLine[] = [];
  const missing: Record<string, string> = {};
  items.forEach(({ productId, quantity }, index) => {
    const product = found.get(productId);
    if (product) {
      lines.push({ productId, productName: product.name, productPrice: product.price, quantity });
    } else {
      missing[`items.${index}.productId`] = 'Produk tidak ditemukan';
    }
  });
  if (Object.keys(missing).length > 0) {
    throw new AppError(400, 'product_not_found', 'Produk tidak ditemukan', missing);
  }
  return {
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: lines.reduce((sum, line) => sum + line.productPrice * line.quantity, 0),
  };
}
