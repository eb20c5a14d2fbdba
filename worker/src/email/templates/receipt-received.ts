import { formatRupiah } from '@gi/contracts';
import { html } from '../html.ts';
import { greeting, orderRef, orderUrl } from '../order-parts.ts';
import { button, type EmailTemplate, paragraph } from '../template.ts';

export interface ReceiptReceivedData {
  orderId: string;
  customerName: string;
  /** The amount the transfer should carry: the order's total with its unique code. */
  amount: number;
}

/** How long the admin's check usually takes (decision 029): said, not enforced. */
const VERIFICATION_TIME = '1x24 jam pada hari kerja';

/** To the customer when their transfer receipt is stored: what happens next, and by when roughly. */
export const receiptReceived: EmailTemplate<ReceiptReceivedData> = (data, ctx) => {
  const url = orderUrl(data.orderId, ctx);
  const hello = greeting(data.customerName);
  const body = `Bukti transfer ${formatRupiah(data.amount)} untuk pesanan ${orderRef(data.orderId)} sudah kami terima. Kami cocokkan dengan mutasi rekening kami, biasanya dalam ${VERIFICATION_TIME}, lalu kami kabari lewat email begitu pembayaran dikonfirmasi dan pesanan diproses.`;
  const meanwhile =
    'Selama bukti transfer diperiksa, pesanan Anda tidak dibatalkan walaupun batas waktu pembayarannya lewat. Status pemeriksaan dapat Anda lihat di halaman pesanan.';
  return {
    subject: `Bukti transfer pesanan ${orderRef(data.orderId)} diterima`,
    text: `${hello.text}\n\n${body}\n\n${meanwhile}\n${url}`,
    html: html`${hello.html}${paragraph(body)}${paragraph(meanwhile)}${button(url, 'Lihat pesanan')}`,
  };
};
