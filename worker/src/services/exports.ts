import { paidOrderStatuses } from '@gi/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { matchesFtsByRow } from '../db/queries/text-search.ts';
import { orders, products, productsFts, productVariants, profiles, profilesFts } from '../db/schema.ts';
import { type CsvValue, wibDateTime } from '../lib/csv.ts';
import { type SeekOrder, seekAll } from '../lib/keyset.ts';

// The products and customers exports (decision 056): the search of their lists, every match
// newest first, a keyset page at a time. The orders export is the order domain's (orders/export.ts).

/**
 * Rows per page, each page one D1 query (what a row needs beside it read as a JSON column): a
 * Worker invocation may make 1,000 queries on Workers Paid.
 */
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
interface ExportSize {
  sku: string | null;
  sizeMl: number | null;
  price: number;
  stock: number | null;
  maxPerOrder: number;
  weightGrams: number;
}

/** A product's sizes, smallest first, as one JSON column of the page's query (one D1 query a page). */
const sizesColumn =
  sql<string>`(${sql`SELECT json_group_array(json_object('sku', ${productVariants.sku}, 'sizeMl', ${productVariants.sizeMl}, 'price', ${productVariants.price}, 'stock', ${productVariants.stock}, 'maxPerOrder', ${productVariants.maxPerOrder}, 'weightGrams', ${productVariants.weightGrams}) ORDER BY ${productVariants.sizeMl})
  FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id}`})`.mapWith(
    (json: string) => JSON.parse(json) as ExportSize[],
  );

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
    (plan) =>
      db
        .select({ ...productColumns, sizes: sizesColumn })
        .from(products)
        .where(and(search, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit),
    (product) => `${product.createdAt}~${product.id}`,
  );
  for await (const page of pages) {
    yield page.flatMap((product) =>
      product.sizes.map((size) => [
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

const paid = inArray(orders.status, [...paidOrderStatuses]);
/** A customer's orders, paid orders, what the paid ones came to and the last order's time, through orders_user_created. */
const totalsColumn =
  sql<string>`(${sql`SELECT json_array(count(*), count(*) FILTER (WHERE ${paid}), coalesce(sum(${orders.totalAmount}) FILTER (WHERE ${paid}), 0), max(${orders.createdAt}))
  FROM ${orders} WHERE ${orders.userId} = ${profiles.id}`})`.mapWith(
    (json: string) => JSON.parse(json) as [number, number, number, string | null],
  );

const customerOrder: SeekOrder = {
  createdAt: profiles.createdAt,
  tie: sql`${profiles.id}`,
  tieDescending: false,
  parseTie: String,
};

/**
 * Customer accounts, the customers list's search (words of the name or email by prefix through
 * profiles_fts, probed row by row) walking the list's index, each with its orders, paid orders,
 * what the paid ones came to, and the last order.
 */
export async function* customerExportPages(
  db: Db,
  q: string | undefined,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<CsvValue[][], void, undefined> {
  const search = q ? matchesFtsByRow(profiles, profilesFts, q) : undefined;
  const pages = seekAll(
    customerOrder,
    pageSize,
    (plan) =>
      db
        .select({ ...customerColumns, totals: totalsColumn })
        .from(profiles)
        .where(and(eq(profiles.role, 'customer'), search, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit),
    (customer) => `${customer.createdAt}~${customer.id}`,
  );
  for await (const page of pages) {
    yield page.map(({ totals: [count, paid, spent, last], ...customer }) => [
      customer.id,
      customer.name,
      customer.email,
      customer.phone,
      wibDateTime(customer.createdAt),
      wibDateTime(customer.consentAt),
      count,
      paid,
      spent,
      wibDateTime(last),
    ]);
  }
}
