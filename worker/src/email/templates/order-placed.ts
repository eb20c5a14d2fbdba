import { type BankAccount, formatRupiah } from '@gi/contracts';
import { html } from '../html.ts';
import { facts, greeting, orderRef, orderUrl, wib } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface OrderPlacedData {
  orderId: string;
  customerName: string;
  subtotal: number;
  shippingService: string;
  shippingFee: number;
  uniqueCode: number;
  total: number;
  bankAccounts: BankAccount[];
  dueAt: string;
}

/** To the customer right after checkout: the exact amount, where to transfer it, and by when. */
export const orderPlaced: EmailTemplate<OrderPlacedData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const intro = `Terima kasih, pesanan ${orderRef(data.orderId)} sudah kami terima. Silakan transfer tepat ${formatRupiah(data.total)} (termasuk kode unik ${data.uniqueCode}) sebelum ${wib(data.dueAt)}, agar pembayaran Anda mudah kami cocokkan.`;
  const breakdown = facts([
    ['Subtotal produk', formatRupiah(data.subtotal)],
    [`Ongkos kirim (${data.shippingService})`, formatRupiah(data.shippingFee)],
    ['Kode unik', formatRupiah(data.uniqueCode)],
    ['Total transfer', formatRupiah(data.total)],
  ]);
  const accounts =
    data.bankAccounts.length > 0
      ? facts(data.bankAccounts.map((a) => [a.bank, `${a.accountNumber} a.n. ${a.holder}`] as const))
      : {
          text: 'Rekening tujuan belum tersedia: hubungi kami.',
          html: paragraph('Rekening tujuan belum tersedia: hubungi kami.'),
        };
  const after =
    'Setelah transfer, unggah bukti transfer di halaman pesanan. Pesanan yang belum dibayar sampai batas waktu dibatalkan otomatis.';
  return {
    subject: `Pesanan ${orderRef(data.orderId)}: selesaikan pembayaran ${formatRupiah(data.total)}`,
    text: `${hello.text}\n\n${intro}\n\n${breakdown.text}\n\nRekening tujuan:\n${accounts.text}\n\n${after}\n${url}`,
    html: html`${hello.html}${paragraph(intro)}${breakdown.html}${paragraph('Rekening tujuan:')}${accounts.html}${paragraph(after)}${button(url, 'Lihat pesanan')}`,
  };
};
