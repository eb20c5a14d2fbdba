import { paidOrderStatuses } from '@gi/contracts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { containsText, matchesFtsByRow } from '../db/queries/text-search.ts';
import { orders, products, productsFts, productVariants, profiles } from '../db/schema.ts';
import { type CsvValue, wibDateTime } from '../lib/csv.ts';
import { type SeekOrder, seekAll } from '../lib/keyset.ts';

// The products and customers exports (decision 056): the search of their lists, every match
// newest first, a keyset page at a time. The orders export is the order domain's (orders/export.ts).

/** Rows per page, each page one D1 batch (the rows and what is read beside them). */
export const EXPORT_PAGE = 1000;

/**
 * One row per size, in the columns the product import reads back (services/product-import.ts),
 * so an exported file edited in a spreadsheet can be imported again.
 */
export const productExportHeader = [
  'ID Produk',
  'Nama Produk',
  'SKU',
  'Ukuran (ml)',
  'Harga (Rp)',
  'Stok',
  'Maks. per Pesanan',
  'Berat (gram)',
  'Konsentrasi',
  'Untuk',
  'Deskripsi',
  'Foto',
  'Dibuat (WIB)',
] as const;

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  image: products.image,
  concentration: products.concentration,
  gender: products.gender,
  createdAt: products.createdAt,
};
const sizeColumns = {
  productId: productVariants.productId,
  sku: productVariants.sku,
  sizeMl: productVariants.sizeMl,
  price: productVariants.price,
  stock: productVariants.stock,
  maxPerOrder: productVariants.maxPerOrder,
  weightGrams: productVariants.weightGrams,
};

const productOrder: SeekOrder = {
  createdAt: products.createdAt,
  tie: sql`${products.id}`,
  tieDescending: false,
  parseTie: String,
};

/** The catalogue's products (the search as products_fts reads it), walking products_created. */
export async function* productExportPages(
  db: Db,
  q: string | undefined,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<CsvValue[][], void, undefined> {
  const search = q ? matchesFtsByRow(products, productsFts, q) : undefined;
  const pages = seekAll(
    productOrder,
    pageSize,
    async (plan) => {
      const where = and(search, plan.where);
      const ids = db
        .select({ id: products.id })
        .from(products)
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit);
      const [rows, sizes] = await db.batch([
        db
          .select(productColumns)
          .from(products)
          .where(where)
          .orderBy(...plan.orderBy)
          .limit(plan.limit),
        db
          .select(sizeColumns)
          .from(productVariants)
          .where(inArray(productVariants.productId, ids))
          .orderBy(productVariants.productId, productVariants.sizeMl),
      ]);
      return rows.map((product) => ({
        product,
        sizes: sizes.filter((size) => size.productId === product.id),
      }));
    },
    ({ product }) => `${product.createdAt}~${product.id}`,
  );
  for await (const page of pages) {
    yield page.flatMap(({ product, sizes }) =>
      sizes.map((size) => [
        product.id,
        product.name,
        size.sku,
        size.sizeMl,
        size.price,
        size.stock,
        size.maxPerOrder,
        size.weightGrams,
        product.concentration,
        product.gender,
        product.description,
        product.image,
        wibDateTime(product.createdAt),
      ]),
    );
  }
}

export const customerExportHeader = [
  'ID Pelanggan',
  'Nama',
  'Email',
  'Telepon',
  'Terdaftar (WIB)',
  'Setuju Email Pemasaran (WIB)',
  'Jumlah Pesanan',
  'Pesanan Dibayar',
  'Total Belanja (Rp)',
  'Pesanan Terakhir (WIB)',
] as const;

const customerColumns = {
  id: profiles.id,
  name: profiles.name,
  email: profiles.email,
  phone: profiles.phone,
  createdAt: profiles.createdAt,
  consentAt: profiles.marketingConsentAt,
};

const customerOrder: SeekOrder = {
  createdAt: profiles.createdAt,
  tie: sql`${profiles.id}`,
  tieDescending: false,
  parseTie: String,
};

/**
 * Customer accounts (a search by name or email), walking profiles_role_created (migration 0053),
 * each with its orders, paid orders, what the paid ones came to, and the last order: a grouped
 * read of the page's customers through orders_user_created, in the page's batch.
 */
export async function* customerExportPages(
  db: Db,
  q: string | undefined,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<CsvValue[][], void, undefined> {
  const search = q ? or(containsText(profiles.name, q), containsText(profiles.email, q)) : undefined;
  const paid = inArray(orders.status, [...paidOrderStatuses]);
  const pages = seekAll(
    customerOrder,
    pageSize,
    async (plan) => {
      const where = and(eq(profiles.role, 'customer'), search, plan.where);
      const ids = db
        .select({ id: profiles.id })
        .from(profiles)
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit);
      const [rows, totals] = await db.batch([
        db
          .select(customerColumns)
          .from(profiles)
          .where(where)
          .orderBy(...plan.orderBy)
          .limit(plan.limit),
        db
          .select({
            userId: orders.userId,
            count: sql<number>`count(*)`,
            paid: sql<number>`count(*) FILTER (WHERE ${paid})`,
            spent: sql<number>`coalesce(sum(${orders.totalAmount}) FILTER (WHERE ${paid}), 0)`,
            last: sql<string>`max(${orders.createdAt})`,
          })
          .from(orders)
          .where(inArray(orders.userId, ids))
          .groupBy(orders.userId),
      ]);
      const byCustomer = new Map(totals.map((row) => [row.userId, row]));
      return rows.map((customer) => ({ customer, total: byCustomer.get(customer.id) }));
    },
    ({ customer }) => `${customer.createdAt}~${customer.id}`,
  );
  for await (const page of pages) {
    yield page.map(({ customer, total }) => [
      customer.id,
      customer.name,
      customer.email,
      customer.phone,
      wibDateTime(customer.createdAt),
      wibDateTime(customer.consentAt),
      total?.count ?? 0,
      total?.paid ?? 0,
      total?.spent ?? 0,
      wibDateTime(total?.last ?? null),
    ]);
  }
}
