import { formatRupiah, type GatewayChannel } from '@gi/contracts';
import { html } from '../html.ts';
import { adminOrderUrl, channelName, orderRef, typed } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface ShopGatewayPaymentData {
  orderId: string;
  customerName: string;
  amount: number;
  /** The attempt's channel (QRIS, a bank's virtual account, an e-wallet), when it is known. */
  channel: GatewayChannel | null;
  /**
   * Paid as expected, or money the admin must look at: another amount, an order already
   * cancelled, or an order already paid by another attempt (decision 035).
   */
  outcome: 'paid' | 'amount_mismatch' | 'paid_after_cancel' | 'paid_twice';
}

const subjects: Record<ShopGatewayPaymentData['outcome'], string> = {
  paid: 'dibayar, siap dikemas',
  amount_mismatch: 'dibayar dengan jumlah yang berbeda: perlu diperiksa',
  paid_after_cancel: 'dibayar setelah dibatalkan: perlu refund',
  paid_twice: 'dibayar lebih dari sekali: perlu refund',
};

const actions: Record<ShopGatewayPaymentData['outcome'], string> = {
  paid: 'Pesanan sudah berstatus Diproses: kemas dan kirim pesanannya.',
  amount_mismatch:
    'Jumlah yang diterima gateway tidak sama dengan tagihan, jadi pesanan belum dianggap lunas. Periksa transaksinya di dasbor Midtrans.',
  paid_after_cancel:
    'Pesanan ini sudah dibatalkan dan stoknya sudah kembali. Kembalikan dana pelanggan lewat dasbor Midtrans.',
  paid_twice:
    'Pesanan ini sudah lunas lewat pembayaran lain, jadi pembayaran ini kelebihan. Pesanan tetap diproses; kembalikan kelebihannya lewat dasbor Midtrans lalu tandai sudah direfund di daftar Perlu Refund.',
};

/** To the shop's notification address: a gateway payment arrived; the order's page in the admin is one click away. */
export const shopGatewayPayment: EmailTemplate<ShopGatewayPaymentData> = (data, ctx) => {
  const url = adminOrderUrl(data.orderId, ctx);
  const body = `${typed(data.customerName)} membayar ${formatRupiah(data.amount)} untuk pesanan ${orderRef(data.orderId)} lewat ${channelName(data.channel)}. ${actions[data.outcome]}`;
  return {
    subject: `Pesanan ${orderRef(data.orderId)} ${subjects[data.outcome]}`,
    text: `${body}\n\n${url}`,
    html: html`${paragraph(body)}${button(url, 'Buka pesanan di dasbor admin')}`,
  };
};
