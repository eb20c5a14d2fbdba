import { formatRupiah } from '@gi/contracts';
import { html } from '../html.ts';
import { adminOrderUrl, orderRef, typed } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface ShopPaidOrderCancelledData {
  orderId: string;
  customerName: string;
  total: number;
  reason: string | null;
}

/** To the shop's notification address: a customer cancelled an order after transferring. */
export const shopPaidOrderCancelled: EmailTemplate<ShopPaidOrderCancelledData> = (data, ctx) => {
  const url = adminOrderUrl(data.orderId, ctx);
  const body = `${typed(data.customerName)} membatalkan pesanan ${orderRef(data.orderId)} setelah mengunggah bukti transfer ${formatRupiah(data.total)}. Pesanan ini masuk daftar Perlu Refund: kembalikan dananya lalu tandai sudah direfund.`;
  const reason = data.reason ? `Alasan: ${typed(data.reason)}` : '';
  return {
    subject: `Pesanan ${orderRef(data.orderId)} dibatalkan setelah dibayar: perlu refund`,
    text: `${body}${reason ? `\n${reason}` : ''}\n\n${url}`,
    html: html`${paragraph(body)}${reason ? paragraph(reason) : ''}${button(url, 'Buka pesanan di dasbor admin')}`,
  };
};
