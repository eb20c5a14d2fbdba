import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentGateway } from './configured-gateway.ts';
import { type GatewayCharge, GatewayUnavailable } from './gateway.ts';
import { notificationSignature, outcomeOf, plus62, wholeRupiah, wibTimestamp, wibToIso } from './midtrans.ts';

describe('Midtrans contract details (decision 026)', () => {
  it("maps transaction_status and a card capture's fraud_status to what the shop does", () => {
    expect(outcomeOf('settlement', null)).toBe('paid');
    expect(outcomeOf('capture', 'accept')).toBe('paid');
    expect(outcomeOf('capture', 'challenge')).toBe('pending');
    expect(outcomeOf('capture', 'deny')).toBe('failed');
    expect(outcomeOf('pending', null)).toBe('pending');
    for (const status of ['deny', 'cancel', 'expire', 'failure'])
      expect(outcomeOf(status, null)).toBe('failed');
    for (const status of ['refund', 'partial_refund']) expect(outcomeOf(status, 'accept')).toBe('refund');
    expect(outcomeOf('something_new', null)).toBe('unknown');
  });

  it('reads gross_amount as whole rupiah only when it is exactly that', () => {
    expect(wholeRupiah('150000.00')).toBe(150_000);
    expect(wholeRupiah('150000')).toBe(150_000);
    expect(wholeRupiah('150000.50')).toBeNull();
    expect(wholeRupiah('-1.00')).toBeNull();
    expect(wholeRupiah('1e5')).toBeNull();
  });

  it('writes times in WIB, reads expiry_time as WIB, and phones in +62 form', () => {
    expect(wibTimestamp(new Date('2026-11-26T17:30:05.123Z'))).toBe('2026-11-27 00:30:05 +0700');
    expect(wibToIso('2026-11-27 00:30:05')).toBe('2026-11-26T17:30:05.000Z');
    expect(wibToIso('2026-11-27T00:30:05Z')).toBeNull();
    expect(wibToIso(null)).toBeNull();
    expect(plus62('0812-3456-7890')).toBe('+6281234567890');
    expect(plus62('+62 812 3456 7890')).toBe('+6281234567890');
    expect(plus62('12')).toBeUndefined();
    expect(plus62(null)).toBeUndefined();
  });

  it('signs SHA-512 over order_id + status_code + gross_amount + server key, as strings received', async () => {
    // Computed outside the code under test: printf '%s' 'order-1200150000.00SB-Mid-server-x' | sha512sum
    expect(await notificationSignature('order-1', '200', '150000.00', 'SB-Mid-server-x')).toBe(
      '414a092312694f5bc9bc484fb2d9faeff6a7a1bc5bc8d0b2d3c39f66995c2d79946a0562c317f3251053816edfb9b13fd300a78d8f3c226e6da953dde9a0b16d',
    );
  });

  it('is off without a server key: no gateway, its methods are not offered', () => {
    expect(paymentGateway({})).toBeNull();
    expect(paymentGateway({ MIDTRANS_SERVER_KEY: 'SB-Mid-server-x' })?.method).toBe('midtrans');
  });
});

// The Core API adapter, mocked at the network boundary: each answer is one of Midtrans's documented
// samples (the page is named above it), each request is checked field by field against the
// documented request bodies. docs/decisions/033-pay-at-checkout.md lists the same pages.

const SERVER_KEY = 'SB-Mid-server-uji-0123456789abcdef';
const CORE = 'https://api.sandbox.midtrans.com';
const SNAP = 'https://app.sandbox.midtrans.com';

interface Sent {
  url: URL;
  method: string;
  headers: Headers;
  body: Record<string, unknown> | null;
}

/** A fake Midtrans answering one body per request, recording what it was sent. */
function fakeMidtrans(answer: (url: URL) => Response): Sent[] {
  const requests: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const raw = await request.text();
    requests.push({
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : null,
    });
    return answer(new URL(request.url));
  });
  return requests;
}

const gateway = () => {
  const configured = paymentGateway({ MIDTRANS_SERVER_KEY: SERVER_KEY, MIDTRANS_ENVIRONMENT: 'sandbox' });
  if (!configured) throw new Error('gateway expected');
  return configured;
};

