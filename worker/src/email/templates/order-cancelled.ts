import { html } from '../html.ts';
import { greeting, orderRef, orderUrl, typed } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface OrderCancelledData {
  orderId: string;
  customerName: string;
  /** Cancelled by the Cron: the payment deadline passed. */
  expired: boolean;
  reason: string | null;
  /** The order had been paid: the shop returns the money. */
  refund: boolean;
}

export const orderCancelled: EmailTemplate<OrderCancelledData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const refund = data.refund
    ? ' Pembayaran Anda akan kami kembalikan; admin kami akan menghubungi Anda untuk proses refund.'
    : '';
  const body = data.expired
    ? `Pesanan ${orderRef(data.orderId)} kami batalkan otomatis karena pembayaran belum kami terima sampai batas waktunya. Jika Anda masih menginginkan produknya, silakan buat pesanan baru.`
    : `Pesanan ${orderRef(data.orderId)} telah dibatalkan.${refund}`;
  const reason = data.reason ? `Alasan: ${typed(data.reason)}` : '';
  return {
    subject: data.expired
      ? `Pesanan ${orderRef(data.orderId)} dibatalkan: batas waktu pembayaran habis`
      : `Pesanan ${orderRef(data.orderId)} dibatalkan`,
    text: `${hello.text}\n\n${body}${reason ? `\n${reason}` : ''}\n\n${url}`,
    html: html`${hello.html}${paragraph(body)}${reason ? paragraph(reason) : ''}${button(url, 'Lihat pesanan')}`,
  };
};
