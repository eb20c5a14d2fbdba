import { html } from '../html.ts';
import { facts } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface ShopLowStockData {
  productName: string;
  sizeMl: number | null;
  sku: string | null;
  /** The stock as text: services/stock-alerts.ts puts the batch's mark here, D1 the number. */
  stock: string;
  threshold: number;
  /** The discovery sets holding this sample, named ('"Set Pria 10 ml"'): they run low with it. */
  sets: string[];
}

/** A size's name as the admin's stock list shows it: 'Nama 50 ml'. */
export const sizeName = (productName: string, sizeMl: number | null) =>
  sizeMl === null ? productName : `${productName} ${sizeMl} ml`;

/** To the shop (services/stock-alerts.ts): one size fell to the low-stock threshold (decision 059). */
export const shopLowStock: EmailTemplate<ShopLowStockData> = (data, ctx) => {
  const url = ctx.link('/admin');
  const name = sizeName(data.productName, data.sizeMl);
  const body = `Stok ${name} sudah mencapai batas stok menipis. Tambah stoknya sebelum habis.`;
  const rows = facts([
    ['Ukuran', name],
    ['SKU', data.sku ?? '-'],
    ['Stok tersisa', data.stock],
    ['Batas stok menipis', String(data.threshold)],
    ...(data.sets.length > 0 ? [['Dipakai di Set Discovery', data.sets.join(', ')] as const] : []),
  ]);
  return {
    subject: `Stok menipis: ${name} (sisa ${data.stock})`,
    text: `${body}\n\n${rows.text}\n\n${url}`,
    html: html`${paragraph(body)}${rows.html}${button(url, 'Buka stok di dasbor admin')}`,
  };
};
