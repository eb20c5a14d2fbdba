import { html } from '../html.ts';
import { facts, greeting, orderRef, orderUrl } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface OrderShippedData {
  orderId: string;
  customerName: string;
  courier: string;
  trackingNumber: string;
}

export const orderShipped: EmailTemplate<OrderShippedData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const body = `Pesanan ${orderRef(data.orderId)} sudah kami kirim. Lacak paket Anda dengan nomor resi berikut di situs kurir:`;
  const shipment = facts([
    ['Kurir', data.courier],
    ['Nomor resi', data.trackingNumber],
  ]);
  return {
    subject: `Pesanan ${orderRef(data.orderId)} dikirim (${data.courier})`,
    text: `${hello.text}\n\n${body}\n${shipment.text}\n\n${url}`,
    html: html`${hello.html}${paragraph(body)}${shipment.html}${button(url, 'Lihat pesanan')}`,
  };
};
