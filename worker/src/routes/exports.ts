import { MAX_IMPORT_BYTES } from '@gi/contracts';
import { csv } from '@gi/contracts/endpoints';
import { jsonBodyLimit } from '../api/body-limit.ts';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { csvFileName, csvResponse, csvStream } from '../lib/csv.ts';
import { orderExportHeader, orderExportPages } from '../orders/export.ts';
import {
  customerExportHeader,
  customerExportPages,
  productExportHeader,
  productExportPages,
} from '../services/exports.ts';
import { checkImport, runImport } from '../services/product-import.ts';

// CSV out and products in (decision 056). The exports stream: each page is read from D1 as the
// download asks for it.

// The file's text as JSON: its bytes, escaped quotes and line breaks, and the envelope.
const importLimit = { use: [jsonBodyLimit(2 * MAX_IMPORT_BYTES)] };

export const exportRoutes = createRouter()
  .openapi(defineEndpoint(csv.orders), (c) => {
    const pages = orderExportPages(getDb(c.env.DB), c.req.valid('query'));
    return csvResponse(csvFileName('pesanan'), csvStream(orderExportHeader, pages));
  })
  .openapi(defineEndpoint(csv.products), (c) => {
    const pages = productExportPages(getDb(c.env.DB), c.req.valid('query').q);
    return csvResponse(csvFileName('produk'), csvStream(productExportHeader, pages));
  })
  .openapi(defineEndpoint(csv.customers), (c) => {
    const pages = customerExportPages(getDb(c.env.DB), c.req.valid('query').q);
    return csvResponse(csvFileName('pelanggan'), csvStream(customerExportHeader, pages));
  })
  .openapi(defineEndpoint(csv.checkImport, importLimit), async (c) => {
    const { report } = await checkImport(getDb(c.env.DB), c.req.valid('json').csv);
    return c.json(report, 200);
  })
  .openapi(defineEndpoint(csv.runImport, importLimit), async (c) => {
    const adminId = c.get('auth')?.userId as string;
    return c.json(await runImport(getDb(c.env.DB), c.env, c.req.valid('json').csv, adminId), 200);
  });