// 2026-11-28 10:00:00.400 WIB; the order's payment deadline one hour later.
const NOW = new Date('2026-11-28T03:00:00.400Z');
const charge = (channel: GatewayCharge['channel']): GatewayCharge => ({
  attemptId: 'a1b2c3d4-0000-4000-8000-000000000001',
  amount: 4_806_500,
  channel,
  items: [
    {
      id: 'p-1',
      name: 'Eau de Parfum Imperium Oud Royale Edisi Terbatas 100 ml Botol Kaca',
      price: 2_400_000,
      quantity: 2,
    },
    { id: 'shipping', name: 'Ongkos kirim JNE Reguler', price: 36_500, quantity: 1 },
    { id: 'discount', name: 'Potongan', price: -30_000, quantity: 1 },
  ],
  customer: { name: 'Siti Rahayu', email: 'siti@contoh.id', phone: '0812-3456-7890' },
  expiresAt: new Date('2026-11-28T04:00:00.000Z'),
  finishUrl: 'https://shop.test/orders/order-1',
});

/** What every Core API charge sends, whatever the channel (the documented request samples). */
function expectCommonCharge(sent: Sent | undefined) {
  if (!sent) throw new Error('no request sent');
  expect(sent.method).toBe('POST');
  expect(sent.url.href).toBe(`${CORE}/v2/charge`);
  expect(sent.headers.get('authorization')).toBe(`Basic ${btoa(`${SERVER_KEY}:`)}`);
  expect(sent.headers.get('accept')).toBe('application/json');
  expect(sent.headers.get('content-type')).toBe('application/json');
  const body = sent.body as Record<string, unknown>;
  expect(body.transaction_details).toEqual({
    order_id: 'a1b2c3d4-0000-4000-8000-000000000001',
    gross_amount: 4_806_500,
  });
  const items = body.item_details as { id: string; name: string; price: number; quantity: number }[];
  expect(items.reduce((sum, item) => sum + item.price * item.quantity, 0)).toBe(4_806_500);
  expect(items[0]).toEqual({
    id: 'p-1',
    name: 'Eau de Parfum Imperium Oud Royale Edisi Terbatas 1',
    price: 2_400_000,
    quantity: 2,
  });
  for (const item of items) expect(item.name.length).toBeLessThanOrEqual(50);
  expect(body.customer_details).toEqual({
    first_name: 'Siti Rahayu',
    email: 'siti@contoh.id',
    phone: '+6281234567890',
  });
  // custom_expiry (docs.midtrans.com/reference/custom-expiry-object): order_time in GMT+7, the
  // duration in whole seconds from it, so the payment ends exactly at the deadline.
  expect(body.custom_expiry).toEqual({
    order_time: '2026-11-28 10:00:00 +0700',
    expiry_duration: 3600,
    unit: 'second',
  });
}

