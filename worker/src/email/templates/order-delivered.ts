import { html } from '../html.ts';
import { greeting, orderRef, orderUrl } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface OrderDeliveredData {
  orderId: string;
  customerName: string;
}

export const orderDelivered: EmailTemplate<OrderDeliveredData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const body = `Pesanan ${orderRef(data.orderId)} telah diterima. Terima kasih telah berbelanja di PT. Global Imperium; semoga Anda menyukai aromanya.`;
  return {
    subject: `Pesanan ${orderRef(data.orderId)} telah diterima`,
    text: `${hello.text}\n\n${body}\n${url}`,
    html: html`${hello.html}${paragraph(body)}${button(url, 'Lihat pesanan')}`,
  };
};
