import {
  type BankAccount,
  formatDateTime,
  formatRupiah,
  type GatewayChannel,
  gatewayChannelLabels,
  type Order,
  type PaymentOptions,
  shortOrderId,
} from '@gi/contracts';
import { html, type SafeHtml } from './html.ts';
import { button, type EmailContext, paragraph } from './template.ts';

// Pieces the order emails share (issue 14, issue 29): how an order is named, its page and its
// page in the admin, times in WIB, what was bought, where it goes, and how to pay.

/** Every order email names the order the way the shop does (product.md §8): its first 8 characters. */
export const orderRef = (orderId: string) => `#${shortOrderId(orderId)}`;

/** The customer's order page. */
export const orderUrl = (orderId: string, { link }: EmailContext) => link(`/orders/${orderId}`);

/** The order in the admin: mfe-admin's deep link (`sectionSearch('order-detail', id)` in admin-nav.ts). */
export const adminOrderUrl = (orderId: string, { link }: EmailContext) =>
  link('/admin', { section: 'order-detail', id: orderId });

/** A moment as Indonesians read it, in WIB whatever the server's zone. */
export const wib = (iso: string) => `${formatDateTime(iso)} WIB`;

/**
 * What a customer typed (a name, a cancel reason), as text no mail program turns into a live
 * link: 'https://x.co' reads 'https[:]//x[.]co' (decision 023, so an order mail cannot carry
 * a phishing link). HTML escaping still applies where it is placed.
 */
export function typed(value: string): string {
  return value
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1[:]//')
    .replace(/([\p{L}\p{N}-])\.(?=[\p{L}\p{N}-]{2,})/gu, '$1[.]')
    .replace(/@/g, '[at]');
}

/** 'Halo <name>,' as text and as a paragraph (the name escaped, links defused). */
export function greeting(name: string): { text: string; html: SafeHtml } {
  const hello = `Halo ${typed(name)},`;
  return { text: hello, html: paragraph(hello) };
}

/** A part of an email in both forms. */
export interface Part {
  text: string;
  html: SafeHtml;
}

/** Label–value rows (a breakdown, an address) as a plain list and an HTML table. */
export function facts(rows: readonly (readonly [string, string])[]): Part {
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: html`<table style="margin:0 0 16px;border-collapse:collapse;font-size:15px;color:#1f1a17">${rows.map(
      ([label, value]) =>
        html`<tr><td style="padding:4px 16px 4px 0;color:#6b625b">${label}</td><td style="padding:4px 0;font-weight:bold">${value}</td></tr>`,
    )}</table>`,
  };
}

/** A heading above a part: a line of text, a bold paragraph. */
const heading = (title: string): Part => ({
  text: title,
  html: html`<p style="margin:24px 0 8px;font-size:16px;font-weight:bold;color:#1f1a17">${title}</p>`,
});

/** Parts one after another: a blank line between them in text. */
export function join(...parts: Part[]): Part {
  return { text: parts.map((p) => p.text).join('\n\n'), html: html`${parts.map((p) => p.html)}` };
}

