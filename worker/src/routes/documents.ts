import { INVOICE_NOT_ISSUED, ORDER_NOT_FOUND } from '@gi/contracts';
import { documents } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { type Db, getDb } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { pdfResponse } from '../lib/pdf.ts';
import { ownedOrder } from '../middleware/order-owner.ts';
import { invoicePdf } from '../orders/documents/invoice.ts';
import { packingSlipsPdf } from '../orders/documents/packing-slip.ts';
import { BULK_LIMIT, documentOrders, ordersPaidOn } from '../orders/documents/reads.ts';
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

/** The bulk documents' orders: the day's paid ones, or the selected ones (at most BULK_LIMIT). */
async function manyOrders(db: Db, query: { date?: string; ids?: string }) {
  const ids = query.date
    ? await ordersPaidOn(db, query.date)
    : [
        ...new Set(
          (query.ids ?? '')
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ];
  if (ids.length > BULK_LIMIT)
    throw new AppError(400, 'invalid_input', `Paling banyak ${BULK_LIMIT} pesanan sekaligus`);
  const found = await documentOrders(db, ids);
  if (found.length === 0) throw new AppError(404, 'not_found', 'Tidak ada pesanan untuk dicetak');
  return found;
}

const bulkName = (kind: string, query: { date?: string }) => `${kind}-${query.date ?? 'terpilih'}.pdf`;

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
  .openapi(defineEndpoint(documents.readSettings), async (c) =>
    c.json(await readInvoiceSettings(getDb(c.env.DB)), 200),
  )
  .openapi(defineEndpoint(documents.saveSettings), async (c) => {
    const saved = c.req.valid('json');
    await writeInvoiceSettings(getDb(c.env.DB), saved);
    return c.json(saved, 200);
  });
