import { formatRupiah, type GatewayChannel } from '@gi/contracts';
import { html } from '../html.ts';
import { channelName, greeting, orderRef, orderUrl, typed } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

/**
 * What became of money for the order when it was cancelled: none came in (`online`: a gateway
 * payment was open and may still go through), a receipt waited for review, or the payment had
 * been confirmed, by transfer or through the gateway. All but `none` join 'Perlu Refund'.
 */
export type CancelledMoney =
  | { state: 'none'; online: { channel: GatewayChannel | null } | null }
  | { state: 'receipt'; amount: number }
  | { state: 'paid'; amount: number; via: 'transfer' | 'online'; channel: GatewayChannel | null };

export interface OrderCancelledData {
  orderId: string;
  customerName: string;
  /** Cancelled by the Cron: the payment deadline passed. */
  expired: boolean;
  reason: string | null;
  money: CancelledMoney;
  /** What the order's 'Kredit Sampel' had taken off, now usable again (decision 061 part B). */
  creditReturned?: number | undefined;
}

const CONTACT_FOR_REFUND =
  'Admin kami akan menghubungi Anda untuk menanyakan rekening tujuan pengembalian dana.';

/** How a gateway payment comes back, and who tells the customer when it has. */
const REFUND_BY_GATEWAY =
  'lewat penyedia pembayaran bila metode Anda mendukungnya, atau lewat transfer bank. ' +
  'Admin kami akan mengabari Anda saat dana dikembalikan.';

/** What the customer reads about their money: nothing to return, or how it comes back. */
function moneyText(money: CancelledMoney): string {
  switch (money.state) {
    case 'none': {
      const nothing =
        'Belum ada pembayaran yang kami terima untuk pesanan ini, jadi tidak ada dana yang perlu dikembalikan.';
      if (!money.online) return nothing;
      return `${nothing} Jangan lanjutkan pembayaran lewat ${channelName(money.online.channel)} untuk pesanan ini; jika dana Anda terlanjur terpotong, kami kembalikan dan kabari Anda lewat email.`;
    }
    case 'receipt':
      return `Bukti transfer ${formatRupiah(money.amount)} yang Anda unggah belum selesai kami periksa. Setelah transfer itu kami temukan di rekening kami, dananya kami kembalikan (refund) ke rekening Anda. ${CONTACT_FOR_REFUND}`;
    case 'paid':
      return money.via === 'transfer'
        ? `Pembayaran ${formatRupiah(money.amount)} yang sudah kami terima akan kami kembalikan (refund) lewat transfer bank. ${CONTACT_FOR_REFUND}`
        : `Pembayaran ${formatRupiah(money.amount)} lewat ${channelName(money.channel)} akan kami kembalikan (refund): ${REFUND_BY_GATEWAY}`;
  }
}

export const orderCancelled: EmailTemplate<OrderCancelledData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const what = data.expired
    ? `Pesanan ${orderRef(data.orderId)} kami batalkan otomatis karena pembayaran belum kami terima sampai batas waktunya. Jika Anda masih menginginkan produknya, silakan buat pesanan baru.`
    : `Pesanan ${orderRef(data.orderId)} telah dibatalkan.`;
  const reason = data.reason ? `Alasan: ${typed(data.reason)}` : '';
  const money = moneyText(data.money);
  const credit = data.creditReturned
    ? `Kredit Sampel ${formatRupiah(data.creditReturned)} dikembalikan ke akun Anda.`
    : '';
  const refund = data.money.state !== 'none';
  return {
    subject: data.expired
      ? `Pesanan ${orderRef(data.orderId)} dibatalkan: batas waktu pembayaran habis`
      : `Pesanan ${orderRef(data.orderId)} dibatalkan${refund ? ': dana Anda akan dikembalikan' : ''}`,
    text: `${hello.text}\n\n${what}${reason ? `\n${reason}` : ''}\n\n${money}${credit ? `\n${credit}` : ''}\n\n${url}`,
    html: html`${hello.html}${paragraph(what)}${reason ? paragraph(reason) : ''}${paragraph(money)}${credit ? paragraph(credit) : ''}${button(url, 'Lihat pesanan')}`,
  };
};
