import { apiPath } from '@gi/contracts/api-path';
import { WRITE_REVIEW_PARAM } from '@gi/contracts/web';
import { html } from '../html.ts';
import { greeting, orderRef } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface ReviewRequestData {
  orderId: string;
  customerName: string;
  /** The order's products not reviewed yet, each with its signed link's token (auth/tokens.ts). */
  products: { id: string; name: string; token: string }[];
  /** The signed token of the unsubscribe link (decision 042). */
  unsubscribeToken: string;
}

// Decision 047: a few days after delivery, the buyer is asked to review what they received. Each
// product's button opens its review form without signing in; a marketing email, so it carries the
// unsubscribe link.
export const reviewRequest: EmailTemplate<ReviewRequestData> = (data, { link }) => {
  const hello = greeting(data.customerName);
  const intro = `Bagaimana aroma pesanan ${orderRef(data.orderId)} setelah beberapa hari dipakai? Ulasan Anda, dengan uji pakainya di cuaca panas dan lembap, membantu pembeli lain memilih parfum yang tidak bisa mereka cium lewat layar.`;
  const note = 'Tautan di bawah berlaku 30 hari dan membuka formulir ulasan tanpa perlu masuk.';
  const links = data.products.map((product) => ({
    name: product.name,
    url: link(`/product/${encodeURIComponent(product.id)}`, { [WRITE_REVIEW_PARAM]: product.token }),
  }));
  return {
    subject: `Bagaimana aroma pesanan ${orderRef(data.orderId)}?`,
    text: `${hello.text}\n\n${intro}\n\n${note}\n\n${links.map((l) => `Ulas ${l.name}:\n${l.url}`).join('\n\n')}`,
    html: html`${hello.html}${paragraph(intro)}${paragraph(note)}${links.map((l) => button(l.url, `Ulas ${l.name}`))}`,
    unsubscribeUrl: link(apiPath('GET /marketing/unsubscribe', { query: { token: data.unsubscribeToken } })),
  };
};