/** One line bought: as the order stored it, so a later price or name change does not alter the mail. */
export interface OrderLine {
  name: string;
  /** The size bought; null on lines from before sizes. */
  sizeMl: number | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/**
 * What an order email shows of the order: its lines (at most MAX_ORDER_LINES, so an email stays
 * bounded), the delivery and the amounts. Built by `orderSummary` from the stored order.
 */
export interface OrderSummary {
  lines: OrderLine[];
  recipient: string;
  phone: string | null;
  /** The full address the order stored: street, district, regency, province, postal code. */
  address: string;
  shippingService: string;
  /** Days the service takes, as the order stored them; null on orders from before. */
  etaDays: { min: number; max: number } | null;
  subtotal: number;
  shippingFee: number;
  /** A voucher's discount (decision 041) and its code; 0 and null without one. */
  discount: number;
  voucherCode: string | null;
  /** What 'Kredit Sampel' took off the items (decision 061 part B); 0 without. */
  credit: number;
  /** Gift options (decision 045): the wrap's fee (0: free or none), wrapping asked, the message. */
  giftWrapFee: number;
  giftWrap: boolean;
  giftMessage: string | null;
  uniqueCode: number;
  /** The COD fee of a cash-on-delivery order (decision 034); 0 otherwise. */
  codFee: number;
  total: number;
}

export function orderSummary(order: Order): OrderSummary {
  const { shipping_eta_min_days: min, shipping_eta_max_days: max } = order;
  return {
    lines: order.order_items.map((item) => ({
      name: item.product_name,
      sizeMl: item.size_ml,
      quantity: item.quantity,
      unitPrice: item.product_price,
      lineTotal: item.subtotal,
    })),
    recipient: order.customer_name,
    phone: order.customer_phone,
    address: order.customer_address,
    shippingService: order.shipping_service ?? '',
    etaDays: min !== null && max !== null ? { min, max } : null,
    subtotal: order.subtotal_amount,
    shippingFee: order.shipping_fee,
    discount: order.discount_amount,
    voucherCode: order.voucher_code,
    credit: order.credit_amount,
    giftWrapFee: order.gift_wrap_fee,
    giftWrap: order.gift_wrap,
    giftMessage: order.gift_message,
    uniqueCode: order.unique_code,
    codFee: order.cod_fee,
    total: order.total_amount,
  };
}

const lineName = (line: OrderLine) => (line.sizeMl ? `${line.name} (${line.sizeMl} ml)` : line.name);

/** 'Produk yang dibeli': name, size, quantity × unit price = line total. */
function itemsPart({ lines }: OrderSummary): Part {
  const cell = 'padding:6px 8px 6px 0;border-bottom:1px solid #e6ded3;vertical-align:top';
  // Amounts never break after 'Rp' on a phone.
  const money = `${cell};white-space:nowrap`;
  const total = `${money};text-align:right`;
  const th = (label: string, style = cell) => html`<th style="${style}">${label}</th>`;
  const td = (value: string | number, style = cell) => html`<td style="${style}">${value}</td>`;
  const table = 'margin:0 0 16px;width:100%;border-collapse:collapse;font-size:15px;color:#1f1a17';
  return join(heading('Produk yang dibeli'), {
    text: lines
      .map(
        (line) =>
          `- ${lineName(line)}: ${line.quantity} x ${formatRupiah(line.unitPrice)} = ${formatRupiah(line.lineTotal)}`,
      )
      .join('\n'),
    html: html`<table style="${table}"><tr style="color:#6b625b;text-align:left">${[
      th('Produk'),
      th('Jumlah'),
      th('Harga'),
      th('Subtotal', total),
    ]}</tr>${lines.map(
      (line) =>
        html`<tr>${[
          td(lineName(line)),
          td(line.quantity),
          td(formatRupiah(line.unitPrice), money),
          td(formatRupiah(line.lineTotal), total),
        ]}</tr>`,
    )}</table>`,
  });
}

/** 'Dikirim ke': what the customer typed, with links defused. */
function deliveryPart(summary: OrderSummary): Part {
  const eta = summary.etaDays
    ? ` (estimasi ${summary.etaDays.min === summary.etaDays.max ? summary.etaDays.min : `${summary.etaDays.min}-${summary.etaDays.max}`} hari)`
    : '';
  return join(
    heading('Dikirim ke'),
    facts([
      ['Penerima', typed(summary.recipient)],
      ...(summary.phone ? [['Telepon', typed(summary.phone)] as const] : []),
      ['Alamat', typed(summary.address)],
      ['Layanan pengiriman', `${summary.shippingService}${eta}`],
      ...(summary.giftWrap ? [['Bungkus kado', 'Ya'] as const] : []),
      ...(summary.giftMessage ? [['Pesan hadiah', typed(summary.giftMessage)] as const] : []),
    ]),
  );
}

/**
 * How the customer pays now: by manual transfer (the accounts, the exact amount with its unique
 * code, a receipt upload; `online` when the gateway is offered too), or through the gateway
 * (`channel` chosen already, or null: any the shop offers) for `amount`, which carries no unique
 * code (decision 033): a virtual account's number (`payCode`; Mandiri's bill key after its
 * `billerCode`) when the charge gave one, else what the order page shows (the QR, the app link).
 */
export type HowToPay =
  | { kind: 'transfer'; bankAccounts: BankAccount[]; online: boolean }
  | {
      kind: 'online';
      channel: GatewayChannel | null;
      amount: number;
      payCode: string | null;
      billerCode: string | null;
    }
  /** Cash to the courier when the parcel arrives (decision 034): the order's total, its COD fee included. */
  | { kind: 'cod' };

/** The order's open attempt as the mails read it (a payments row fits). */
export interface PayingAttempt {
  method: string;
  channel: GatewayChannel | null;
  amount: number;
  payCode: string | null;
  billerCode: string | null;
}

/**
 * How an unpaid order is paid now: by transfer while its open attempt is a transfer (or it has
 * none) and the shop takes transfers; otherwise online, on the attempt's channel and amount.
 */
export function howToPay(
  summary: OrderSummary,
  bankAccounts: BankAccount[],
  options: PaymentOptions,
  open: PayingAttempt | undefined,
): HowToPay {
  if (open?.method === 'cod') return { kind: 'cod' };
  if ((open?.method ?? 'bank_transfer') === 'bank_transfer' && options.manual_transfer) {
    return { kind: 'transfer', bankAccounts, online: options.channels.length > 0 };
  }
  return open && open.method !== 'bank_transfer'
    ? {
        kind: 'online',
        channel: open.channel,
        amount: open.amount,
        payCode: open.payCode,
        billerCode: open.billerCode,
      }
    : {
        kind: 'online',
        channel: null,
        amount:
          summary.subtotal - summary.discount - summary.credit + summary.shippingFee + summary.giftWrapFee,
        payCode: null,
        billerCode: null,
      };
}

/** How to pay `amount` on the chosen channel before `due`: the VA number when known, else where the order page shows it. */
function onlineHow(pay: Extract<HowToPay, { kind: 'online' }>, amount: string, due: string): string {
  const done = 'Pembayaran terkonfirmasi otomatis.';
  const { channel, payCode, billerCode } = pay;
  if (!channel) {
    return `Pilih cara pembayaran (QRIS, virtual account, e-wallet, dan lainnya) di halaman pesanan lalu bayar ${amount} sebelum ${due}. ${done}`;
  }
  const label = gatewayChannelLabels[channel];
  switch (channel) {
    case 'other_qris':
      return `Buka halaman pesanan dan pindai kode QRIS di sana dengan aplikasi bank atau e-wallet Anda, lalu bayar ${amount} sebelum ${due}. ${done}`;
    case 'gopay':
    case 'shopeepay':
      return `Buka halaman pesanan di ponsel Anda untuk membayar ${amount} di aplikasi ${label} sebelum ${due}. ${done}`;
    case 'credit_card':
      return `Bayar ${amount} dengan kartu kredit/debit lewat halaman pesanan sebelum ${due}. ${done}`;
    case 'echannel':
      return payCode && billerCode
        ? `Bayar ${amount} lewat Mandiri (Livin' by Mandiri, ATM, atau internet banking) dengan kode perusahaan ${billerCode} dan kode bayar ${payCode} sebelum ${due}. ${done}`
        : `Buka halaman pesanan untuk melihat kode bayar ${label}, lalu bayar ${amount} sebelum ${due}. ${done}`;
    default:
      return payCode
        ? `Bayar ${amount} ke nomor ${label} ${payCode} sebelum ${due}. ${done}`
        : `Buka halaman pesanan untuk melihat nomor ${label}, lalu bayar ${amount} sebelum ${due}. ${done}`;
  }
}

/** What the customer pays: the transfer's total with its code, or the gateway's amount without. */
export const amountDue = (summary: OrderSummary, pay: HowToPay) =>
  pay.kind === 'online' ? pay.amount : summary.total;

function breakdownPart(summary: OrderSummary, pay: HowToPay): Part {
  const transfer = pay.kind === 'transfer';
  return join(
    heading('Rincian pembayaran'),
    facts([
      ['Subtotal produk', formatRupiah(summary.subtotal)],
      [`Ongkos kirim (${summary.shippingService})`, formatRupiah(summary.shippingFee)],
      ...(summary.discount > 0
        ? [[`Diskon (${summary.voucherCode ?? 'voucher'})`, `-${formatRupiah(summary.discount)}`] as const]
        : []),
      ...(summary.credit > 0 ? [['Kredit Sampel', `-${formatRupiah(summary.credit)}`] as const] : []),
      ...(summary.giftWrapFee > 0 ? [['Bungkus kado', formatRupiah(summary.giftWrapFee)] as const] : []),
      ...(transfer && summary.uniqueCode > 0
        ? [['Kode unik', formatRupiah(summary.uniqueCode)] as const]
        : []),
      ...(summary.codFee > 0 ? [['Biaya COD', formatRupiah(summary.codFee)] as const] : []),
      [
        transfer ? 'Total transfer' : pay.kind === 'cod' ? 'Bayar di tempat (COD)' : 'Total pembayaran',
        formatRupiah(amountDue(summary, pay)),
      ],
    ]),
  );
}

/** The order as the order mails show it: items, delivery, and the amounts for this way of paying. */
export function orderParts(summary: OrderSummary, pay: HowToPay): Part {
  return join(itemsPart(summary), deliveryPart(summary), breakdownPart(summary, pay));
}

/** Where and how to pay before `dueAt`, ending with the order page's button. */
export function howToPayPart(pay: HowToPay, summary: OrderSummary, dueAt: string, url: string): Part {
  const amount = formatRupiah(amountDue(summary, pay));
  if (pay.kind === 'cod') {
    const how = `Siapkan uang tunai ${amount} dan bayarkan ke kurir saat paket tiba. Pesanan Anda segera kami kemas dan kirim.`;
    return join(heading('Cara pembayaran'), {
      text: `${how}\n${url}`,
      html: html`${paragraph(how)}${button(url, 'Lihat pesanan')}`,
    });
  }
  if (pay.kind === 'online') {
    const how = onlineHow(pay, amount, wib(dueAt));
    return join(heading('Cara pembayaran'), {
      text: `${how}\n${url}`,
      html: html`${paragraph(how)}${button(url, 'Bayar sekarang')}`,
    });
  }
  const accounts =
    pay.bankAccounts.length > 0
      ? facts(pay.bankAccounts.map((a) => [a.bank, `${a.accountNumber} a.n. ${a.holder}`] as const))
      : {
          text: 'Rekening tujuan belum tersedia: hubungi kami.',
          html: paragraph('Rekening tujuan belum tersedia: hubungi kami.'),
        };
  const after = `Transfer tepat ${amount} sebelum ${wib(dueAt)}, lalu unggah bukti transfer di halaman pesanan. Pesanan yang belum dibayar sampai batas waktu dibatalkan otomatis.`;
  const online = pay.online
    ? 'Ingin lebih cepat? Di halaman pesanan Anda juga dapat membayar lewat QRIS, virtual account, atau e-wallet, yang terkonfirmasi otomatis.'
    : '';
  return join(heading('Rekening tujuan'), accounts, {
    text: `${after}${online ? `\n${online}` : ''}\n${url}`,
    html: html`${paragraph(after)}${online ? paragraph(online) : ''}${button(url, 'Lihat pesanan')}`,
  });
}

/** How to pay, in one line (a WhatsApp message's parameter, decision 049): the same words as the mail's. */
export function howToPayLine(pay: HowToPay, summary: OrderSummary, dueAt: string): string {
  const amount = formatRupiah(amountDue(summary, pay));
  if (pay.kind === 'cod') return `Siapkan uang tunai ${amount} dan bayarkan ke kurir saat paket tiba.`;
  if (pay.kind === 'online') return onlineHow(pay, amount, wib(dueAt));
  const accounts = pay.bankAccounts
    .map((a) => `${a.bank} ${a.accountNumber} a.n. ${a.holder}`)
    .join(' atau ');
  return accounts
    ? `Transfer tepat ${amount} ke ${accounts} sebelum ${wib(dueAt)}, lalu unggah bukti transfer di halaman pesanan.`
    : `Transfer tepat ${amount} sebelum ${wib(dueAt)}; rekening tujuan belum tersedia: hubungi kami.`;
}

/** The gateway's channel as the customer chose it ('Virtual Account BCA'), when it is known. */
export const channelName = (channel: GatewayChannel | null) =>
  channel ? gatewayChannelLabels[channel] : 'pembayaran online';
