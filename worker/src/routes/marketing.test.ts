import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { BACK_IN_STOCK_IN_STOCK, BACK_IN_STOCK_UNSUBSCRIBED, UNSUBSCRIBE_CONFIRM_FIELD } from '@gi/contracts';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { insertProducts, placeOrder } from '../../test/order-fixtures.ts';
import { signAccessToken, signUnsubscribeToken } from '../auth/tokens.ts';
import { getDb } from '../db/client.ts';
import worker from '../index.ts';
import { drainOutbox, type OutgoingEmail } from '../lib/outbox.ts';
import { policies } from '../lib/throttle.ts';
import { sendBackInStock } from '../services/back-in-stock.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const PRODUCT = 'melati-malam';
const SOLD_OUT = 'melati-malam-50';
const IN_STOCK = 'melati-malam-100';
const UNCOUNTED = 'melati-malam-standar';

async function seed() {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO products (id, name, description, price, image) VALUES (?, 'Melati Malam', 'Melati dan cendana.', 275000, '/images/melati.webp')",
    ).bind(PRODUCT),
    env.DB.prepare(
      'INSERT INTO product_variants (id, product_id, size_ml, price, stock) VALUES (?, ?, 50, 275000, 0), (?, ?, 100, 450000, 4), (?, ?, NULL, 300000, NULL)',
    ).bind(SOLD_OUT, PRODUCT, IN_STOCK, PRODUCT, UNCOUNTED, PRODUCT),
    env.DB.prepare(
      "INSERT INTO products (id, name, description, price, image) VALUES ('kenanga', 'Kenanga', 'Kenanga yang lembut.', 200000, '/images/kenanga.webp')",
    ),
    env.DB.prepare(
      "INSERT INTO product_variants (id, product_id, size_ml, price, stock) VALUES ('kenanga-30', 'kenanga', 30, 200000, 0)",
    ),
  ]);
}

let network = 0;
/** Each ask from its own network unless told, so the per-network limit stays out of the way. */
const ask = (body: unknown, { cookie, ip }: { cookie?: string; ip?: string } = {}, product = PRODUCT) => {
  network += 1;
  return call(`/api/products/${product}/notify`, {
    method: 'POST',
    json: body,
    cookie,
    headers: { 'cf-connecting-ip': ip ?? `198.51.100.${network % 250}` },
  });
};

async function asks() {
  const { results } = await env.DB.prepare(
    'SELECT variant_id, email, user_id, due_at FROM back_in_stock_subscriptions ORDER BY email, variant_id',
  ).all<{ variant_id: string; email: string; user_id: string | null; due_at: string | null }>();
  return results;
}

async function mails() {
  const { results } = await env.DB.prepare(
    "SELECT to_address, subject, body, unsubscribe_url FROM email_outbox WHERE template = 'back-in-stock' ORDER BY to_address",
  ).all<{ to_address: string; subject: string; body: string; unsubscribe_url: string | null }>();
  return results;
}

const restock = (variant: string, stock: number | null) =>
  env.DB.prepare('UPDATE product_variants SET stock = ? WHERE id = ?').bind(stock, variant).run();

const suppressions = async () =>
  (await env.DB.prepare('SELECT email FROM marketing_suppressions ORDER BY email').all<{ email: string }>())
    .results;

