import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { CheckoutPaymentOptions, Order } from '@gi/contracts';
import type { BatchItem } from 'drizzle-orm/batch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, createUser, shopRequest, type TestUser } from '../../test/helpers.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  PAYMENT_SETTINGS,
  savePaymentSettings,
  withService,
} from '../../test/order-fixtures.ts';
import { getDb } from '../db/client.ts';
import app from '../index.ts';
import { retryDelayMs } from '../lib/outbox-queue.ts';
import { cloudApi } from './cloud-api.ts';
import { drainWhatsApp, queueWhatsApp } from './outbox.ts';

// Order updates on WhatsApp (decision 049), with Meta's Cloud API mocked at the network boundary:
// requests and answers shaped like Meta's documented samples (a template message with body
// parameters; `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`;
// a Graph API error `{ error: { message, type, code, error_data: { messaging_product, details }, fbtrace_id } }`).

const TOKEN = 'EAAJB-rahasia-token-uji-0123456789';
const PHONE_NUMBER_ID = '106540352242922';
const MESSAGES_URL = `https://graph.facebook.com/v23.0/${PHONE_NUMBER_ID}/messages`;
/** The Worker's bindings with the channel on. */
const whatsappEnv = { ...env, WHATSAPP_TOKEN: TOKEN, WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID };
const T0 = new Date('2026-11-28T03:00:00.000Z');
const db = () => getDb(env.DB);

const accepted = (to: string, n = 1) =>
  Response.json({
    messaging_product: 'whatsapp',
    contacts: [{ input: to, wa_id: to }],
    messages: [{ id: `wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABEYEjQ${n}` }],
  });

const graphError = (status: number, code: number, message: string, details: string) =>
  Response.json(
    {
      error: {
        message,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details },
        fbtrace_id: 'A4O5a8RAgePwbcGSu',
      },
    },
    { status },
  );

