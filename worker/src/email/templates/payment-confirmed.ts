import { formatRupiah } from '@gi/contracts';
import { html } from '../html.ts';
import { greeting, orderRef, orderUrl } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface PaymentConfirmedData {
  orderId: string;
  customerName: string;
  total: number;
}

export const paymentConfirmed: EmailTemplate<PaymentConfirmedData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const body = `Pembayaran ${formatRupiah(data.total)} untuk pesanan ${orderRef(data.orderId)} sudah kami terima. Pesanan Anda sedang kami proses; kami kabari lagi saat paket dikirim.`;
  return {
    subject: `Pembayaran pesanan ${orderRef(data.orderId)} diterima`,
    text: `${hello.text}\n\n${body}\n${url}`,
    html: html`${hello.html}${paragraph(body)}${button(url, 'Lihat pesanan')}`,
  };
};