describe("POST /api/products/{id}/notify ('Kabari Saya')", () => {
  it("takes a guest's address once: 201, then 200 for the same size and address", async () => {
    await seed();
    const first = await ask({ variantId: SOLD_OUT, email: '  Ani@Contoh.ID ' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      variantId: SOLD_OUT,
      email: 'ani@contoh.id',
      message: 'Kami akan mengabari ani@contoh.id satu kali saat ukuran ini tersedia lagi.',
    });
    const again = await ask({ variantId: SOLD_OUT, email: 'ani@contoh.id' });
    expect(again.status).toBe(200);
    expect(await asks()).toEqual([
      { variant_id: SOLD_OUT, email: 'ani@contoh.id', user_id: null, due_at: null },
    ]);
  });

  it("a signed-in customer is told at the account's address, whatever the body names", async () => {
    await seed();
    const customer = await createUser('customer');
    const res = await ask(
      { variantId: SOLD_OUT, email: 'orang-lain@contoh.id' },
      { cookie: customer.cookie },
    );
    expect(res.status).toBe(201);
    expect((await res.json<{ email: string }>()).email).toBe(customer.email);
    expect(await ask({ variantId: SOLD_OUT }, { cookie: customer.cookie }).then((r) => r.status)).toBe(200);
    expect(await asks()).toEqual([
      { variant_id: SOLD_OUT, email: customer.email, user_id: customer.id, due_at: null },
    ]);
  });

  it('refuses a guest without an address or with a bad one, with the form messages', async () => {
    await seed();
    const missing = await ask({ variantId: SOLD_OUT });
    expect(missing.status).toBe(400);
    expect((await missing.json<ErrorBody>()).error).toMatchObject({
      message: 'Email harus diisi',
      fields: { email: 'Email harus diisi' },
    });
    const bad = await ask({ variantId: SOLD_OUT, email: 'ani@' });
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).error.fields).toEqual({ email: 'Email tidak valid' });
    expect(await asks()).toEqual([]);
  });

  it('refuses a size that can be bought now (counted or not) with 422, and a size of another product with 404', async () => {
    await seed();
    for (const variantId of [IN_STOCK, UNCOUNTED]) {
      const res = await ask({ variantId, email: 'ani@contoh.id' });
      expect(res.status, variantId).toBe(422);
      expect((await res.json<ErrorBody>()).error).toMatchObject({
        code: 'in_stock',
        message: BACK_IN_STOCK_IN_STOCK,
      });
    }
    expect((await ask({ variantId: 'kenanga-30', email: 'ani@contoh.id' })).status).toBe(404);
    expect((await ask({ variantId: 'tidak-ada', email: 'ani@contoh.id' })).status).toBe(404);
    expect((await ask({ variantId: SOLD_OUT, email: 'ani@contoh.id' }, {}, 'tidak-ada')).status).toBe(404);
    expect(await asks()).toEqual([]);
  });

  it('bounds the asks for one address from many networks, and from one network for many addresses', async () => {
    await seed();
    const perEmail = policies.backInStockEmail.limit;
    for (let i = 0; i < perEmail; i += 1) {
      expect((await ask({ variantId: SOLD_OUT, email: 'korban@contoh.id' })).status).toBeLessThan(300);
    }
    const flooded = await ask({ variantId: 'kenanga-30', email: 'korban@contoh.id' }, {}, 'kenanga');
    expect(flooded.status).toBe(429);
    expect((await flooded.json<ErrorBody>()).error.message).toMatch(
      /^Terlalu banyak permintaan kabar stok untuk email ini/,
    );

    const perNetwork = policies.backInStockClient.limit;
    for (let i = 0; i < perNetwork; i += 1) {
      const res = await ask(
        { variantId: SOLD_OUT, email: `pembeli${i}@contoh.id` },
        { ip: '2001:db8:1:2::7' },
      );
      expect(res.status).toBe(201);
    }
    // Another address of the same /64 is the same network.
    const crowd = await ask(
      { variantId: SOLD_OUT, email: 'satu-lagi@contoh.id' },
      { ip: '2001:db8:1:2::99' },
    );
    expect(crowd.status).toBe(429);
    expect(await asks()).toHaveLength(1 + perNetwork);
  });
});

