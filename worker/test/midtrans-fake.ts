import { vi } from 'vitest';
import { call } from './helpers.ts';

// A fake Midtrans at the network boundary (decisions 026 and 033): the Core API's charge, cancel
// and status, and Snap for cards, answering bodies shaped like Midtrans's documented samples
// (docs.midtrans.com: "Charge Transactions", the Core API's bank transfer, e-money and QRIS
// integration pages, "Cancel Transaction", "Get Transaction Status"). Each notification's
// signature_key is computed here, independently of the code under test.

export const SERVER_KEY = 'SB-Mid-server-uji-0123456789abcdef';
const CORE = 'https://api.sandbox.midtrans.com';
const SNAP = 'https://app.sandbox.midtrans.com';

export async function sha512Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Body = Record<string, unknown>;

/** The VA numbers, bill key and QR string the fake gives, per order_id so each attempt's differ. */
export const fakeVa = (orderId: string) =>
  `8127850${orderId.replace(/\D/g, '').padEnd(10, '0').slice(0, 10)}`;
export const fakeQr = (orderId: string) =>
  `00020101021226620014COM.GO-JEK.WWW011993600914${orderId}5204599953033605802ID6304ABCD`;

/** The answer of POST /v2/charge for one request body, as the documented samples write it. */
function chargeAnswer(body: Body): Body {
  const details = body.transaction_details as { order_id: string; gross_amount: number };
  const orderId = details.order_id;
  const common = {
    status_code: '201',
    transaction_id: `trx-${orderId}`,
    order_id: orderId,
    merchant_id: 'G812785002',
    gross_amount: `${details.gross_amount}.00`,
    currency: 'IDR',
    transaction_time: '2026-11-28 10:00:00',
    transaction_status: 'pending',
    fraud_status: 'accept',
    expiry_time: '2026-11-29 10:00:00',
  };
  switch (body.payment_type) {
    case 'qris':
      return {
        ...common,
        status_message: 'QRIS transaction is created',
        payment_type: 'qris',
        acquirer: 'gopay',
        qr_string: fakeQr(orderId),
        actions: [
          {
            name: 'generate-qr-code',
            method: 'GET',
            url: `${CORE}/v2/qris/trx-${orderId}/qr-code`,
          },
        ],
      };
    case 'bank_transfer': {
      const bank = (body.bank_transfer as { bank: string }).bank;
      return bank === 'permata'
        ? { ...common, payment_type: 'bank_transfer', permata_va_number: fakeVa(orderId) }
        : {
            ...common,
            status_message: 'Success, Bank Transfer transaction is created',
            payment_type: 'bank_transfer',
            va_numbers: [{ bank, va_number: fakeVa(orderId) }],
          };
    }
    case 'echannel':
      return {
        ...common,
        status_message: 'OK, Mandiri Bill transaction is successful',
        payment_type: 'echannel',
        bill_key: fakeVa(orderId).slice(0, 12),
        biller_code: '70012',
      };
    case 'gopay':
    case 'shopeepay':
      return {
        ...common,
        payment_type: body.payment_type,
        actions: [
          ...(body.payment_type === 'gopay'
            ? [{ name: 'generate-qr-code', method: 'GET', url: `${CORE}/v2/gopay/trx-${orderId}/qr-code` }]
            : []),
          {
            name: 'deeplink-redirect',
            method: 'GET',
            url: `https://simulator.sandbox.midtrans.com/${body.payment_type}/ui/checkout?id=${orderId}`,
          },
        ],
      };
    default:
      return { status_code: '400', status_message: 'payment_type is not supported' };
  }
}

/** A fake Midtrans; every request it gets is recorded. */
export function fakeMidtrans() {
  const charges: Body[] = [];
  const snapRequests: { body: Body; auth: string | null }[] = [];
  const cancels: string[] = [];
  const statuses = new Map<string, Body>();
  let failStatus = false;
  let down = false;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (down) throw new TypeError('fetch failed');
    if (request.method === 'POST' && url.href === `${SNAP}/snap/v1/transactions`) {
      const body = await request.json<Body>();
      snapRequests.push({ body, auth: request.headers.get('authorization') });
      const orderId = (body.transaction_details as { order_id: string }).order_id;
      return Response.json(
        { token: `tok-${orderId}`, redirect_url: `${SNAP}/snap/v4/redirection/tok-${orderId}` },
        { status: 201 },
      );
    }
    if (request.method === 'POST' && url.href === `${CORE}/v2/charge`) {
      const body = await request.json<Body>();
      charges.push(body);
      return Response.json(chargeAnswer(body));
    }
    const cancel = /^\/v2\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && url.origin === CORE && cancel) {
      const orderId = decodeURIComponent(cancel[1] ?? '');
      cancels.push(orderId);
      // A settled transaction can no longer be cancelled ("Cancel Transaction": 412); one still
      // waiting (set or only charged) is, and its status says so from then on.
      const known = statuses.get(orderId);
      if (known && known.transaction_status !== 'pending') {
        return Response.json({
          status_code: '412',
          status_message: 'Merchant cannot modify the status of the transaction',
        });
      }
      if (known) statuses.set(orderId, { ...known, transaction_status: 'cancel', status_code: '200' });
      return Response.json({
        status_code: '200',
        status_message: 'Success, transaction is canceled',
        transaction_id: `trx-${orderId}`,
        order_id: orderId,
        transaction_status: 'cancel',
        fraud_status: 'accept',
      });
    }
    const status = /^\/v2\/([^/]+)\/status$/.exec(url.pathname);
    if (request.method === 'GET' && url.origin === CORE && status) {
      if (failStatus) return new Response('upstream error', { status: 502 });
      const known = statuses.get(decodeURIComponent(status[1] ?? ''));
      return Response.json(known ?? { status_code: '404', status_message: "Transaction doesn't exist." });
    }
    throw new Error(`unexpected fetch ${request.method} ${request.url}`);
  });
  return {
    charges,
    snapRequests,
    cancels,
    spy,
    failStatus: (fail: boolean) => {
      failStatus = fail;
    },
    /** Midtrans cannot be reached at all (every request fails). */
    down: (isDown: boolean) => {
      down = isDown;
    },
    /** Sets what the status API says of an attempt, and answers the notification Midtrans would send. */
    async set(
      orderId: string,
      fields: Body & { transaction_status: string; gross_amount: string; status_code: string },
    ) {
      const body: Body = {
        transaction_time: '2026-11-26 10:00:00',
        transaction_id: `trx-${orderId}`,
        status_message: 'midtrans payment notification',
        payment_type: 'qris',
        order_id: orderId,
        merchant_id: 'G000000001',
        currency: 'IDR',
        fraud_status: 'accept',
        ...fields,
      };
      statuses.set(orderId, body);
      const signature_key = await sha512Hex(
        `${orderId}${fields.status_code}${fields.gross_amount}${SERVER_KEY}`,
      );
      return { ...body, signature_key };
    },
  };
}

/** The notification as Midtrans posts it: no cookie, no Origin. */
export const notifyShop = (body: unknown) =>
  call('/api/payments/midtrans/notification', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: '' },
  });
