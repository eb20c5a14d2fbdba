import { formatRupiah } from '@gi/contracts';
import { html } from '../html.ts';
import { greeting, orderRef, orderUrl, wib } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface OrderDeliveredData {
  orderId: string;
  customerName: string;
  /** The 'Kredit Sampel' the delivery made usable (decision 061 part B): its amount and end. */
  credit?: { amount: number; expiresAt: string } | undefined;
}

export const orderDelivered: EmailTemplate<OrderDeliveredData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const body = `Pesanan ${orderRef(data.orderId)} telah diterima. Terima kasih telah berbelanja di PT. Global Imperium; semoga Anda menyukai aromanya.`;
  const credit = data.credit
    ? `Kredit Sampel ${formatRupiah(data.credit.amount)} untuk botol penuh aroma yang sama kini aktif sampai ${wib(data.credit.expiresAt)}; dipakai otomatis saat checkout.`
    : '';
  return {
    subject: `Pesanan ${orderRef(data.orderId)} telah diterima`,
    text: `${hello.text}\n\n${body}${credit ? `\n\n${credit}` : ''}\n${url}`,
    html: html`${hello.html}${paragraph(body)}${credit ? paragraph(credit) : ''}${button(url, 'Lihat pesanan')}`,
  };
};
