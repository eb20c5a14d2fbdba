import {
  BULK_DOCUMENTS_MAX,
  INVOICE_NOT_ISSUED,
  INVOICES_PER_PART,
  NO_INVOICES_IN_MONTH,
  ORDER_NOT_FOUND,
} from '@gi/contracts';
import { documents } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { type Db, getDb } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { pdfResponse } from '../lib/pdf.ts';
import { ownedOrder } from '../middleware/order-owner.ts';
import { type InvoicedOrder, invoicePdf, invoicesPdf } from '../orders/documents/invoice.ts';
import { packingSlipsPdf } from '../orders/documents/packing-slip.ts';
import {
  countPaidOn,
  type DocumentOrder,
  documentOrders,
  invoicedInMonth,
  invoiceMonthEnds,
  ordersPaidOn,
} from '../orders/documents/reads.ts';
import { sellerOf } from '../orders/documents/seller.ts';
import { shippingLabelsPdf } from '../orders/documents/shipping-label.ts';
import { readInvoiceSettings, writeInvoiceSettings } from '../settings/rows.ts';

// Printed documents (decision 057): the invoice for its buyer and the admin, packing slips and
// shipping labels for the admin, one order or many, drawn as PDF on each request.

async function oneOrder(db: Db, id: string) {
  const [found] = await documentOrders(db, [id]);
  if (!found) throw new AppError(404, 'not_found', ORDER_NOT_FOUND);
  return found;
}

const tooMany = () =>
  new AppError(400, 'invalid_input', `Paling banyak ${BULK_DOCUMENTS_MAX} pesanan sekaligus`);

/**
 * An order with a parcel to pack: not cancelled, and paid (its invoice) or on its way without
 * money yet (a COD parcel ships before its cash, as 'processing').
 */
const toPack = ({ order, invoice }: DocumentOrder) =>
  order.status !== 'cancelled' && (invoice !== null || order.status !== 'pending');

/**
 * The bulk documents' orders: the day's paid ones (a part of BULK_DOCUMENTS_MAX, or the whole day
 * if it fits: never a print that silently leaves some out), or the selected ones that have a
 * parcel to pack (at most BULK_DOCUMENTS_MAX).
 */
async function manyOrders(db: Db, query: { date?: string; part?: number; ids?: string }) {
  let found: DocumentOrder[];
  if (query.date) {
    const ids = await ordersPaidOn(db, query.date, query.part);
    if (ids.length > BULK_DOCUMENTS_MAX && query.part === undefined) throw tooMany();
    found = await documentOrders(db, ids.slice(0, BULK_DOCUMENTS_MAX));
  } else {
    const ids = [
      ...new Set(
        (query.ids ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length > BULK_DOCUMENTS_MAX) throw tooMany();
    found = (await documentOrders(db, ids)).filter(toPack);
  }
  if (found.length === 0) throw new AppError(404, 'not_found', 'Tidak ada pesanan untuk dicetak');
  return found;
}

const bulkName = (kind: string, query: { date?: string; part?: number }) =>
  `${kind}-${query.date ?? 'terpilih'}${query.part ? `-bagian-${query.part}` : ''}.pdf`;

export const documentRoutes = createRouter()
  .openapi(defineEndpoint(documents.invoice), async (c) => {
    const db = getDb(c.env.DB);
    const found = await oneOrder(db, ownedOrder(c).order.id);
    const { invoice } = found;
    if (!invoice) throw new AppError(409, 'invoice_not_issued', INVOICE_NOT_ISSUED);
    const { seller } = await sellerOf(db);
    return pdfResponse(await invoicePdf({ ...found, invoice }, seller), `${invoice.number}.pdf`);
  })
  .openapi(defineEndpoint(documents.packingSlip), async (c) => {
    const found = await oneOrder(getDb(c.env.DB), c.req.valid('param').id);
    const bytes = await packingSlipsPdf([found], c.req.valid('query').format ?? 'a4');
    return pdfResponse(bytes, `slip-${found.order.id.slice(0, 8)}.pdf`);
  })
  .openapi(defineEndpoint(documents.shippingLabel), async (c) => {
    const db = getDb(c.env.DB);
    const found = await oneOrder(db, c.req.valid('param').id);
    const { sender } = await sellerOf(db);
    return pdfResponse(await shippingLabelsPdf([found], sender), `label-${found.order.id.slice(0, 8)}.pdf`);
  })
  .openapi(defineEndpoint(documents.packingSlips), async (c) => {
    const query = c.req.valid('query');
    const bytes = await packingSlipsPdf(await manyOrders(getDb(c.env.DB), query), query.format ?? 'a4');
    return pdfResponse(bytes, bulkName('slip', query));
  })
  .openapi(defineEndpoint(documents.shippingLabels), async (c) => {
    const db = getDb(c.env.DB);
    const query = c.req.valid('query');
    const [found, { sender }] = await Promise.all([manyOrders(db, query), sellerOf(db)]);
    return pdfResponse(await shippingLabelsPdf(found, sender), bulkName('label', query));
  })
  .openapi(defineEndpoint(documents.paidOnDay), async (c) =>
    c.json(
      {
        count: await countPaidOn(getDb(c.env.DB), c.req.valid('query').date),
        perPart: BULK_DOCUMENTS_MAX,
      },
      200,
    ),
  )
  .openapi(defineEndpoint(documents.invoiceMonth), async (c) => {
    const ends = await invoiceMonthEnds(getDb(c.env.DB), c.req.valid('query').month);
    return c.json(
      {
        count: ends?.count ?? 0,
        perPart: INVOICES_PER_PART,
        first: ends?.first.number ?? null,
        last: ends?.last.number ?? null,
      },
      200,
    );
  })
  .openapi(defineEndpoint(documents.invoicesOfMonth), async (c) => {
    const db = getDb(c.env.DB);
    const { month, part = 1 } = c.req.valid('query');
    const ends = await invoiceMonthEnds(db, month);
    if (ends && part > Math.ceil(ends.count / INVOICES_PER_PART))
      throw new AppError(
        404,
        'not_found',
        `Faktur bulan itu hanya ${Math.ceil(ends.count / INVOICES_PER_PART)} bagian`,
      );
    const ids = ends ? await invoicedInMonth(db, month, ends.first.seq, part) : [];
    const found = (await documentOrders(db, ids)).filter((one): one is InvoicedOrder => !!one.invoice);
    if (found.length === 0) throw new AppError(404, 'not_found', NO_INVOICES_IN_MONTH);
    const { seller } = await sellerOf(db);
    const name = `faktur-${month}${ends && ends.count > INVOICES_PER_PART ? `-bagian-${part}` : ''}`;
    return pdfResponse(await invoicesPdf(found, seller, `Faktur ${month}`), `${name}.pdf`);
  })
  .openapi(defineEndpoint(documents.readSettings), async (c) =>
    c.json(await readInvoiceSettings(getDb(c.env.DB)), 200),
  )
  .openapi(defineEndpoint(documents.saveSettings), async (c) => {
    const saved = c.req.valid('json');
    await writeInvoiceSettings(getDb(c.env.DB), saved);
    return c.json(saved, 200);
  });
