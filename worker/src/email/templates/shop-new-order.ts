import { formatRupiah } from '@gi/contracts';
import { html } from '../html.ts';
import { adminOrderUrl, facts, orderRef, typed } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface ShopNewOrderData {
  orderId: string;
  customerName: string;
  customerEmail: string;
  total: number;
  itemCount: number;
}

/** To the shop's notification address: an order waits for its transfer. */
export const shopNewOrder: EmailTemplate<ShopNewOrderData> = (data, ctx) => {
  const url = adminOrderUrl(data.orderId, ctx);
  const body = `Pesanan baru ${orderRef(data.orderId)} menunggu pembayaran.`;
  const summary = facts([
    ['Pelanggan', `${typed(data.customerName)} (${typed(data.customerEmail)})`],
    ['Jumlah produk', String(data.itemCount)],
    ['Total transfer', formatRupiah(data.total)],
  ]);
  return {
    subject: `Pesanan baru ${orderRef(data.orderId)}: ${formatRupiah(data.total)}`,
    text: `${body}\n\n${summary.text}\n\n${url}`,
    html: html`${paragraph(body)}${summary.html}${button(url, 'Buka pesanan di dasbor admin')}`,
  };
};
