import { formatDate } from '@gi/contracts';
import { html } from '../html.ts';
import { facts, typed } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface ShopBpomExpiringData {
  productName: string;
  bpomNumber: string;
  /** The notification's last valid day, 'YYYY-MM-DD'. */
  validUntil: string;
  /** Days from today (WIB) to that day; 0 or less: it has ended. */
  daysLeft: number;
}

/** To the shop's notification address: a product's BPOM notification is about to end (decision 043). */
export const shopBpomExpiring: EmailTemplate<ShopBpomExpiringData> = (data, ctx) => {
  const url = ctx.link('/manage-products');
  const until = formatDate(`${data.validUntil}T12:00:00+07:00`);
  const when =
    data.daysLeft > 0 ? `berakhir dalam ${data.daysLeft} hari (${until})` : `sudah berakhir (${until})`;
  const body = `Notifikasi BPOM produk ${typed(data.productName)} ${when}. Perpanjang notifikasinya di BPOM, lalu perbarui nomor dan tanggal berlakunya di data produk.`;
  const marks = facts([
    ['Produk', data.productName],
    ['Nomor notifikasi BPOM', data.bpomNumber],
    ['Berlaku sampai', until],
  ]);
  return {
    subject: `Notifikasi BPOM ${data.productName} ${data.daysLeft > 0 ? `berakhir dalam ${data.daysLeft} hari` : 'sudah berakhir'}`,
    text: `${body}\n${marks.text}\n\n${url}`,
    html: html`${paragraph(body)}${marks.html}${button(url, 'Buka data produk di dasbor admin')}`,
  };
};
