import { env } from 'cloudflare:test';
import { controlCharacterMessage, invisibleTextMessage } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { CUSTOMER, cart, insertProducts } from '../../test/order-fixtures.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const NUL = '\u0000';

/** Every table's rows, to show a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const tables = [
    'users',
    'profiles',
    'products',
    'collections',
    'orders',
    'customer_service',
    'site_settings',
  ];
  const rows = await Promise.all(
    tables.map((t) => env.DB.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()),
  );
  return JSON.stringify(rows.map((r) => r.results));
}

describe('text fields refuse control characters with a clear 400, on every route that stores text', () => {
  it('names, titles, addresses and messages holding a NUL', async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer', 'Budi Santoso');
    const [product] = await insertProducts([90_000]);
    const settings = await (await call('/api/settings')).json<Record<string, unknown>>();
    const requests: [string, string, Record<string, unknown>, string, string | undefined][] = [
      [
        'POST',
        '/api/auth/register',
        { name: `${NUL}${NUL}`, email: 'baru@contoh.id', password: 'rahasia1', confirmPassword: 'rahasia1' },
        'name',
        undefined,
      ],
      ['PATCH', '/api/auth/profile', { name: `${NUL}Budi`, email: customer.email }, 'name', customer.cookie],
      [
        'POST',
        '/api/orders',
        {
          items: cart(product ? [product] : []),
          customer: { ...CUSTOMER, customerAddress: `${NUL}Jl. Melati` },
          paymentChannel: 'bank_transfer',
        },
        'customer.customerAddress',
        customer.cookie,
      ],
      [
        'POST',
        '/api/products',
        {
          name: `${NUL}Parfum`,
          description: 'Aroma melati segar.',
          image: '/images/a.webp',
          variants: [{ size_ml: 50, price: 1000, stock: 1, weight_grams: 270 }],
        },
        'name',
        admin.cookie,
      ],
      ['POST', '/api/collections', { name: `${NUL}` }, 'name', admin.cookie],
      ['POST', '/api/content/faq', { question: `${NUL}Apa?`, answer: 'Jawaban.' }, 'question', admin.cookie],
      ['PUT', '/api/content/policies/privacy-policy', { content: `${NUL}Isi` }, 'content', admin.cookie],
      ['POST', '/api/admin/customer-service', { title: `${NUL}Botol bocor` }, 'title', admin.cookie],
      [
        'POST',
        '/api/contact',
        { name: 'Siti', email: 'siti@contoh.id', subject: `${NUL}`, message: 'Halo' },
        'subject',
        undefined,
      ],
      [
        'PATCH',
        '/api/settings',
        { ...settings, contactAddress: `Jl. Melati${NUL}` },
        'contactAddress',
        admin.cookie,
      ],
    ];
    const before = await snapshot();
    const answers: Record<string, string> = {};
    for (const [method, path, json, field, cookie] of requests) {
      const res = await call(path, {
        method,
        json,
        headers: { 'idempotency-key': crypto.randomUUID() },
        ...(cookie ? { cookie } : {}),
      });
      const body = await res.json<ErrorBody>();
      answers[`${method} ${path}`] = `${res.status} ${body.error?.code} ${body.error?.fields?.[field]}`;
    }
    const refused = `400 invalid_input ${controlCharacterMessage}`;
    expect(answers).toEqual(
      Object.fromEntries(requests.map(([method, path]) => [`${method} ${path}`, refused])),
    );
    expect(await snapshot()).toBe(before);
  });

  it("refuses the red team's invisible and reordering characters (issue 27 #9), and writes nothing", async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer', 'Budi Santoso');
    const [product] = await insertProducts([90_000]);
    const account = (name: string) => ({
      name,
      email: 'baru@contoh.id',
      password: 'rahasia1',
      confirmPassword: 'rahasia1',
    });
    const order = (customerName: string) => ({
      items: cart(product ? [product] : []),
      customer: { ...CUSTOMER, customerName },
      paymentChannel: 'bank_transfer',
    });
    const cases: [string, string, string, Record<string, unknown>, string, string, string | undefined][] = [
      [
        'courier with a line separator',
        'PATCH',
        `/api/admin/orders/${crypto.randomUUID()}/status`,
        { status: 'shipped', courier: 'JNE\u2028Subject: Hadiah', trackingNumber: 'JNE123' },
        'courier',
        controlCharacterMessage,
        admin.cookie,
      ],
      [
        'name with a right-to-left override',
        'POST',
        '/api/auth/register',
        account('Budi \u202egpj.exe'),
        'name',
        controlCharacterMessage,
        undefined,
      ],
      [
        'name with a lone surrogate',
        'PATCH',
        '/api/auth/profile',
        { name: 'Budi \ud800', email: customer.email },
        'name',
        controlCharacterMessage,
        customer.cookie,
      ],
      [
        'name of zero-width spaces only',
        'POST',
        '/api/auth/register',
        account('\u200b\u200b\u200b'),
        'name',
        invisibleTextMessage,
        undefined,
      ],
      [
        "order's name of zero-width spaces only",
        'POST',
        '/api/orders',
        order('\u200b\u200b'),
        'customer.customerName',
        invisibleTextMessage,
        customer.cookie,
      ],
    ];
    const before = await snapshot();
    for (const [what, method, path, json, field, message, cookie] of cases) {
      const res = await call(path, {
        method,
        json,
        headers: { 'idempotency-key': crypto.randomUUID() },
        ...(cookie ? { cookie } : {}),
      });
      const body = await res.json<ErrorBody>();
      expect(`${res.status} ${body.error?.code} ${body.error?.fields?.[field]}`, what).toBe(
        `400 invalid_input ${message}`,
      );
    }
    expect(await snapshot()).toBe(before);
  });

  it('a text area keeps its newlines and tabs, and refuses the other control characters', async () => {
    const admin = await createUser('admin');
    const product = {
      name: 'Parfum Melati',
      image: '/images/a.webp',
      variants: [{ size_ml: 50, price: 1000, stock: 1, weight_grams: 270 }],
    };
    const kept = await call('/api/products', {
      method: 'POST',
      cookie: admin.cookie,
      json: { ...product, description: 'Baris satu.\r\nBaris\tdua.' },
    });
    expect(kept.status).toBe(201);
    expect(await kept.json()).toMatchObject({ description: 'Baris satu.\r\nBaris\tdua.' });
    const bell = await call('/api/products', {
      method: 'POST',
      cookie: admin.cookie,
      json: { ...product, description: 'Baris satu.\u0007 Baris dua.' },
    });
    expect(bell.status).toBe(400);
    expect((await bell.json<ErrorBody>()).error.fields).toEqual({ description: controlCharacterMessage });
    // A name is one line: a newline in it is refused too.
    const twoLines = await call('/api/products', {
      method: 'POST',
      cookie: admin.cookie,
      json: { ...product, name: 'Parfum\nMelati', description: 'Aroma melati segar.' },
    });
    expect((await twoLines.json<ErrorBody>()).error.fields).toEqual({ name: controlCharacterMessage });
  });
});
