import { html } from '../html.ts';
import { facts } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';
import { sizeName } from './shop-low-stock.ts';

export interface ShopStockSummaryData {
  /** The day in WIB, 'YYYY-MM-DD'. */
  day: string;
  threshold: number;
  /** Lowest first, at most the summary's bound. */
  sizes: { productName: string; sizeMl: number | null; sku: string | null; stock: number; sets: string[] }[];
  /** Every low size, of which `sizes` are the first. */
  total: number;
}

/** To the shop, once a day from the Cron (services/stock-alerts.ts): every size at or below the threshold. */
export const shopStockSummary: EmailTemplate<ShopStockSummaryData> = (data, ctx) => {
  const url = ctx.link('/admin');
  const more = data.total - data.sizes.length;
  const body = `${data.total} ukuran berstok ${data.threshold} atau kurang hari ini, yang paling sedikit dahulu.${more > 0 ? ` ${more} lainnya ada di dasbor admin.` : ''}`;
  const rows = facts(
    data.sizes.map((size) => [
      `${sizeName(size.productName, size.sizeMl)}${size.sku ? ` (${size.sku})` : ''}`,
      `${size.stock === 0 ? 'habis' : `sisa ${size.stock}`}${size.sets.length > 0 ? `, dipakai di Set Discovery ${size.sets.join(', ')}` : ''}`,
    ]),
  );
  return {
    subject: `Ringkasan stok menipis ${data.day}: ${data.total} ukuran`,
    text: `${body}\n\n${rows.text}\n\n${url}`,
    html: html`${paragraph(body)}${rows.html}${button(url, 'Buka stok di dasbor admin')}`,
  };
};
