import { formatRupiah } from '@gi/contracts';
import { apiPath } from '@gi/contracts/api-path';
import { html } from '../html.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface BackInStockData {
  productId: string;
  productName: string;
  /** '50 ml', or 'Ukuran standar' (formatSize). */
  size: string;
  /** The size's price when the mail was queued, in rupiah. */
  price: number;
  /** The signed token of the unsubscribe link (auth/tokens.ts). */
  unsubscribeToken: string;
}

// 'Kabari Saya' (decision 042): the one mail the shopper asked for when a sold-out size is back.
// A marketing email: it carries the unsubscribe link, and the sender its List-Unsubscribe headers.
export const backInStock: EmailTemplate<BackInStockData> = (data, { link }) => {
  const url = link(`/product/${encodeURIComponent(data.productId)}`);
  const what = `${data.productName} ${data.size}`;
  const intro = `Kabar baik: ${what} yang Anda tunggu tersedia lagi, dengan harga ${formatRupiah(data.price)}.`;
  const hurry = 'Stoknya terbatas, jadi pesan selagi ada. Kami hanya mengirim kabar ini satu kali.';
  return {
    subject: `${what} tersedia lagi`,
    text: `Halo,\n\n${intro}\n\n${hurry}\n\nLihat produknya:\n${url}`,
    html: html`${paragraph('Halo,')}${paragraph(intro)}${paragraph(hurry)}${button(url, 'Lihat Produk')}`,
    unsubscribeUrl: link(apiPath('GET /marketing/unsubscribe', { query: { token: data.unsubscribeToken } })),
  };
};
