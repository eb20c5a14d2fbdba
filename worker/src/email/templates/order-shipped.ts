import { html } from '../html.ts';
import { facts, greeting, orderRef, orderUrl } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface OrderShippedData {
  orderId: string;
  customerName: string;
  courier: string;
  /** Null while the courier has not assigned the resi yet (a shipment booked through the aggregator). */
  trackingNumber: string | null;
  /**
   * A shipment booked through the courier aggregator: its tracking page, or null when it gave
   * none (the order page then shows the tracking history). Absent for a resi typed by the admin.
   */
  tracking?: { url: string | null };
}

export const orderShipped: EmailTemplate<OrderShippedData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  // Booked through the aggregator: its tracking page, else the order page (the tracking history).
  const track = data.tracking ? (data.tracking.url ?? url) : null;
  const body = track
    ? `Pesanan ${orderRef(data.orderId)} sudah kami serahkan ke kurir. Ikuti perjalanan paket Anda lewat tautan pelacakan di bawah.`
    : `Pesanan ${orderRef(data.orderId)} sudah kami kirim. Lacak paket Anda dengan nomor resi berikut di situs kurir:`;
  const shipment = facts([
    ['Kurir', data.courier],
    ['Nomor resi', data.trackingNumber ?? 'menyusul, tampil di halaman pesanan'],
  ]);
  const links =
    track && track !== url ? [button(track, 'Lacak pengiriman'), button(url, 'Lihat pesanan')] : [];
  return {
    subject: `Pesanan ${orderRef(data.orderId)} dikirim (${data.courier})`,
    text: `${hello.text}\n\n${body}\n${shipment.text}\n\n${track && track !== url ? `Lacak pengiriman: ${track}\n` : ''}${url}`,
    html: html`${hello.html}${paragraph(body)}${shipment.html}${links.length > 0 ? links : button(url, track ? 'Lacak pengiriman' : 'Lihat pesanan')}`,
  };
};
