import type { GatewayChannel } from '@gi/contracts';
import type {
  GatewayCharge,
  GatewayEnv,
  GatewayOutcome,
  GatewayPayment,
  GatewayStatus,
  PaymentGateway,
} from './gateway.ts';
import { GatewayUnavailable } from './gateway.ts';

// Midtrans behind the gateway seam: the Core API's direct charge for QRIS, virtual accounts and
// e-wallets (paid on the shop's own order page), Snap's hosted page (redirect mode) for cards.
// Every contract detail here was checked against Midtrans's documentation and its official Node
// client; decisions 026 (Snap, notifications, status) and 033 (Core API) list where.

const BASE = {
  sandbox: { snap: 'https://app.sandbox.midtrans.com', core: 'https://api.sandbox.midtrans.com' },
  production: { snap: 'https://app.midtrans.com', core: 'https://api.midtrans.com' },
};

/** Midtrans's item name is at most 50 characters. */
const ITEM_NAME_MAX = 50;
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** 'yyyy-MM-dd HH:mm:ss +0700': Snap's `expiry.start_time`, the Core API's `custom_expiry.order_time`. */
export function wibTimestamp(at: Date): string {
  const wib = new Date(at.getTime() + WIB_OFFSET_MS).toISOString();
  return `${wib.slice(0, 10)} ${wib.slice(11, 19)} +0700`;
}

/** An Indonesian phone in the +62 form Midtrans's samples use, or undefined. */
export function plus62(phone: string | null): string | undefined {
  const digits = phone?.replace(/\D/g, '') ?? '';
  const international = digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
  return /^62\d{8,13}$/.test(international) ? `+${international}` : undefined;
}

/** SHA-512 of `order_id + status_code + gross_amount + serverKey`, lower-case hex: the notification's signature_key. */
export async function notificationSignature(
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-512',
    new TextEncoder().encode(orderId + statusCode + grossAmount + serverKey),
  );
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Equal strings in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  return left.byteLength === right.byteLength && crypto.subtle.timingSafeEqual(left, right);
}