describe('Midtrans Core API charge (decision 033)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('charges QRIS with payment_type qris and reads its qr_string, actions and expire_time', async () => {
    // Answer: docs.midtrans.com/reference/charge-transactions-1 (OpenAPI example "Result").
    const sent = fakeMidtrans(() =>
      Response.json({
        status_code: '201',
        status_message: 'QRIS transaction is created',
        transaction_id: '30a689ba-7251-4052-b8a0-f677fd53e1be',
        order_id: 'order-id-12312',
        merchant_id: 'G379181825',
        gross_amount: '100000.00',
        currency: 'IDR',
        payment_type: 'qris',
        transaction_time: '2023-01-05 10:01:39',
        transaction_status: 'pending',
        fraud_status: 'accept',
        actions: [
          {
            name: 'generate-qr-code',
            method: 'GET',
            url: 'https://api.sandbox.midtrans.com/v2/qris/30a689ba-7251-4052-b8a0-f677fd53e1be/qr-code',
          },
        ],
        qr_string:
          '00020101021226620014COM.GO-JEK.WWW011993600914337918182570210G3791818250303UKE51440014ID.CO.QRIS.WWW0215AID7720513752290303UKE5204359353033605802ID5910PAPI LIVE26005KUKAR6105755535409100000.0062475036b1855b6c-70ab-4449-9778-61b8ffe43fd20703A016304C385',
        acquirer: 'gopay',
        expire_time: '2023-01-05 11:01:39',
      }),
    );
    const payment = await gateway().charge(charge('other_qris'));
    expect(sent).toHaveLength(1);
    expectCommonCharge(sent[0]);
    // Request: docs.midtrans.com/reference/qris ("qris": {"acquirer": "gopay"}, optional, default gopay).
    expect(sent[0]?.body).toMatchObject({ payment_type: 'qris', qris: { acquirer: 'gopay' } });
    expect(payment).toEqual({
      redirectUrl: null,
      payCode: null,
      billerCode: null,
      qrString:
        '00020101021226620014COM.GO-JEK.WWW011993600914337918182570210G3791818250303UKE51440014ID.CO.QRIS.WWW0215AID7720513752290303UKE5204359353033605802ID5910PAPI LIVE26005KUKAR6105755535409100000.0062475036b1855b6c-70ab-4449-9778-61b8ffe43fd20703A016304C385',
      deeplinkUrl: null,
      expiresAt: '2023-01-05T04:01:39.000Z',
      transactionId: '30a689ba-7251-4052-b8a0-f677fd53e1be',
    });
  });

  it('refuses a QRIS answer that carries no qr_string: the shop would have nothing to draw', async () => {
    // Answer: docs.midtrans.com/reference/qris ("Success", actions only).
    fakeMidtrans(() =>
      Response.json({
        status_code: '201',
        status_message: 'QRIS transaction is created',
        transaction_id: '0d8178e1-c6c7-4ab4-81a6-893be9d924ab',
        order_id: 'order03',
        gross_amount: '275000.00',
        payment_type: 'qris',
        transaction_status: 'pending',
        actions: [
          {
            name: 'generate-qr-code',
            method: 'GET',
            url: 'https://api.midtrans.com/v2/qris/0d8178e1-c6c7-4ab4-81a6-893be9d924ab/qr-code',
          },
        ],
      }),
    );
    await expect(gateway().charge(charge('other_qris'))).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('charges BCA, BNI and BRI virtual accounts as bank_transfer with their bank and reads va_numbers', async () => {
    // Requests and answers: docs.midtrans.com/docs/coreapi-core-api-bank-transfer-integration.
    const samples = {
      bca_va: { bank: 'bca', va: '812785002530231', id: 'be03df7d-2f97-4c8c-a53c-8959f1b67295' },
      bni_va: { bank: 'bni', va: '9888500212345678', id: '2194a77c-a412-4fd8-8ec8-121ff64fbfee' },
      bri_va: { bank: 'bri', va: '8578000000111111', id: '9aed5972-5b6a-401e-894b-a32c91ed1a3a' },
    } as const;
    for (const [channel, sample] of Object.entries(samples)) {
      vi.restoreAllMocks();
      const sent = fakeMidtrans(() =>
        Response.json({
          status_code: '201',
          status_message: 'Success, Bank Transfer transaction is created',
          transaction_id: sample.id,
          order_id: '1571823229',
          merchant_id: 'G812785002',
          gross_amount: '44000.00',
          currency: 'IDR',
          payment_type: 'bank_transfer',
          transaction_time: '2019-10-23 16:33:49',
          transaction_status: 'pending',
          va_numbers: [{ bank: sample.bank, va_number: sample.va }],
          fraud_status: 'accept',
        }),
      );
      const payment = await gateway().charge(charge(channel as GatewayCharge['channel']));
      expectCommonCharge(sent[0]);
      expect(sent[0]?.body).toMatchObject({
        payment_type: 'bank_transfer',
        bank_transfer: { bank: sample.bank },
      });
      expect(payment).toEqual({
        redirectUrl: null,
        payCode: sample.va,
        billerCode: null,
        qrString: null,
        deeplinkUrl: null,
        expiresAt: null,
        transactionId: sample.id,
      });
    }
  });

  it('charges Permata as bank_transfer with bank permata and reads permata_va_number and expiry_time (WIB)', async () => {
    // Request: docs.midtrans.com/reference/charge-transactions-1 ("bank_transfer": {"bank": "permata"});
    // answer: docs.midtrans.com/reference/charge-api (Permata, with expiry_time).
    const sent = fakeMidtrans(() =>
      Response.json({
        status_code: '201',
        status_message: 'Success, PERMATA VA transaction is successful',
        transaction_id: 'a3b75ca9-8b52-445b-99c8-c2cc742a0991',
        order_id: 'C17550',
        merchant_id: 'G772349112',
        gross_amount: '145000.00',
        currency: 'IDR',
        payment_type: 'bank_transfer',
        transaction_time: '2024-07-04 10:53:53',
        transaction_status: 'pending',
        fraud_status: 'accept',
        permata_va_number: '8778000002332015',
        expiry_time: '2024-07-05 10:53:53',
      }),
    );
    const payment = await gateway().charge(charge('permata_va'));
    expectCommonCharge(sent[0]);
    expect(sent[0]?.body).toMatchObject({
      payment_type: 'bank_transfer',
      bank_transfer: { bank: 'permata' },
    });
    expect(payment).toMatchObject({
      payCode: '8778000002332015',
      billerCode: null,
      expiresAt: '2024-07-05T03:53:53.000Z',
      transactionId: 'a3b75ca9-8b52-445b-99c8-c2cc742a0991',
    });
  });

  it('charges Mandiri bill as echannel with short bill_info and reads bill_key and biller_code apart', async () => {
    // Request and answer: docs.midtrans.com/docs/coreapi-core-api-bank-transfer-integration ("Mandiri Bill");
    // bill_info1 at most 10 characters, bill_info2 at most 30 (docs.midtrans.com/reference/e-channel-object).
    const sent = fakeMidtrans(() =>
      Response.json({
        status_code: '201',
        status_message: 'OK, Mandiri Bill transaction is successful',
        transaction_id: 'abb2d93f-dae3-4183-936d-4145423ad72f',
        order_id: '1571823332',
        merchant_id: 'G812785002',
        gross_amount: '44000.00',
        currency: 'IDR',
        payment_type: 'echannel',
        transaction_time: '2019-10-23 16:35:31',
        transaction_status: 'pending',
        fraud_status: 'accept',
        bill_key: '778347787706',
        biller_code: '70012',
      }),
    );
    const payment = await gateway().charge(charge('echannel'));
    expectCommonCharge(sent[0]);
    const body = sent[0]?.body as {
      payment_type: string;
      echannel: { bill_info1: string; bill_info2: string };
    };
    expect(body.payment_type).toBe('echannel');
    expect(body.echannel.bill_info1.length).toBeLessThanOrEqual(10);
    expect(body.echannel.bill_info2.length).toBeLessThanOrEqual(30);
    expect(payment).toMatchObject({ payCode: '778347787706', billerCode: '70012', qrString: null });
  });

  it('charges GoPay with enable_callback to the order page and reads the deeplink-redirect action', async () => {
    // Request and answer: docs.midtrans.com/reference/gopay-1.
    const deeplink =
      'gojek://gopay/merchanttransfer?tref=1509110800474199656LMVO&amount=10000&activity=GP:RR&callback_url=someapps://callback?order_id=SAMPLE-ORDER-ID-01';
    const sent = fakeMidtrans(() =>
      Response.json({
        status_code: '201',
        status_message: 'GO-PAY billing created',
        transaction_id: 'e48447d1-cfa9-4b02-b163-2e915d4417ac',
        order_id: 'SAMPLE-ORDER-ID-01',
        gross_amount: '10000.00',
        payment_type: 'gopay',
        transaction_time: '2017-10-04 12:00:00',
        transaction_status: 'pending',
        actions: [
          {
            name: 'generate-qr-code',
            method: 'GET',
            url: 'https://api.midtrans.com/v2/gopay/e48447d1-cfa9-4b02-b163-2e915d4417ac/qr-code',
          },
          { name: 'deeplink-redirect', method: 'GET', url: deeplink },
          {
            name: 'get-status',
            method: 'GET',
            url: 'https://api.midtrans.com/v2/e48447d1-cfa9-4b02-b163-2e915d4417ac/status',
          },
          {
            name: 'cancel',
            method: 'POST',
            url: 'https://api.midtrans.com/v2/e48447d1-cfa9-4b02-b163-2e915d4417ac/cancel',
            fields: [],
          },
        ],
        channel_response_code: '200',
        channel_response_message: 'Success',
        currency: 'IDR',
      }),
    );
    const payment = await gateway().charge(charge('gopay'));
    expectCommonCharge(sent[0]);
    expect(sent[0]?.body).toMatchObject({
      payment_type: 'gopay',
      gopay: { enable_callback: true, callback_url: 'https://shop.test/orders/order-1' },
    });
    expect(payment).toEqual({
      redirectUrl: null,
      payCode: null,
      billerCode: null,
      qrString: null,
      deeplinkUrl: deeplink,
      expiresAt: null,
      transactionId: 'e48447d1-cfa9-4b02-b163-2e915d4417ac',
    });
  });

  it('charges ShopeePay with callback_url and reads its deeplink-redirect', async () => {
    // Request and answer: docs.midtrans.com/reference/shopeepay-1.
    const deeplink =
      'https://wsa.uat.wallet.airpay.co.id/universal-link/wallet/pay?deep_and_deferred=1&token=dFhkbmR1bTBIamhW5n7WPz2OrczCvb8_XiHliB9nROFMVByjtwKMAl6G0Ax0cMr79M4hwjs';
    const sent = fakeMidtrans(() =>
      Response.json({
        status_code: '201',
        status_message: 'ShopeePay transaction is created',
        channel_response_code: '0',
        channel_response_message: 'success',
        transaction_id: 'bb379c3a-218b-47c7-9b0b-25f71f0f1231',
        order_id: 'test-order-shopeepay-001',
        merchant_id: 'YON001',
        gross_amount: '25000.00',
        currency: 'IDR',
        payment_type: 'shopeepay',
        transaction_time: '2020-09-29 11:16:23',
        transaction_status: 'pending',
        fraud_status: 'accept',
        actions: [{ name: 'deeplink-redirect', method: 'GET', url: deeplink }],
      }),
    );
    const payment = await gateway().charge(charge('shopeepay'));
    expectCommonCharge(sent[0]);
    expect(sent[0]?.body).toMatchObject({
      payment_type: 'shopeepay',
      shopeepay: { callback_url: 'https://shop.test/orders/order-1' },
    });
    expect(payment).toMatchObject({ deeplinkUrl: deeplink, qrString: null, payCode: null });
  });

  it("keeps cards on Snap's hosted page: only the redirect URL comes back", async () => {
    const sent = fakeMidtrans(
      () =>
        new Response(
          JSON.stringify({
            token: '66e4fa55-fdac-4ef9-91b5-733b97d1b862',
            redirect_url: `${SNAP}/snap/v4/redirection/66e4fa55-fdac-4ef9-91b5-733b97d1b862`,
          }),
          { status: 201 },
        ),
    );
    const payment = await gateway().charge(charge('credit_card'));
    expect(sent[0]?.url.href).toBe(`${SNAP}/snap/v1/transactions`);
    expect(sent[0]?.body).toMatchObject({
      enabled_payments: ['credit_card'],
      expiry: { start_time: '2026-11-28 10:00:00 +0700', unit: 'minute', duration: 59 },
      callbacks: { finish: 'https://shop.test/orders/order-1' },
    });
    expect(payment).toEqual({
      redirectUrl: `${SNAP}/snap/v4/redirection/66e4fa55-fdac-4ef9-91b5-733b97d1b862`,
      payCode: null,
      billerCode: null,
      qrString: null,
      deeplinkUrl: null,
      expiresAt: null,
      transactionId: null,
    });
  });

  it('throws GatewayUnavailable naming only the status code when Midtrans refuses a charge', async () => {
    // Answer: docs.midtrans.com/reference/charge-transactions-1 (OpenAPI example "Duplicate order ID").
    fakeMidtrans(() =>
      Response.json({
        status_code: '406',
        status_message:
          'The request could not be completed due to a conflict with the current state of the target resource, please try again',
        id: '2e7d71d2-8f72-4c31-91a5-36731edd0b71',
      }),
    );
    const refused = await gateway()
      .charge(charge('bca_va'))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GatewayUnavailable);
    expect((refused as Error).message).toBe('Midtrans menolak transaksi (406)');
    expect((refused as Error).message).not.toContain(SERVER_KEY);
  });

  it('throws GatewayUnavailable when Midtrans cannot be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'));
    await expect(gateway().charge(charge('bri_va'))).rejects.toBeInstanceOf(GatewayUnavailable);
    await expect(gateway().cancel('a1')).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});

