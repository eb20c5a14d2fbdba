import { formatSize } from '@gi/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products, productVariants, variantComponents } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { saleColumn } from '../services/sale-price.ts';
import { shownStockSql } from '../services/shown-stock.ts';
import { heldUnits } from '../services/stock.ts';
import type { NewOrderLine } from './record.ts';

// A cart priced from D1 (never from the browser), with the stock and per-customer limits it must
// respect: what checkout and the shipping quote both price.

/** A line of a cart or an order as the parcel needs it: per-unit price and shipping weight. */
export interface ParcelLine {
  name: string;
  price: number;
  quantity: number;
  weightGrams: number;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
}

/** A cart line priced now: `productPrice` is the live sale's when one is on its size (decision 046). */
export interface PricedLine extends NewOrderLine {
  /** Priced by a timed sale: a voucher that does not combine with sales skips it (decision 046). */
  onSale: boolean;
  /** A discovery set (decision 061): its 'Kredit Sampel' pays toward its samples' products. */
  isSet: boolean;
  /** The admin's 'Kredit Sampel' on a sample or set: null = the price paid, 0 = none. */
  sampleCredit: number | null;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Per line: the units left of its size, null when not counted. */
  stock: (number | null)[];
  /** Per line: the units of its size one customer may hold in unpaid orders (decision 025). */
  maxPerOrder: number[];
  /** Per line: what the courier prices, the sizes' weights and boxes as D1 holds them. */
  parcel: ParcelLine[];
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
  const lines: PricedLine[] = [];
  const stock: (number | null)[] = [];
  const maxPerOrder: number[] = [];
  const parcel: ParcelLine[] = [];
  const missing: Record<string, string> = {};
  items.forEach(({ productId, variantId, quantity }, index) => {
    const variant = found.get(variantId);
    if (variant && variant.productId === productId) {
      // The price the product page shows now: its size's live sale, else its own.
      const price = variant.sale?.price ?? variant.price;
      lines.push({
        productId,
        variantId,
        sizeMl: variant.sizeMl,
        productName: variant.name,
        productPrice: price,
        quantity,
        onSale: variant.sale !== null,
        isSet: variant.isSet,
        sampleCredit: variant.sampleCredit,
      });
      stock.push(variant.stock);
      maxPerOrder.push(variant.maxPerOrder);
      parcel.push({
        name: `${variant.name} ${formatSize(variant.sizeMl)}`,
        price,
        quantity,
        weightGrams: variant.weightGrams,
        lengthCm: variant.lengthCm,
        widthCm: variant.widthCm,
        heightCm: variant.heightCm,
      });
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
    maxPerOrder,
    parcel,
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

const HELD_HINT =
  'Selesaikan pembayaran atau batalkan pesanan yang belum dibayar untuk membeli lebih banyak.';

/**
 * The refusal (422, each line named) of a cart that would give the customer more of a size than
 * its max_per_order, counting the units of that size in their other unpaid orders (decision 025).
 * The trigger order_items_held_limit enforces the same rule in the order's batch.
 */
export async function overLimit(
  db: Db,
  userId: string,
  cart: Pick<PricedCart, 'lines' | 'maxPerOrder'>,
): Promise<AppError | null> {
  const held = await heldUnits(
    db,
    userId,
    cart.lines.map((line) => line.variantId),
  );
  const over: Record<string, string> = {};
  let holding = false;
  cart.lines.forEach((line, index) => {
    const max = cart.maxPerOrder[index] ?? 0;
    const mine = held.get(line.variantId) ?? 0;
    if (mine + line.quantity <= max) return;
    const what = `${line.productName} ${formatSize(line.sizeMl)}`;
    if (mine === 0) {
      over[`items.${index}.quantity`] = `${what} maksimal ${max} per pesanan`;
      return;
    }
    holding = true;
    const left = Math.max(0, max - mine);
    over[`items.${index}.quantity`] =
      `${what} maksimal ${max} per pelanggan selama pesanan belum dibayar; ${mine} sudah ada di pesanan Anda yang belum dibayar` +
      (left > 0 ? `, sisa ${left}` : '');
  });
  const messages = Object.values(over);
  if (messages.length === 0) return null;
  return new AppError(
    422,
    'over_order_limit',
    `${messages.join('; ')}. Kurangi jumlahnya.${holding ? ` ${HELD_HINT}` : ''}`,
    over,
  );
}

/** When the trigger refused an order but a second read finds nothing over (the other order went meanwhile). */
export const heldLimitRefusal = () =>
  new AppError(422, 'over_order_limit', `Jumlah produk melebihi batas per pesanan. ${HELD_HINT}`);

/**
 * The given sizes with their product's name, price and live sale (services/sale-price.ts), stock,
 * maximum per order and shipping weight; ids that do not exist are absent.
 */
export function findVariants(db: Db, ids: string[]) {
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      name: products.name,
      sizeMl: productVariants.sizeMl,
      price: productVariants.price,
      sale: saleColumn('"product_variants"'),
      // A discovery set's is its samples' (decision 061).
      stock: sql<number | null>`${sql.raw(shownStockSql('"product_variants"'))}`,
      maxPerOrder: productVariants.maxPerOrder,
      weightGrams: productVariants.weightGrams,
      lengthCm: productVariants.lengthCm,
      widthCm: productVariants.widthCm,
      heightCm: productVariants.heightCm,
      sampleCredit: productVariants.sampleCredit,
      isSet:
        sql<boolean>`EXISTS (SELECT 1 FROM ${variantComponents} WHERE ${variantComponents.setVariantId} = ${productVariants.id})`.mapWith(
          Boolean,
        ),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
}
