import { type OrderStatus, orderStateLabel, paymentStatusLabels, refundStatusLabels } from '@gi/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { matchesFtsByRow } from '../db/queries/text-search.ts';
import { orderItems, orders, ordersFts } from '../db/schema.ts';
import { type CsvValue, wibDateTime } from '../lib/csv.ts';
import { seekAll } from '../lib/keyset.ts';
import { adminOrder, ID_PREFIX, idPrefixRange } from './admin-lists.ts';
import { cursorOf, type OrderHead, orderColumns } from './answers.ts';

// The orders export (GET /api/admin/exports/orders.csv, decision 056): the admin list's filters,
// every matching order newest first, read a keyset page at a time.

/** Orders per page: one D1 query each, 500 for 500,000 orders. */
export const ORDER_EXPORT_PAGE = 1000;

export const orderExportHeader = [
  'Nomor Pesanan',
  'Tanggal (WIB)',
  'Status',
  'Status Pembayaran',
  'Status Refund',
  'Nama Pelanggan',
  'Email',
  'Telepon',
  'Alamat',
  'Kecamatan',
  'Kabupaten/Kota',
  'Provinsi',
  'Kode Pos',
  'Produk',
  'Jumlah Barang',
  'Subtotal (Rp)',
  'Kode Voucher',
  'Diskon (Rp)',
  'Kredit Sampel (Rp)',
  'Ongkos Kirim (Rp)',
  'Bungkus Kado (Rp)',
  'Biaya COD (Rp)',
  'Kode Unik (Rp)',
  'Total (Rp)',
  'Layanan Pengiriman',
  'Kurir',
  'Nomor Resi',
] as const;

interface ExportItem {
  name: string;
  sizeMl: number | null;
  quantity: number;
}

/**
 * An order's lines, in the cart's order, as one JSON column of the page's own query (each
 * through order_items' order_id index): a page is one D1 query, so 500,000 orders stay within
 * the 1,000 queries a Worker invocation may make. Nested, as answers.ts's payment status: the
 * outer select writes its own columns unqualified, where `id` would read order_items.id.
 */
const itemsColumn =
  sql<string>`(${sql`SELECT json_group_array(json_array(${orderItems.productName}, ${orderItems.sizeMl}, ${orderItems.quantity}) ORDER BY ${orderItems}.rowid)
  FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id}`})`.mapWith((json: string) =>
    (JSON.parse(json) as [string, number | null, number][]).map(([name, sizeMl, quantity]) => ({
      name,
      sizeMl,
      quantity,
    })),
  );

const itemText = ({ name, sizeMl, quantity }: ExportItem) =>
  `${name}${sizeMl ? ` ${sizeMl} ml` : ''} × ${quantity}`;

function orderRecord(order: OrderHead, items: ExportItem[]): CsvValue[] {
  return [
    order.id,
    wibDateTime(order.created_at),
    orderStateLabel(order.status, order.payment_status),
    order.payment_status ? paymentStatusLabels[order.payment_status] : '',
    order.refund_status ? refundStatusLabels[order.refund_status] : '',
    order.customer_name,
    order.customer_email,
    order.customer_phone,
    order.customer_address,
    order.district_name,
    order.regency_name,
    order.province_name,
    order.postal_code,
    items.map(itemText).join('; '),
    items.reduce((sum, item) => sum + item.quantity, 0),
    order.subtotal_amount,
    order.voucher_code,
    order.discount_amount,
    order.credit_amount,
    order.shipping_fee,
    order.gift_wrap_fee,
    order.cod_fee,
    order.unique_code,
    order.total_amount,
    order.shipping_service,
    order.courier,
    order.tracking_number,
  ];
}

export interface OrderExportFilter {
  q?: string | undefined;
  status?: OrderStatus | undefined;
}

/**
 * The export's records, a page at a time. The search is the list's (an id prefix, or words of
 * names and emails through orders_fts), tested row by row while the (status,) created_at index
 * is walked: the pages together read that index once, whatever share of it matches.
 */
export async function* orderExportPages(
  db: Db,
  { q, status }: OrderExportFilter,
  pageSize = ORDER_EXPORT_PAGE,
): AsyncGenerator<CsvValue[][], void, undefined> {
  const text = q?.toLowerCase();
  const search =
    text === undefined
      ? undefined
      : ID_PREFIX.test(text)
        ? idPrefixRange(text, true)
        : matchesFtsByRow(orders, ordersFts, q as string);
  const filter = and(search, status ? eq(orders.status, status) : undefined);
  const pages = seekAll(
    adminOrder,
    pageSize,
    (plan) =>
      db
        .select({ ...orderColumns, items: itemsColumn })
        .from(orders)
        .where(and(filter, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit),
    cursorOf,
  );
  for await (const page of pages) yield page.map(({ items, ...order }) => orderRecord(order, items));
}
