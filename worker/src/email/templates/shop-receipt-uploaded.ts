import { formatRupiah } from '@gi/contracts';
import { html } from '../html.ts';
import { adminOrderUrl, orderRef, typed } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface ShopReceiptUploadedData {
  orderId: string;
  customerName: string;
  total: number;
}

/** To the shop's notification address: a receipt waits in 'Menunggu Verifikasi'. */
export const shopReceiptUploaded: EmailTemplate<ShopReceiptUploadedData> = (data, ctx) => {
  const url = adminOrderUrl(data.orderId, ctx);
  const body = `${typed(data.customerName)} mengunggah bukti transfer ${formatRupiah(data.total)} untuk pesanan ${orderRef(data.orderId)}. Periksa mutasi rekening lalu konfirmasi atau tolak pembayarannya di daftar Menunggu Verifikasi.`;
  return {
    subject: `Bukti transfer pesanan ${orderRef(data.orderId)} menunggu verifikasi`,
    text: `${body}\n\n${url}`,
    html: html`${paragraph(body)}${button(url, 'Buka pesanan di dasbor admin')}`,
  };
};