describe('Midtrans cancel of a pending transaction (decision 033)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('posts /v2/{order_id}/cancel and is true when Midtrans answers the transaction cancelled', async () => {
    // Answer: docs.midtrans.com/reference/cancel-transaction ("Sample Response - Success").
    const sent = fakeMidtrans(() =>
      Response.json({
        status_code: '200',
        status_message: 'Success, transaction is canceled',
        transaction_id: '249fc620-6017-4540-af7c-5a1c25788f46',
        order_id: 'a1b2c3d4-0000-4000-8000-000000000001',
        payment_type: 'bank_transfer',
        transaction_time: '2015-02-26 14:39:33',
        transaction_status: 'cancel',
        fraud_status: 'accept',
        gross_amount: '30000.00',
      }),
    );
    expect(await gateway().cancel('a1b2c3d4-0000-4000-8000-000000000001')).toBe(true);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url.href).toBe(`${CORE}/v2/a1b2c3d4-0000-4000-8000-000000000001/cancel`);
    expect(sent[0]?.headers.get('authorization')).toBe(`Basic ${btoa(`${SERVER_KEY}:`)}`);
  });

  it('is false when Midtrans cannot change it (412: paid or closed) or does not know it (404)', async () => {
    // 412: docs.midtrans.com/reference/cancel-transaction ("Sample Response - Error");
    // 404: docs.midtrans.com/reference/status-code-4xx.
    fakeMidtrans(() =>
      Response.json({
        status_code: '412',
        status_message: 'Merchant cannot modify the status of the transaction',
      }),
    );
    expect(await gateway().cancel('paid-attempt')).toBe(false);
    vi.restoreAllMocks();
    fakeMidtrans(() =>
      Response.json({ status_code: '404', status_message: "Transaction doesn't exist." }, { status: 404 }),
    );
    expect(await gateway().cancel('unknown-attempt')).toBe(false);
  });

  it('throws GatewayUnavailable on a server error, so the caller tries again later', async () => {
    fakeMidtrans(() => new Response('upstream error', { status: 502 }));
    await expect(gateway().cancel('a1')).rejects.toBeInstanceOf(GatewayUnavailable);
    vi.restoreAllMocks();
    fakeMidtrans(() => Response.json({ status_code: '500', status_message: 'Internal server error' }));
    await expect(gateway().cancel('a1')).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});