/** Midtrans's transaction_status (and fraud_status of a card capture) as the shop acts on it. */
export function outcomeOf(transactionStatus: string, fraudStatus: string | null): GatewayOutcome {
  switch (transactionStatus) {
    case 'settlement':
      return 'paid';
    case 'capture':
      // A card payment: accepted by the fraud check is paid, a challenge waits for Midtrans's review.
      return fraudStatus === 'deny' ? 'failed' : fraudStatus === 'challenge' ? 'pending' : 'paid';
    case 'pending':
    case 'authorize':
      return 'pending';
    case 'deny':
    case 'cancel':
    case 'expire':
    case 'failure':
      return 'failed';
    case 'refund':
    case 'partial_refund':
    case 'chargeback':
    case 'partial_chargeback':
      return 'refund';
    default:
      return 'unknown';
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** '150000.00' → 150000; anything else (fractions, signs, junk) → null. */
export function wholeRupiah(grossAmount: string): number | null {
  const match = /^(\d{1,13})(?:\.00?)?$/.exec(grossAmount);
  return match ? Number(match[1]) : null;
}

/** Midtrans's 'yyyy-MM-dd HH:mm:ss' in WIB (its `expiry_time`) as ISO UTC; null when not that. */
export function wibToIso(value: string | null): string | null {
  const match = value && /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}+07:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The VA number to pay a pending transaction: `va_numbers`, Permata's own field, or Mandiri's bill key. */
function payCodeOf(body: Record<string, unknown>): string | null {
  const [va] = Array.isArray(body.va_numbers) ? (body.va_numbers as Record<string, unknown>[]) : [];
  return text(va?.va_number) ?? text(body.permata_va_number) ?? text(body.bill_key);
}

/** The channels charged directly through the Core API; cards keep Snap's hosted page. */
type DirectChannel = Exclude<GatewayChannel, 'credit_card'>;

/** The Core API `POST /v2/charge` fields of one channel. */
function channelFields(channel: DirectChannel, finishUrl: string): Record<string, unknown> {
  switch (channel) {
    case 'other_qris':
      // `acquirer` is optional (default gopay); named as the documented sample does.
      return { payment_type: 'qris', qris: { acquirer: 'gopay' } };
    case 'bca_va':
    case 'bni_va':
    case 'bri_va':
    case 'permata_va':
      return { payment_type: 'bank_transfer', bank_transfer: { bank: channel.slice(0, -'_va'.length) } };
    case 'echannel':
      // Shown by Mandiri when paying: a label of at most 10 characters and a value of at most 30.
      return {
        payment_type: 'echannel',
        echannel: { bill_info1: 'Pembayaran', bill_info2: 'Belanja Global Imperium' },
      };
    case 'gopay':
      return { payment_type: 'gopay', gopay: { enable_callback: true, callback_url: finishUrl } };
    case 'shopeepay':
      return { payment_type: 'shopeepay', shopeepay: { callback_url: finishUrl } };
  }
}

/** What the shopper needs to pay a channel: without it the answer is not one the shop can use. */
function payable(channel: DirectChannel, payment: GatewayPayment): boolean {
  switch (channel) {
    case 'other_qris':
      return payment.qrString !== null;
    case 'echannel':
      return payment.payCode !== null && payment.billerCode !== null;
    case 'gopay':
    case 'shopeepay':
      return payment.deeplinkUrl !== null;
    default:
      return payment.payCode !== null;
  }
}

/** A Core API charge answer as the shop shows it (docs/decisions/033-pay-at-checkout.md lists the samples). */
function paymentOf(body: Record<string, unknown>): GatewayPayment {
  const actions = Array.isArray(body.actions) ? (body.actions as Record<string, unknown>[]) : [];
  const deeplink = actions.find((action) => action?.name === 'deeplink-redirect');
  return {
    redirectUrl: null,
    payCode: payCodeOf(body),
    billerCode: text(body.biller_code),
    qrString: text(body.qr_string),
    deeplinkUrl: text(deeplink?.url),
    // The VA samples write `expiry_time`; the QRIS sample of "Charge Transactions" writes `expire_time`.
    expiresAt: wibToIso(text(body.expiry_time) ?? text(body.expire_time)),
    transactionId: text(body.transaction_id),
  };
}

export function midtrans(env: GatewayEnv, serverKey: string): PaymentGateway {
  const base = env.MIDTRANS_API_URL
    ? { snap: env.MIDTRANS_API_URL, core: env.MIDTRANS_API_URL }
    : BASE[env.MIDTRANS_ENVIRONMENT === 'production' ? 'production' : 'sandbox'];
  // HTTP Basic: the server key as user name, an empty password.
  const headers = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Authorization: `Basic ${btoa(`${serverKey}:`)}`,
  };

  async function request(
    url: string,
    init: RequestInit,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers });
    } catch {
      throw new GatewayUnavailable('Midtrans tidak dapat dihubungi');
    }
    const body = await res.json().catch(() => null);
    if (!body || typeof body !== 'object') throw new GatewayUnavailable(`Midtrans menjawab ${res.status}`);
    return { status: res.status, body: body as Record<string, unknown> };
  }

  return {
    method: 'midtrans',

    async charge(charge: GatewayCharge): Promise<GatewayPayment> {
      const now = new Date();
      const items = charge.items.map((item) => ({
        id: item.id.slice(0, 50),
        name: item.name.slice(0, ITEM_NAME_MAX),
        price: item.price,
        quantity: item.quantity,
      }));
      const customer = {
        first_name: charge.customer.name,
        ...(charge.customer.email ? { email: charge.customer.email } : {}),
        phone: plus62(charge.customer.phone),
      };
      if (charge.channel === 'credit_card') {
        const minutes = Math.floor((charge.expiresAt.getTime() - now.getTime()) / 60_000);
        const { status, body } = await request(`${base.snap}/snap/v1/transactions`, {
          method: 'POST',
          body: JSON.stringify({
            transaction_details: { order_id: charge.attemptId, gross_amount: charge.amount },
            item_details: items,
            customer_details: customer,
            enabled_payments: [charge.channel],
            expiry: { start_time: wibTimestamp(now), unit: 'minute', duration: minutes },
            callbacks: { finish: charge.finishUrl },
          }),
        });
        const redirectUrl = text(body.redirect_url);
        if (status !== 201 || !redirectUrl)
          throw new GatewayUnavailable(`Midtrans menolak transaksi (${status})`);
        return {
          redirectUrl,
          payCode: null,
          billerCode: null,
          qrString: null,
          deeplinkUrl: null,
          expiresAt: null,
          transactionId: null,
        };
      }
      // Whole seconds from order_time (itself cut to the second): the payment ends at the deadline, never after.
      const start = Math.floor(now.getTime() / 1000) * 1000;
      const seconds = Math.floor((charge.expiresAt.getTime() - start) / 1000);
      const { status, body } = await request(`${base.core}/v2/charge`, {
        method: 'POST',
        body: JSON.stringify({
          ...channelFields(charge.channel, charge.finishUrl),
          transaction_details: { order_id: charge.attemptId, gross_amount: charge.amount },
          item_details: items,
          customer_details: customer,
          custom_expiry: { order_time: wibTimestamp(now), expiry_duration: seconds, unit: 'second' },
        }),
      });
      // The outcome is the body's status_code ('201': pending, created); the HTTP status says less.
      const code = text(body.status_code);
      if (code !== '201') throw new GatewayUnavailable(`Midtrans menolak transaksi (${code ?? status})`);
      const payment = paymentOf(body);
      if (!payable(charge.channel, payment)) {
        throw new GatewayUnavailable('Jawaban Midtrans tanpa cara membayar (201)');
      }
      return payment;
    },

    async cancel(attemptId: string): Promise<boolean> {
      // Cancel is Midtrans's documented way to void a `pending` VA, QRIS or e-wallet transaction
      // (expire is for a customer who did not pay in time).
      const { status, body } = await request(`${base.core}/v2/${encodeURIComponent(attemptId)}/cancel`, {
        method: 'POST',
      });
      const code = text(body.status_code);
      if (code === '200' && text(body.transaction_status) === 'cancel') return true;
      // 412: its status can no longer change (paid, expired, cancelled); 404: unknown; 407: expired.
      if (code === '412' || code === '404' || code === '407') return false;
      throw new GatewayUnavailable(`Midtrans tidak membatalkan transaksi (${status}/${code ?? '-'})`);
    },

    async verifyNotification(body: unknown) {
      if (!body || typeof body !== 'object') return null;
      const { order_id, status_code, gross_amount, signature_key } = body as Record<string, unknown>;
      if (
        typeof order_id !== 'string' ||
        typeof status_code !== 'string' ||
        typeof gross_amount !== 'string' ||
        typeof signature_key !== 'string'
      ) {
        return null;
      }
      const expected = await notificationSignature(order_id, status_code, gross_amount, serverKey);
      return sameText(signature_key.toLowerCase(), expected) ? order_id : null;
    },

    async status(attemptId: string): Promise<GatewayStatus | null> {
      const { status, body } = await request(`${base.core}/v2/${encodeURIComponent(attemptId)}/status`, {
        method: 'GET',
      });
      // The status code is in the body: '404' is a transaction Midtrans does not know,
      // '407' an expired one (a normal answer, as Midtrans's Node client treats it).
      const code = text(body.status_code);
      if (code === '404') return null;
      const transactionStatus = text(body.transaction_status);
      const grossAmount = text(body.gross_amount);
      if (status !== 200 || !transactionStatus || !grossAmount || (Number(code) >= 400 && code !== '407')) {
        throw new GatewayUnavailable(`Status Midtrans tidak terbaca (${status}/${code ?? '-'})`);
      }
      const fraudStatus = text(body.fraud_status);
      return {
        attemptId: text(body.order_id) ?? attemptId,
        outcome: outcomeOf(transactionStatus, fraudStatus),
        transactionStatus,
        fraudStatus,
        paymentType: text(body.payment_type),
        transactionId: text(body.transaction_id),
        grossAmount,
        amount: wholeRupiah(grossAmount),
        currency: text(body.currency),
        payCode: payCodeOf(body),
        qrString: text(body.qr_string),
      };
    },
  };
}
