import { formatRupiah } from '@gi/contracts';
import { html } from '../html.ts';
import { greeting, orderRef, orderUrl, wib } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface PaymentRejectedData {
  orderId: string;
  customerName: string;
  reason: string;
  total: number;
  dueAt: string;
}

export const paymentRejected: EmailTemplate<PaymentRejectedData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const body = `Bukti transfer untuk pesanan ${orderRef(data.orderId)} belum dapat kami terima. Alasan:`;
  const next = `Silakan periksa kembali transfer Anda (tepat ${formatRupiah(data.total)}) dan unggah bukti yang benar di halaman pesanan sebelum ${wib(data.dueAt)}.`;
  return {
    subject: `Pembayaran pesanan ${orderRef(data.orderId)} ditolak`,
    text: `${hello.text}\n\n${body}\n${data.reason}\n\n${next}\n${url}`,
    html: html`${hello.html}${paragraph(body)}${paragraph(data.reason)}${paragraph(next)}${button(url, 'Unggah ulang bukti transfer')}`,
  };
};
