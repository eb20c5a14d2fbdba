import { html } from '../html.ts';
import { adminOrderUrl, facts, orderRef, typed } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface ShopShipmentIssueData {
  orderId: string;
  customerName: string;
  courier: string;
  waybillId: string | null;
  /** What the courier reported, in Indonesian ('Paket dikembalikan ke toko oleh kurir'). */
  reason: string;
}

/** To the shop's notification address: the courier reports a problem; the order is not cancelled by itself. */
export const shopShipmentIssue: EmailTemplate<ShopShipmentIssueData> = (data, ctx) => {
  const url = adminOrderUrl(data.orderId, ctx);
  const body = `Kurir melaporkan kendala pada pengiriman pesanan ${orderRef(data.orderId)} untuk ${typed(data.customerName)}. Pesanan tetap berstatus Dikirim: hubungi kurir atau pelanggan, lalu kirim ulang atau batalkan pesanannya.`;
  const shipment = facts([
    ['Kendala', data.reason],
    ['Kurir', data.courier],
    ['Nomor resi', data.waybillId ?? '-'],
  ]);
  return {
    subject: `Kendala pengiriman pesanan ${orderRef(data.orderId)}: ${data.reason}`,
    text: `${body}\n${shipment.text}\n\n${url}`,
    html: html`${paragraph(body)}${shipment.html}${button(url, 'Buka pesanan di dasbor admin')}`,
  };
};
