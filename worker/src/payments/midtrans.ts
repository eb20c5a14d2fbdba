import type { GatewayCharge, GatewayEnv, GatewayOutcome, GatewayStatus, PaymentGateway } from './gateway.ts';
import { GatewayUnavailable } from './gateway.ts';

// Midtrans Snap (redirect mode) behind the gateway seam. Every contract detail here was checked
// against Midtrans's documentation and its official Node client; decision 026 lists where.

const BASE = {
  sandbox: { snap: 'https://app.sandbox.midtrans.com', core: 'https://api.sandbox.midtrans.com' },
  production: { snap: 'https://app.midtrans.com', core: 'https://api.midtrans.com' },
};

/** Midtrans's item name is at most 50 characters. */
const ITEM_NAME_MAX = 50;
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** 'yyyy-MM-dd HH:mm:ss +0700', the format of Snap's `expiry.start_time`. */
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

/** How to pay a pending transaction: a VA number, Mandiri's biller and bill key, or the QR string. */
function payCodeOf(body: Record<string, unknown>): string | null {
  const [va] = Array.isArray(body.va_numbers) ? (body.va_numbers as Record<string, unknown>[]) : [];
  const bill = text(body.bill_key);
  return (
    text(va?.va_number) ??
    text(body.permata_va_number) ??
    (bill ? `${text(body.biller_code) ?? ''} ${bill}`.trim() : null) ??
    text(body.qr_string)
  );
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

    async createCheckout(charge: GatewayCharge) {
      const now = new Date();
      const minutes = Math.floor((charge.expiresAt.getTime() - now.getTime()) / 60_000);
      const { status, body } = await request(`${base.snap}/snap/v1/transactions`, {
        method: 'POST',
        body: JSON.stringify({
          transaction_details: { order_id: charge.attemptId, gross_amount: charge.amount },
          item_details: charge.items.map((item) => ({
            id: item.id.slice(0, 50),
            name: item.name.slice(0, ITEM_NAME_MAX),
            price: item.price,
            quantity: item.quantity,
          })),
          customer_details: {
            first_name: charge.customer.name,
            ...(charge.customer.email ? { email: charge.customer.email } : {}),
            phone: plus62(charge.customer.phone),
          },
          enabled_payments: [charge.channel],
          expiry: { start_time: wibTimestamp(now), unit: 'minute', duration: minutes },
          callbacks: { finish: charge.finishUrl },
        }),
      });
      const redirectUrl = text(body.redirect_url);
      if (status !== 201 || !redirectUrl)
        throw new GatewayUnavailable(`Midtrans menolak transaksi (${status})`);
      return { redirectUrl };
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
      };
    },
  };
}
