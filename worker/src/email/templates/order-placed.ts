import { formatRupiah } from '@gi/contracts';
import { html } from '../html.ts';
import {
  amountDue,
  greeting,
  type HowToPay,
  howToPayPart,
  join,
  type OrderSummary,
  orderParts,
  orderRef,
  orderUrl,
  wib,
} from '../order-parts.ts';
import { type EmailTemplate, paragraph } from '../template.ts';

export interface OrderPlacedData {
  orderId: string;
  customerName: string;
  summary: OrderSummary;
  pay: HowToPay;
  dueAt: string;
}

/** To the customer right after checkout: what was bought, where it goes, the amount, how and by when to pay. */
export const orderPlaced: EmailTemplate<OrderPlacedData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const amount = formatRupiah(amountDue(data.summary, data.pay));
  const thanks = `Terima kasih, pesanan ${orderRef(data.orderId)} sudah kami terima.`;
  const intro =
    data.pay.kind === 'transfer'
      ? `${thanks} Silakan transfer tepat ${amount} (termasuk kode unik ${data.summary.uniqueCode}) sebelum ${wib(data.dueAt)}, agar pembayaran Anda mudah kami cocokkan.`
      : data.pay.kind === 'cod'
        ? `${thanks} Anda membayar ${amount} tunai ke kurir saat paket tiba.`
        : data.pay.kind === 'free'
          ? thanks
          : `${thanks} Silakan bayar ${amount} sebelum ${wib(data.dueAt)}.`;
  const body = join(
    { text: intro, html: paragraph(intro) },
    orderParts(data.summary, data.pay),
    howToPayPart(data.pay, data.summary, data.dueAt, url),
  );
  return {
    subject:
      data.pay.kind === 'cod'
        ? `Pesanan ${orderRef(data.orderId)}: bayar di tempat ${amount}`
        : data.pay.kind === 'free'
          ? `Pesanan ${orderRef(data.orderId)} diterima: tidak perlu pembayaran`
          : `Pesanan ${orderRef(data.orderId)}: selesaikan pembayaran ${amount}`,
    text: `${hello.text}\n\n${body.text}`,
    html: html`${hello.html}${body.html}`,
  };
};