/** Meta's endpoint mocked: each request's URL, headers and body recorded, answered by `answer`. */
function fakeCloudApi(
  answer: (body: Record<string, unknown>) => Response = (body) => accepted(String(body.to)),
) {
  const sent: { url: string; authorization: string | null; body: Record<string, unknown> }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith('https://graph.facebook.com/'))
      throw new Error(`unexpected fetch ${request.url}`);
    const body = await request.json<Record<string, unknown>>();
    sent.push({ url: request.url, authorization: request.headers.get('authorization'), body });
    return answer(body);
  });
  return { sent, spy };
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** POST /api/orders on a Worker with the channel on, its drain after the answer awaited. */
async function placeWith(
  bindings: typeof env,
  user: TestUser,
  extra: Record<string, unknown>,
): Promise<Order> {
  const [product] = await insertProducts([250_000]);
  if (!product) throw new Error('no product');
  const ctx = createExecutionContext();
  const res = await app.fetch(
    shopRequest('/api/orders', {
      method: 'POST',
      cookie: user.cookie,
      headers: { 'idempotency-key': crypto.randomUUID() },
      json: withService({ items: cart([product]), customer: CUSTOMER, ...extra }),
    }),
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  return res.json<Order>();
}

async function outboxRows(orderId: string) {
  const { results } = await env.DB.prepare(
    `SELECT event, to_phone, template, parameters, status, attempts, next_attempt_at, last_error, message_id
     FROM whatsapp_outbox WHERE order_id = ? ORDER BY created_at, rowid`,
  )
    .bind(orderId)
    .all<{
      event: string;
      to_phone: string;
      template: string;
      parameters: string;
      status: string;
      attempts: number;
      next_attempt_at: string;
      last_error: string | null;
      message_id: string | null;
    }>();
  return results.map((row) => ({ ...row, parameters: JSON.parse(row.parameters) as string[] }));
}

const optInOf = async (orderId: string) =>
  await env.DB.prepare('SELECT whatsapp_opt_in FROM orders WHERE id = ?')
    .bind(orderId)
    .first<number>('whatsapp_opt_in');

describe('the channel without keys', () => {
  it('is off: checkout offers no opt-in, and an opt-in sent anyway is not kept', async () => {
    const user = await createUser();
    const options = await (
      await call('/api/payment-options', { cookie: user.cookie })
    ).json<CheckoutPaymentOptions>();
    expect(options.whatsapp).toBe(false);

    const { spy } = fakeCloudApi();
    const order = await placeWith(env, user, { whatsappOptIn: true });
    expect(await optInOf(order.id)).toBe(0);
    expect(await outboxRows(order.id)).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });

  it('is on with both secrets, as GET /api/payment-options says', async () => {
    const user = await createUser();
    const ctx = createExecutionContext();
    const res = await app.fetch(
      shopRequest('/api/payment-options', { cookie: user.cookie }),
      whatsappEnv,
      ctx,
    );
    expect((await res.json<CheckoutPaymentOptions>()).whatsapp).toBe(true);
  });

  it('refuses an opt-in that is not a yes or no with a 400 and its Indonesian message', async () => {
    const user = await createUser();
    const [product] = await insertProducts([100_000]);
    if (!product) throw new Error('no product');
    const res = await call('/api/orders', {
      method: 'POST',
      cookie: user.cookie,
      headers: { 'idempotency-key': crypto.randomUUID() },
      json: withService({ items: cart([product]), customer: CUSTOMER, whatsappOptIn: 'ya' }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Pilihan kabar WhatsApp tidak valid');
  });
});

describe('order placed', () => {
  it('with the opt-in: one template message to the order phone in E.164, shaped as Meta documents it', async () => {
    const admin = await createUser('owner');
    await savePaymentSettings(admin.cookie);
    const user = await createUser();
    const { sent } = fakeCloudApi();
    const order = await placeWith(whatsappEnv, user, { whatsappOptIn: true });

    expect(await optInOf(order.id)).toBe(1);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe(MESSAGES_URL);
    expect(request?.authorization).toBe(`Bearer ${TOKEN}`);
    const due = order.payment_due_at ?? '';
    expect(request?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '6281234567890',
      type: 'template',
      template: {
        name: 'gi_pesanan_dibuat',
        language: { code: 'id' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Siti Aminah' },
              { type: 'text', text: `#${order.id.slice(0, 8)}` },
              { type: 'text', text: expect.stringMatching(/^Rp\s?26\d\.\d{3}$/) },
              {
                type: 'text',
                text: expect.stringContaining(
                  `ke ${PAYMENT_SETTINGS.bankAccounts[0]?.bank} ${PAYMENT_SETTINGS.bankAccounts[0]?.accountNumber} a.n. PT Global Imperium`,
                ),
              },
              { type: 'text', text: `https://shop.test/orders/${order.id}` },
            ],
          },
        ],
      },
    });
    expect(due).not.toBe('');
    const [row] = await outboxRows(order.id);
    expect(row).toMatchObject({ event: 'order_placed', status: 'sent', attempts: 1 });
    expect(row?.message_id).toMatch(/^wamid\./);
  });

  it('without the opt-in: nothing is queued or sent', async () => {
    const user = await createUser();
    const { spy } = fakeCloudApi();
    const order = await placeWith(whatsappEnv, user, {});
    expect(await optInOf(order.id)).toBe(0);
    expect(await outboxRows(order.id)).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('paid, shipped, delivered', () => {
  it("queue their templates in the lifecycle's batches, the waybill and tracking in 'shipped'", async () => {
    const admin = await createUser('owner');
    await savePaymentSettings(admin.cookie);
    const user = await createUser();
    fakeCloudApi();
    const order = await placeWith(whatsappEnv, user, { whatsappOptIn: true });
    const patch = (json: unknown) =>
      call(`/api/admin/orders/${order.id}/status`, { method: 'PATCH', cookie: admin.cookie, json });
    expect((await patch({ status: 'processing' })).status).toBe(200);
    expect((await patch({ status: 'shipped', courier: 'JNE', trackingNumber: 'JNE0123456789' })).status).toBe(
      200,
    );
    expect((await patch({ status: 'delivered' })).status).toBe(200);

    const rows = await outboxRows(order.id);
    const ref = `#${order.id.slice(0, 8)}`;
    const page = `https://shop.test/orders/${order.id}`;
    expect(rows.map(({ event, template, parameters }) => ({ event, template, parameters }))).toEqual([
      { event: 'order_placed', template: 'gi_pesanan_dibuat', parameters: expect.any(Array) },
      {
        event: 'paid',
        template: 'gi_pembayaran_diterima',
        parameters: ['Siti Aminah', ref, expect.stringMatching(/^Rp/), page],
      },
      {
        event: 'shipped',
        template: 'gi_pesanan_dikirim',
        parameters: ['Siti Aminah', ref, 'JNE', 'JNE0123456789', page],
      },
      { event: 'delivered', template: 'gi_pesanan_sampai', parameters: ['Siti Aminah', ref, page] },
    ]);
    // The admin's requests ran without the channel's keys: the new rows wait for a drain that has them.
    expect(rows.slice(1).every((row) => row.status === 'pending' && row.to_phone === '6281234567890')).toBe(
      true,
    );
  });

  it('queues one message per order and event, however often the event is queued', async () => {
    const user = await createUser();
    fakeCloudApi();
    const order = await placeWith(whatsappEnv, user, { whatsappOptIn: true });
    const subject = {
      id: order.id,
      customerName: 'Siti',
      customerPhone: '+6281234567890',
      whatsappOptIn: true,
    };
    const paid = () => queueWhatsApp(db(), env, subject, { event: 'paid', total: 250_000 });
    const run = (items: BatchItem<'sqlite'>[]) => db().batch(items as [BatchItem<'sqlite'>]);
    await run([...paid(), ...paid()]);
    await run(paid());
    expect((await outboxRows(order.id)).filter((row) => row.event === 'paid')).toHaveLength(1);
  });
});

describe('failures', () => {
  async function queuedPaid() {
    const user = await createUser();
    const order = await placeWith(env, user, {});
    const subject = {
      id: order.id,
      customerName: 'Siti',
      customerPhone: '+6281234567890',
      whatsappOptIn: true,
    };
    const [insert] = queueWhatsApp(db(), env, subject, { event: 'paid', total: 250_000 });
    if (!insert) throw new Error('nothing queued');
    await db().batch([insert]);
    return order.id;
  }
  const provider = () => cloudApi({}, TOKEN, PHONE_NUMBER_ID);

  it("are retried after 429, 5xx and Meta's rate-limit codes with the email backoff, then sent", async () => {
    const orderId = await queuedPaid();
    const answers = [
      graphError(429, 130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.'),
      graphError(500, 131000, '(#131000) Something went wrong', 'Something went wrong'),
      graphError(
        400,
        131056,
        '(#131056) (Business Account, Consumer Account) pair rate limit hit',
        'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
      ),
    ];
    const { sent } = fakeCloudApi((body) => answers.shift() ?? accepted(String(body.to), 2));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    expect(await drainWhatsApp(db(), provider(), { now: T0 })).toMatchObject({ claimed: 1, retrying: 1 });
    let [row] = await outboxRows(orderId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.last_error).toContain('#130429');
    expect(row?.next_attempt_at).toBe(new Date(T0.getTime() + retryDelayMs(1)).toISOString());
    // Not due yet: nothing is tried.
    expect((await drainWhatsApp(db(), provider(), { now: T0 })).claimed).toBe(0);

    const t1 = new Date(T0.getTime() + retryDelayMs(1));
    expect(await drainWhatsApp(db(), provider(), { now: t1 })).toMatchObject({ retrying: 1 });
    [row] = await outboxRows(orderId);
    expect(row?.last_error).toContain('#131000');

    // Meta's pair rate limit, whatever its HTTP status, is waited out too.
    const t2 = new Date(t1.getTime() + retryDelayMs(2));
    expect(await drainWhatsApp(db(), provider(), { now: t2 })).toMatchObject({ retrying: 1 });
    [row] = await outboxRows(orderId);
    expect(row?.last_error).toContain('#131056');

    const t3 = new Date(t2.getTime() + retryDelayMs(3));
    expect(await drainWhatsApp(db(), provider(), { now: t3 })).toMatchObject({ sent: 1 });
    [row] = await outboxRows(orderId);
    expect(row).toMatchObject({ status: 'sent', attempts: 4, last_error: null });
    expect(sent).toHaveLength(4);
    // The failures were logged without the token.
    expect(errors).toHaveBeenCalled();
    expect(JSON.stringify(errors.mock.calls)).not.toContain(TOKEN);
  });

  it('that would fail again (a parameter Meta refuses) are given up at once', async () => {
    const orderId = await queuedPaid();
    fakeCloudApi(() =>
      graphError(
        400,
        100,
        '(#100) Invalid parameter',
        'The request included one or more unsupported or misspelled parameters.',
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await drainWhatsApp(db(), provider(), { now: T0 })).toMatchObject({ failed: 1 });
    const [row] = await outboxRows(orderId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.last_error).toContain('#100');
  });

  it('of the network are retried, and never hold up the order', async () => {
    const admin = await createUser('owner');
    await savePaymentSettings(admin.cookie);
    const user = await createUser();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const order = await placeWith(whatsappEnv, user, { whatsappOptIn: true });
    expect(order.status).toBe('pending');
    const [row] = await outboxRows(order.id);
    expect(row).toMatchObject({ event: 'order_placed', status: 'pending', attempts: 1 });
    expect(row?.last_error).toContain('tidak dapat dihubungi');
  });
});
