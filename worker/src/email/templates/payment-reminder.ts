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

export interface PaymentReminderData {
  orderId: string;
  customerName: string;
  summary: OrderSummary;
  pay: HowToPay;
  dueAt: string;
  /** Whole hours left when the Cron sent it (at least 1). */
  hoursLeft: number;
}

/** The Cron's one reminder before an unpaid order's deadline (decision 029): what is at stake and how to pay. */
export const paymentReminder: EmailTemplate<PaymentReminderData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const amount = formatRupiah(amountDue(data.summary, data.pay));
  const intro = `Pesanan ${orderRef(data.orderId)} masih menunggu pembayaran ${amount}. Batas waktunya ${wib(data.dueAt)}, sekitar ${data.hoursLeft} jam lagi; setelah itu pesanan dibatalkan otomatis dan stoknya kami lepas.`;
  const body = join(
    { text: intro, html: paragraph(intro) },
    howToPayPart(data.pay, data.summary, data.dueAt, url),
    orderParts(data.summary, data.pay),
  );
  return {
    subject: `Pengingat: bayar pesanan ${orderRef(data.orderId)} sebelum ${wib(data.dueAt)}`,
    text: `${hello.text}\n\n${body.text}`,
    html: html`${hello.html}${body.html}`,
  };
};
