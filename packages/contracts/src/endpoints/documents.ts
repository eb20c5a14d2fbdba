import {
  bulkDocumentsQuerySchema,
  documentPartsSchema,
  documentsDayQuerySchema,
  INVOICE_NOT_ISSUED,
  invoiceMonthPdfQuerySchema,
  invoiceMonthQuerySchema,
  invoiceMonthSchema,
  invoiceSettingsSchema,
  NO_INVOICES_IN_MONTH,
  paperFormatQuerySchema,
} from '../schemas/documents.ts';
import { ORDER_NOT_FOUND, orderIdParamsSchema } from '../schemas/orders.ts';
import {
  adminOnly,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  OWNER,
} from './define.ts';

// Printed documents (issue 42, decision 057): the invoice with its PPN, packing slips and the
// shop's shipping labels, as PDF files drawn by the Worker.

const tags = ['Dokumen'];

/** A PDF file as the answer's body. */
const pdfAnswer = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } },
});

const missing = errorAnswer(ORDER_NOT_FOUND);

export const invoice = endpoint({
  method: 'get',
  path: '/orders/{id}/invoice.pdf',
  tags,
  summary: 'Faktur pesanan (PDF): pemilik pesanan atau admin, setelah pembayaran diterima',
  policy: OWNER,
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: {
    200: pdfAnswer('Faktur dengan PPN dan terbilang'),
    404: missing,
    409: errorAnswer(INVOICE_NOT_ISSUED),
  },
});

export const packingSlip = endpoint({
  method: 'get',
  path: '/admin/orders/{id}/packing-slip.pdf',
  tags,
  summary: 'Slip pengemasan satu pesanan (PDF), A4 atau label 100 × 150 mm',
  policy: adminOnly('orders'),
  request: { params: orderIdParamsSchema, query: paperFormatQuerySchema },
  example: { params: { id: EXAMPLE_IDS.order }, query: { format: 'label' } },
  responses: { 200: pdfAnswer('Slip pengemasan'), 400: invalidAnswer, 404: missing },
});

export const shippingLabel = endpoint({
  method: 'get',
  path: '/admin/orders/{id}/shipping-label.pdf',
  tags,
  summary: 'Label pengiriman satu pesanan (PDF, 100 × 150 mm) dengan barcode resi',
  policy: adminOnly('orders'),
  request: { params: orderIdParamsSchema },
  example: { params: { id: EXAMPLE_IDS.order } },
  responses: { 200: pdfAnswer('Label pengiriman'), 404: missing },
});

const noOrders = errorAnswer('Tidak ada pesanan untuk dicetak');

export const packingSlips = endpoint({
  method: 'get',
  path: '/admin/documents/packing-slips.pdf',
  tags,
  summary: 'Slip pengemasan sekaligus: pesanan yang dibayar pada satu hari (WIB) atau pesanan terpilih',
  policy: adminOnly('orders'),
  request: { query: bulkDocumentsQuerySchema },
  example: { query: { date: '2026-11-20', part: '2', format: 'a4' } },
  responses: {
    200: pdfAnswer('Slip pengemasan, satu halaman per pesanan'),
    400: invalidAnswer,
    404: noOrders,
  },
});

export const shippingLabels = endpoint({
  method: 'get',
  path: '/admin/documents/shipping-labels.pdf',
  tags,
  summary: 'Label pengiriman sekaligus: pesanan yang dibayar pada satu hari (WIB) atau pesanan terpilih',
  policy: adminOnly('orders'),
  request: { query: bulkDocumentsQuerySchema },
  example: { query: { ids: EXAMPLE_IDS.order } },
  responses: {
    200: pdfAnswer('Label pengiriman, satu halaman per pesanan'),
    400: invalidAnswer,
    404: noOrders,
  },
});

export const paidOnDay = endpoint({
  method: 'get',
  path: '/admin/documents/paid-orders',
  tags,
  summary: 'Berapa pesanan yang dibayar pada satu hari (WIB) untuk dicetak, dan per berapa bagian',
  policy: adminOnly('orders'),
  request: { query: documentsDayQuerySchema },
  example: { query: { date: '2026-11-20' } },
  responses: {
    200: jsonAnswer(documentPartsSchema, 'Jumlah pesanan dan ukuran satu bagian'),
    400: invalidAnswer,
  },
});

// The month's invoices are money documents: 'reports', as the sales figures (an order handler
// prints the parcels' papers, not the books).

export const invoiceMonth = endpoint({
  method: 'get',
  path: '/admin/documents/invoices',
  tags,
  summary: 'Faktur satu bulan (WIB): jumlahnya, nomor pertama dan terakhir, dan bagian PDF-nya',
  policy: adminOnly('reports'),
  request: { query: invoiceMonthQuerySchema },
  example: { query: { month: '2026-11' } },
  responses: { 200: jsonAnswer(invoiceMonthSchema, 'Faktur bulan itu'), 400: invalidAnswer },
});

export const invoicesOfMonth = endpoint({
  method: 'get',
  path: '/admin/documents/invoices.pdf',
  tags,
  summary: 'Semua faktur satu bulan (WIB) dalam satu PDF, urut nomor faktur, per bagian',
  policy: adminOnly('reports'),
  request: { query: invoiceMonthPdfQuerySchema },
  example: { query: { month: '2026-11', part: '1' } },
  responses: {
    200: pdfAnswer('Faktur bulan itu, urut nomor'),
    400: invalidAnswer,
    404: errorAnswer(NO_INVOICES_IN_MONTH),
  },
});

const seller = jsonAnswer(
  invoiceSettingsSchema,
  'Penjual pada faktur dan label: nama, NPWP, alamat, status PPN',
);

export const readSettings = endpoint({
  method: 'get',
  path: '/admin/settings/invoice',
  tags: ['Pengaturan'],
  summary: "Pengaturan 'Faktur': nama perusahaan, NPWP, alamat dan status PPN",
  policy: adminOnly('settings'),
  responses: { 200: jsonAnswer(invoiceSettingsSchema.nullable(), 'Belum disimpan: null') },
});

export const saveSettings = endpoint({
  method: 'put',
  path: '/admin/settings/invoice',
  tags: ['Pengaturan'],
  summary: "Simpan pengaturan 'Faktur'",
  policy: adminOnly('settings'),
  request: { body: jsonBody(invoiceSettingsSchema) },
  example: {
    body: {
      companyName: 'PT. Global Imperium',
      npwp: '0123.4567.8901.2345',
      address: 'Jl. Sudirman No. 1, Jakarta Selatan 12190',
      tax: 'included',
    },
  },
  responses: { 200: seller, 400: invalidAnswer },
});
