import { formatRupiah } from '@gi/contracts';
import { apiPath } from '@gi/contracts/api-path';
import { html } from '../html.ts';
import { facts } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface SavedCartReminderData {
  /** The cart's lines at their sizes' prices when the mail was queued (the server's, never the browser's). */
  lines: { name: string; size: string; quantity: number; price: number }[];
  /** The signed token of the unsubscribe link (auth/tokens.ts). */
  unsubscribeToken: string;
}

// The one reminder of a cart left alone (decision 050): only with the customer's consent. A
// marketing email: it carries the unsubscribe link, and the sender its List-Unsubscribe headers.
export const savedCartReminder: EmailTemplate<SavedCartReminderData> = (data, { link }) => {
  const url = link('/cart');
  const total = data.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const items = facts([
    ...data.lines.map(
      (line) =>
        [`${line.name} ${line.size} × ${line.quantity}`, formatRupiah(line.price * line.quantity)] as const,
    ),
    ['Total', formatRupiah(total)] as const,
  ]);
  const intro = 'Produk pilihan Anda masih menunggu di keranjang, dengan harga saat ini:';
  const note = 'Harga dan stok dapat berubah sampai pesanan dibuat.';
  return {
    subject: 'Keranjang Anda masih menunggu',
    text: `Halo,\n\n${intro}\n\n${items.text}\n\n${note}\n\nLanjutkan belanja:\n${url}`,
    html: html`${paragraph('Halo,')}${paragraph(intro)}${items.html}${paragraph(note)}${button(url, 'Lihat Keranjang')}`,
    unsubscribeUrl: link(apiPath('GET /marketing/unsubscribe', { query: { token: data.unsubscribeToken } })),
  };
};