describe("the Cron's 'Kabari Saya' run", () => {
  it('mails each asker once when the size is back, even from two runs at once and a third after', async () => {
    await seed();
    const customer = await createUser('customer');
    await ask({ variantId: SOLD_OUT, email: 'ani@contoh.id' });
    await ask({ variantId: SOLD_OUT }, { cookie: customer.cookie });
    await ask({ variantId: 'kenanga-30', email: 'ani@contoh.id' }, {}, 'kenanga');

    // Nothing is due while the size is sold out.
    expect(await sendBackInStock(env)).toBe(0);
    await restock(SOLD_OUT, 3);
    expect((await asks()).filter((row) => row.due_at !== null)).toHaveLength(2);

    await Promise.all([sendBackInStock(env), sendBackInStock(env)]);
    await sendBackInStock(env);
    const queued = await mails();
    expect(queued.map((mail) => mail.to_address)).toEqual(['ani@contoh.id', customer.email].sort());
    expect(queued[0]?.subject).toBe('Melati Malam 50 ml tersedia lagi');
    expect(queued[0]?.body).toContain(
      'Melati Malam 50 ml yang Anda tunggu tersedia lagi, dengan harga Rp 275.000.',
    );
    expect(queued[0]?.body).toContain(`https://shop.test/product/${PRODUCT}\n`);
    expect(queued[0]?.unsubscribe_url).toMatch(/^https:\/\/shop\.test\/api\/marketing\/unsubscribe\?token=/);
    // The asks are done; Kenanga's waits for its own restock.
    expect(await asks()).toEqual([
      { variant_id: 'kenanga-30', email: 'ani@contoh.id', user_id: null, due_at: null },
    ]);

    // The sender adds RFC 8058's one-click headers for the mail's link.
    const sent: OutgoingEmail[] = [];
    await drainOutbox(getDb(env.DB), async (email) => {
      sent.push(email);
      return { messageId: `<${sent.length}@globalimperium.id>` };
    });
    const byAddress = (a: { to: string }, b: { to: string }) => a.to.localeCompare(b.to);
    expect(sent.map(({ to, headers }) => ({ to, headers })).sort(byAddress)).toEqual(
      queued.map((mail) => ({
        to: mail.to_address,
        headers: {
          'List-Unsubscribe': `<${mail.unsubscribe_url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      })),
    );
  });

  it('a size that is no longer counted is back too; one sold out again before the run waits for the next restock', async () => {
    await seed();
    await ask({ variantId: SOLD_OUT, email: 'ani@contoh.id' });
    await ask({ variantId: 'kenanga-30', email: 'budi@contoh.id' }, {}, 'kenanga');
    await restock('kenanga-30', null);
    await restock(SOLD_OUT, 1);
    await restock(SOLD_OUT, 0);
    expect(await sendBackInStock(env)).toBe(1);
    expect((await mails()).map((mail) => mail.to_address)).toEqual(['budi@contoh.id']);
    expect(await asks()).toEqual([
      { variant_id: SOLD_OUT, email: 'ani@contoh.id', user_id: null, due_at: null },
    ]);
    await restock(SOLD_OUT, 2);
    expect(await sendBackInStock(env)).toBe(1);
    expect((await mails()).map((mail) => mail.to_address)).toEqual(['ani@contoh.id', 'budi@contoh.id']);
  });

  it("whatever brings a size back makes its asks due: a cancelled order's units, the admin's product form", async () => {
    const admin = await createUser('admin');
    const buyer = await createUser('customer');
    const [product] = await insertProducts([150_000], 1);
    const [productId, variantId] = [product?.id as string, product?.variantId as string];
    const order = await placeOrder(buyer.cookie, [{ productId, variantId, quantity: 1 }]);
    expect((await ask({ variantId, email: 'ani@contoh.id' }, {}, productId)).status).toBe(201);
    const cancelled = await call(`/api/admin/orders/${order.id}/status`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    expect(await sendBackInStock(env)).toBe(1);

    await restock(variantId, 0);
    expect((await ask({ variantId, email: 'budi@contoh.id' }, {}, productId)).status).toBe(201);
    const { variants, ...saved } = await (await call(`/api/products/${productId}`)).json<{
      name: string;
      description: string;
      image: string;
      variants: {
        id: string;
        size_ml: number | null;
        price: number;
        sku: string | null;
        weight_grams: number;
      }[];
    }>();
    const form = await call(`/api/products/${productId}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: {
        name: saved.name,
        description: saved.description,
        image: saved.image,
        variants: variants.map(({ id, size_ml, price, sku }) => ({
          id,
          size_ml: size_ml ?? 50,
          price,
          sku,
          weight_grams: 300,
          stock: 6,
          expected_stock: 0,
        })),
      },
    });
    expect(form.status, await form.clone().text()).toBe(200);
    expect(await sendBackInStock(env)).toBe(1);
    expect((await mails()).map((mail) => mail.to_address)).toEqual(['ani@contoh.id', 'budi@contoh.id']);
  });

  it('runs in the Cron Trigger, whose sweep sends the mail through the EMAIL binding', async () => {
    await seed();
    await ask({ variantId: SOLD_OUT, email: 'ani@contoh.id' });
    await restock(SOLD_OUT, 2);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const sent = await env.DB.prepare(
      "SELECT to_address, status FROM email_outbox WHERE template = 'back-in-stock'",
    ).all();
    expect(sent.results).toEqual([{ to_address: 'ani@contoh.id', status: 'sent' }]);
    expect(await asks()).toEqual([]);
  });

  it('sends at most its limit per run, lowest id first; the next run goes on', async () => {
    await seed();
    for (const name of ['a', 'b', 'c']) await ask({ variantId: SOLD_OUT, email: `${name}@contoh.id` });
    await restock(SOLD_OUT, 5);
    expect(await sendBackInStock(env, 2)).toBe(2);
    expect(await mails()).toHaveLength(2);
    expect(await sendBackInStock(env, 2)).toBe(1);
    expect(await mails()).toHaveLength(3);
    expect(await asks()).toEqual([]);
  });
});

describe('the unsubscribe link', () => {
  /** The link of the mail the Cron queued for `email`. */
  async function mailedLink(email: string): Promise<string> {
    await ask({ variantId: SOLD_OUT, email });
    await restock(SOLD_OUT, 1);
    await sendBackInStock(env);
    await restock(SOLD_OUT, 0);
    const mail = (await mails()).find((row) => row.to_address === email);
    return String(mail?.unsubscribe_url).replace('https://shop.test', '');
  }

  /** The confirmation page's button: its form POSTs to the link, as a browser without script does. */
  const confirm = (link: string) =>
    call(link, {
      method: 'POST',
      body: `${UNSUBSCRIBE_CONFIRM_FIELD}=ya`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });

  it('opening the link (as a mail scanner does) only asks: nothing changes until the button is pressed', async () => {
    await seed();
    const link = await mailedLink('ani@contoh.id');
    await ask({ variantId: 'kenanga-30', email: 'ani@contoh.id' }, {}, 'kenanga');
    const before = await asks();

    for (let opened = 0; opened < 2; opened += 1) {
      const res = await call(link, { redirect: 'manual' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('Berhenti berlangganan email promosi?');
      expect(html).toContain('ani@contoh.id');
      // The button is a plain form POST to the same link: it works without script.
      expect(html).toContain(`<form method="post" action="${link.replace(/&/g, '&amp;')}">`);
      expect(html).toContain(`name="${UNSUBSCRIBE_CONFIRM_FIELD}"`);
      // Its one inline style is admitted by the CSP, and the page is never cached.
      expect(res.headers.get('content-security-policy')).toMatch(/style-src 'self'[^;]* 'sha256-/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(await suppressions()).toEqual([]);
    expect(await asks()).toEqual(before);

    expect((await confirm(link)).headers.get('location')).toBe('/?langganan=berhenti');
    expect(await suppressions()).toEqual([{ email: 'ani@contoh.id' }]);
  });

  it('works without signing in: no more asks or mails for the address, and a guest cannot sign it up again', async () => {
    await seed();
    const link = await mailedLink('ani@contoh.id');
    await ask({ variantId: 'kenanga-30', email: 'ani@contoh.id' }, {}, 'kenanga');

    const res = await confirm(link);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?langganan=berhenti');
    expect(await suppressions()).toEqual([{ email: 'ani@contoh.id' }]);
    expect(await asks()).toEqual([]);
    // Pressed twice: the same answer, nothing more.
    expect((await confirm(link)).headers.get('location')).toBe('/?langganan=berhenti');

    const refused = await ask({ variantId: SOLD_OUT, email: 'ani@contoh.id' });
    expect(refused.status).toBe(422);
    expect((await refused.json<ErrorBody>()).error).toMatchObject({
      code: 'marketing_unsubscribed',
      message: BACK_IN_STOCK_UNSUBSCRIBED,
    });
    await restock('kenanga-30', 3);
    expect(await sendBackInStock(env)).toBe(0);
  });

  it('the sender honours a suppression that came after the ask', async () => {
    await seed();
    await ask({ variantId: SOLD_OUT, email: 'ani@contoh.id' });
    await restock(SOLD_OUT, 2);
    await env.DB.prepare("INSERT INTO marketing_suppressions (email) VALUES ('ani@contoh.id')").run();
    expect(await sendBackInStock(env)).toBe(0);
    expect(await mails()).toEqual([]);
    expect(await asks()).toEqual([]);
  });

  it("a customer's own new ask at the account's address subscribes it again", async () => {
    await seed();
    const customer = await createUser('customer');
    await env.DB.prepare('INSERT INTO marketing_suppressions (email) VALUES (?)').bind(customer.email).run();
    expect((await ask({ variantId: SOLD_OUT }, { cookie: customer.cookie })).status).toBe(201);
    expect(await suppressions()).toEqual([]);
  });

  it("a mail program's one-click POST unsubscribes too", async () => {
    await seed();
    const link = await mailedLink('ani@contoh.id');
    const res = await call(link, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: '' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await suppressions()).toEqual([{ email: 'ani@contoh.id' }]);
  });

  it("a stranger cannot unsubscribe someone else's address without the shop's token", async () => {
    await seed();
    await ask({ variantId: SOLD_OUT, email: 'ani@contoh.id' });
    const mine = await signUnsubscribeToken('stranger@contoh.id', env.JWT_SECRET);
    const [header, , signature] = mine.split('.');
    const claims = btoa(
      JSON.stringify({
        sub: 'ani@contoh.id',
        iss: 'global-imperium-shop',
        aud: 'global-imperium-shop:unsubscribe',
        iat: 1,
      }),
    )
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    const forged = [
      // Another address under a signature made for the stranger's own.
      `${header}.${claims}.${signature}`,
      // Signed with a key that is not the shop's.
      await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('ani@contoh.id')
        .setIssuer('global-imperium-shop')
        .setAudience('global-imperium-shop:unsubscribe')
        .setIssuedAt()
        .sign(new TextEncoder().encode('bukan-kunci-toko-yang-cukup-panjang-0123456789')),
      // The shop's access token is not an unsubscribe token.
      await signAccessToken({ sub: 'ani@contoh.id', sid: 'sesi' }, env.JWT_SECRET),
      'bukan-token-sama-sekali',
    ];
    for (const token of forged) {
      const link = `/api/marketing/unsubscribe?token=${encodeURIComponent(token)}`;
      const opened = await call(link, { redirect: 'manual' });
      expect(opened.headers.get('location'), token).toBe('/?langganan=tidak-valid');
      const posted = await call(link, { method: 'POST' });
      expect(posted.status, token).toBe(400);
      expect((await confirm(link)).headers.get('location'), token).toBe('/?langganan=tidak-valid');
    }
    expect((await call('/api/marketing/unsubscribe', { redirect: 'manual' })).headers.get('location')).toBe(
      '/?langganan=tidak-valid',
    );
    expect(await suppressions()).toEqual([]);
    expect(await asks()).toHaveLength(1);
  });
});
