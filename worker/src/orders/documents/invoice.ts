import { formatRupiah, type InvoiceSettings } from '@gi/contracts';
import terbilangExport from 'terbilang-ts';
import { PdfFile, type Sheet } from '../../lib/pdf.ts';
import { fullAddress, orderLabel, sizeOf, wibDateTime } from './layout.ts';
import { splitPpn } from './ppn.ts';
import type { DocumentOrder } from './reads.ts';

// The invoice (decision 057): the seller from 'Faktur', the buyer, the lines and every charge of
// the order's total, the total in words, and the PPN the total includes.

/** The seller as printed: the admin's 'Faktur', or the shop's name and contact address until it is saved. */
export type Seller = Pick<InvoiceSettings, 'companyName' | 'address' | 'tax'> & { npwp: string | null };

/**
 * terbilang-ts is CommonJS with `exports.default`: Vite hands over the function, wrangler's esbuild
 * (Node's ESM interop, the worker being `"type": "module"`) the exports object holding it.
 */
const terbilang: (value: number) => string =
  typeof terbilangExport === 'function'
    ? terbilangExport
    : (terbilangExport as unknown as { default: (value: number) => string }).default;

/** The total in words as Indonesian invoices write it: 'Empat Ratus Tujuh Puluh Tujuh Ribu Rupiah'. */
export const inWords = (amount: number) => `${amount === 0 ? 'Nol' : terbilang(amount)} Rupiah`;

/** The charges between the lines and the total, each with its sign: they add up to the total. */
export function charges(order: DocumentOrder['order']): [string, number][] {
  const rows: [string, number][] = [['Subtotal', order.subtotal_amount]];
  if (order.discount_amount > 0)
    rows.push([`Diskon (${order.voucher_code ?? 'voucher'})`, -order.discount_amount]);
  if (order.credit_amount > 0) rows.push(['Kredit Sampel', -order.credit_amount]);
  if (order.gift_wrap) rows.push(['Bungkus Kado', order.gift_wrap_fee]);
  rows.push([
    `Ongkos Kirim${order.shipping_service ? ` (${order.shipping_service})` : ''}`,
    order.shipping_fee,
  ]);
  if (order.cod_fee > 0) rows.push(['Biaya COD', order.cod_fee]);
  if (order.unique_code > 0) rows.push(['Kode Unik Transfer', order.unique_code]);
  return rows;
}

const COLUMNS = { no: 0, product: 22, size: 270, price: 330, qty: 410, amount: 440 };

/** An order whose money arrived: it has its invoice number. */
export type InvoicedOrder = DocumentOrder & { invoice: NonNullable<DocumentOrder['invoice']> };

/** One order's invoice as its own file. */
export async function invoicePdf(invoiced: InvoicedOrder, seller: Seller): Promise<Uint8Array> {
  const file = await PdfFile.create(`Faktur ${invoiced.invoice.number}`);
  drawInvoice(file, invoiced, seller);
  return file.save();
}

/** Many invoices in one file, each starting on its own page (the month's, for the accountant). */
export async function invoicesPdf(invoiced: InvoicedOrder[], seller: Seller, title: string) {
  const file = await PdfFile.create(title);
  for (const one of invoiced) drawInvoice(file, one, seller);
  return file.save();
}

