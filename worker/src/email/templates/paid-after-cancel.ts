import { formatRupiah } from '@gi/contracts';
import { html } from '../html.ts';
import { greeting, orderRef, orderUrl } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface PaidAfterCancelData {
  orderId: string;
  customerName: string;
  amount: number;
}

/** The gateway took a payment for an order already cancelled: the shop refunds it (decision 026). */
export const paidAfterCancel: EmailTemplate<PaidAfterCancelData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const body = `Pembayaran ${formatRupiah(data.amount)} untuk pesanan ${orderRef(data.orderId)} kami terima setelah pesanan tersebut dibatalkan, sehingga pesanan tidak kami proses. Admin kami akan mengembalikan dana Anda dan menghubungi Anda.`;
  return {
    subject: `Pembayaran pesanan ${orderRef(data.orderId)} diterima setelah pesanan dibatalkan`,
    text: `${hello.text}\n\n${body}\n${url}`,
    html: html`${hello.html}${paragraph(body)}${button(url, 'Lihat pesanan')}`,
  };
};
