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

/** Orders per page: two D1 queries (the page, then its lines) per 500 orders. */
export const ORDER_EXPORT_PAGE = 500;

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
  orderId: string;
  name: string;
  sizeMl: number | null;
  quantity: number;
}

/** The page's lines, by the page's ids as one JSON parameter (D1 binds at most 100 values). */
const itemsOfPage = (db: Db, ids: string[]) =>
  db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.productName,
      sizeMl: orderItems.sizeMl,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(sql`${orderItems.orderId} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
    .orderBy(sql`rowid`);

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
        .select(orderColumns)
        .from(orders)
        .where(and(filter, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit),
    cursorOf,
  );
  for await (const page of pages) {
    const byOrder = new Map<string, ExportItem[]>();
    for (const item of await itemsOfPage(
      db,
      page.map((order) => order.id),
    )) {
      byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    }
    yield page.map((order) => orderRecord(order, byOrder.get(order.id) ?? []));
  }
}