function drawInvoice(file: PdfFile, { order, invoice }: InvoicedOrder, seller: Seller) {
  let page = file.page('a4');
  const left = page.margin;
  const width = page.inner;

  page.text('FAKTUR', left, page.margin, { size: 20, bold: true });
  page.text(`No. ${invoice.number}`, left, page.margin, { size: 10, bold: true, align: 'right' });
  page.text(`Tanggal: ${wibDateTime(invoice.issuedAt)}`, left, page.margin + 14, { size: 9, align: 'right' });
  page.text(orderLabel(order), left, page.margin + 27, { size: 9, align: 'right' });

  let y = page.margin + 48;
  const half = width / 2 - 10;
  page.text('Penjual', left, y, { size: 8, bold: true });
  page.text('Pembeli', left + width / 2, y, { size: 8, bold: true });
  y += 12;
  page.text(seller.companyName, left, y, { size: 10, bold: true }, half);
  page.text(order.customer_name, left + width / 2, y, { size: 10, bold: true }, half);
  const sellerEnd = page.paragraph(
    [seller.address, seller.npwp ? `NPWP: ${seller.npwp}` : null].filter(Boolean).join('\n'),
    left,
    y + 14,
    half,
    { size: 9 },
  );
  const buyerEnd = page.paragraph(
    [fullAddress(order), order.customer_email, order.customer_phone].filter(Boolean).join('\n'),
    left + width / 2,
    y + 14,
    half,
    { size: 9 },
  );
  y = Math.max(sellerEnd, buyerEnd) + 14;

  const header = (sheet: Sheet, top: number) => {
    sheet.text('No', left + COLUMNS.no, top, { size: 9, bold: true });
    sheet.text('Produk', left + COLUMNS.product, top, { size: 9, bold: true });
    sheet.text('Ukuran', left + COLUMNS.size, top, { size: 9, bold: true });
    sheet.text('Harga', left + COLUMNS.price, top, { size: 9, bold: true, align: 'right' }, 70);
    sheet.text('Qty', left + COLUMNS.qty, top, { size: 9, bold: true, align: 'right' }, 22);
    sheet.text('Jumlah', left, top, { size: 9, bold: true, align: 'right' });
    sheet.rule(top + 13);
    return top + 18;
  };
  y = header(page, y);
  order.order_items.forEach((item, i) => {
    const lines = page.wrap(item.product_name, COLUMNS.size - COLUMNS.product - 8, { size: 9 });
    if (y + lines.length * 12 > page.height - page.margin - 40) {
      page = file.page('a4');
      y = header(page, page.margin);
    }
    page.text(String(i + 1), left + COLUMNS.no, y, { size: 9 });
    page.paragraph(item.product_name, left + COLUMNS.product, y, COLUMNS.size - COLUMNS.product - 8, {
      size: 9,
    });
    page.text(sizeOf(item), left + COLUMNS.size, y, { size: 9 });
    page.text(formatRupiah(item.product_price), left + COLUMNS.price, y, { size: 9, align: 'right' }, 70);
    page.text(String(item.quantity), left + COLUMNS.qty, y, { size: 9, align: 'right' }, 22);
    page.text(formatRupiah(item.subtotal), left, y, { size: 9, align: 'right' });
    y += lines.length * 11.7 + 4;
  });
  page.rule(y);
  y += 6;

  // The totals, the words and the tax need about 260 points.
  if (y > page.height - page.margin - 260) {
    page = file.page('a4');
    y = page.margin;
  }
  const labelX = left + width / 2;
  for (const [label, amount] of charges(order)) {
    page.text(label, labelX, y, { size: 9 }, width / 2 - 100);
    page.text(formatRupiah(amount), left, y, { size: 9, align: 'right' });
    y += 14;
  }
  page.rule(y, labelX, width / 2);
  y += 5;
  page.text('Total', labelX, y, { size: 11, bold: true });
  page.text(formatRupiah(order.total_amount), left, y, { size: 11, bold: true, align: 'right' });
  y += 22;
  page.text('Terbilang:', left, y, { size: 9, bold: true });
  y = page.paragraph(inWords(order.total_amount), left + 52, y, width - 52, { size: 9 }) + 12;

  const ppn = splitPpn(order.total_amount, seller.tax);
  if (ppn) {
    page.text('Rincian PPN (harga sudah termasuk PPN)', left, y, { size: 9, bold: true });
    y += 14;
    const rows: [string, number][] = [
      ['Harga Jual (tanpa PPN)', ppn.sellingPrice],
      ['DPP Nilai Lain (11/12 x Harga Jual)', ppn.taxBase],
      ['PPN 12% x DPP Nilai Lain', ppn.ppn],
      ['Jumlah (Harga Jual + PPN)', ppn.sellingPrice + ppn.ppn],
    ];
    for (const [label, amount] of rows) {
      page.text(label, left, y, { size: 9 });
      page.text(formatRupiah(amount), left, y, { size: 9, align: 'right' }, width / 2 + 60);
      y += 13;
    }
    y = page.paragraph(
      'PPN 12% dengan DPP nilai lain 11/12 dari harga jual (UU HPP, PMK 131/2024). Pembulatan: PPN dibulatkan ke rupiah terdekat; harga jual adalah total dikurangi PPN.',
      left,
      y + 4,
      width,
      { size: 7.5 },
    );
  } else {
    page.text('Penjual bukan Pengusaha Kena Pajak: faktur ini tidak memuat PPN.', left, y, { size: 9 });
    y += 14;
  }
  page.paragraph(
    [
      `Pembayaran diterima ${wibDateTime(invoice.issuedAt)}.`,
      order.status === 'cancelled'
        ? 'Pesanan ini kemudian dibatalkan; dananya dikembalikan kepada pembeli.'
        : '',
      'Faktur ini dibuat oleh sistem dan sah tanpa tanda tangan.',
    ]
      .filter(Boolean)
      .join(' '),
    left,
    y + 14,
    width,
    { size: 8 },
  );
}