describe('Midtrans status of a direct charge (decision 033)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives the VA number or bill key as payCode and the QR string apart', async () => {
    // Pending bodies shaped like the charge answers above (docs.midtrans.com/reference/get-transaction-status).
    const bodies: Record<string, Record<string, unknown>> = {
      va: { payment_type: 'bank_transfer', va_numbers: [{ bank: 'bca', va_number: '812785002530231' }] },
      permata: { payment_type: 'bank_transfer', permata_va_number: '8778004890127981' },
      mandiri: { payment_type: 'echannel', bill_key: '778347787706', biller_code: '70012' },
      qris: {
        payment_type: 'qris',
        qr_string:
          '00020101021226620014COM.GO-JEK.WWW011993600914349052630340210G4905263030303UKE51440014ID.CO.QRIS.WWW0215AID0607336128660303UKE5204341453033605802ID5904Test6007BANDUNG6105402845409789000.0062475036c032f87c-f773-4619-aefa-675e1f06f9210703A016304A623',
      },
    };
    fakeMidtrans((url) => {
      const id = url.pathname.split('/')[2] ?? '';
      return Response.json({
        status_code: '201',
        status_message: 'Success, transaction is found',
        transaction_id: `trx-${id}`,
        order_id: id,
        gross_amount: '789000.00',
        currency: 'IDR',
        transaction_time: '2021-06-23 15:25:24',
        transaction_status: 'pending',
        fraud_status: 'accept',
        ...bodies[id],
      });
    });
    const read = async (id: string) => {
      const status = await gateway().status(id);
      return { payCode: status?.payCode, qrString: status?.qrString, outcome: status?.outcome };
    };
    expect(await read('va')).toEqual({ payCode: '812785002530231', qrString: null, outcome: 'pending' });
    expect(await read('permata')).toEqual({
      payCode: '8778004890127981',
      qrString: null,
      outcome: 'pending',
    });
    expect(await read('mandiri')).toEqual({ payCode: '778347787706', qrString: null, outcome: 'pending' });
    expect(await read('qris')).toEqual({
      payCode: null,
      qrString: bodies.qris?.qr_string,
      outcome: 'pending',
    });
  });
});
