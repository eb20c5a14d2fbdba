import { env } from 'cloudflare:test';
import type { MarketingConsent, SavedCart } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from '../../test/helpers.ts';
import { insertProducts, placeOrder, type TestProduct } from '../../test/order-fixtures.ts';
import { remindSavedCarts } from '../services/saved-carts.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const HOUR = 3_600_000;
/** Past the production delay (4 hours) after a change made now. */
const later = (hours = 4) => new Date(Date.now() + hours * HOUR + 60_000);

const put = (user: TestUser, lines: unknown) =>
  call('/api/cart', { method: 'PUT', cookie: user.cookie, json: { lines } });
const merge = (user: TestUser, lines: unknown) =>
  call('/api/cart/merge', { method: 'POST', cookie: user.cookie, json: { lines } });
const lineOf = (product: TestProduct, quantity: number) => ({ variantId: product.variantId, quantity });
const quantities = (cart: SavedCart) => cart.lines.map((line) => [line.variantId, line.quantity]);

async function consenting(): Promise<TestUser> {
  const user = await createUser();
  const res = await call('/api/marketing/consent', {
    method: 'PUT',
    cookie: user.cookie,
    json: { consent: true },
  });
  expect(res.status).toBe(200);
  return user;
}

async function reminders() {
  const { results } = await env.DB.prepare(
    "SELECT to_address, subject, body, unsubscribe_url FROM email_outbox WHERE template = 'saved-cart-reminder' ORDER BY created_at",
  ).all<{ to_address: string; subject: string; body: string; unsubscribe_url: string }>();
  return results;
}

const clockOf = (userId: string) =>
  env.DB.prepare('SELECT changed_at, remind_at, reminded_at FROM saved_carts WHERE user_id = ?')
    .bind(userId)
    .first<{ changed_at: string; remind_at: string | null; reminded_at: string | null }>();

describe('GET/PUT /api/cart', () => {
  it("keeps sizes and quantities; answers each line with the server's product, price and stock now", async () => {
    const user = await createUser();
    const [a, b] = await insertProducts([250_000, 180_000], 7, 5);
    const saved = await put(user, [lineOf(b as TestProduct, 2), lineOf(a as TestProduct, 1)]);
    expect(saved.status).toBe(200);
    await env.DB.prepare('UPDATE product_variants SET price = 199000 WHERE id = ?').bind(b?.variantId).run();
    const cart = await (await call('/api/cart', { cookie: user.cookie })).json<SavedCart>();
    expect(cart.lines).toEqual([
      expect.objectContaining({
        id: b?.id,
        variantId: b?.variantId,
        price: 199_000,
        quantity: 2,
        stock: 7,
        maxPerOrder: 5,
      }),
      expect.objectContaining({
        id: a?.id,
        variantId: a?.variantId,
        price: 250_000,
        quantity: 1,
        name: 'Parfum Uji 1',
      }),
    ]);
    // Another customer sees only their own (empty) cart.
    const other = await createUser();
    expect(await (await call('/api/cart', { cookie: other.cookie })).json()).toEqual({ lines: [] });
  });

  it("answers a size on a live sale at the sale's price, as checkout charges it (decision 046)", async () => {
    const user = await createUser();
    const [a] = await insertProducts([250_000], 7, 5);
    await put(user, [lineOf(a as TestProduct, 1)]);
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO sales (id, name, kind, value, starts_at, ends_at, variant_ids, created_at, updated_at)
       VALUES (?, 'Promo Uji', 'percent', 20, ?, ?, json_array(?), ?, ?)`,
    )
      .bind(
        crypto.randomUUID(),
        new Date(now - HOUR).toISOString(),
        new Date(now + HOUR).toISOString(),
        a?.variantId,
        new Date(now).toISOString(),
        new Date(now).toISOString(),
      )
      .run();
    const cart = await (await call('/api/cart', { cookie: user.cookie })).json<SavedCart>();
    expect(cart.lines.map((line) => line.price)).toEqual([200_000]);
  });

  it("caps a quantity at its size's maximum per order and drops sizes that do not exist", async () => {
    const user = await createUser();
    const [a] = (await insertProducts([100_000], null, 3)) as [TestProduct];
    const res = await put(user, [lineOf(a, 9), { variantId: 'ukuran-hilang', quantity: 1 }]);
    expect(quantities(await res.json<SavedCart>())).toEqual([[a.variantId, 3]]);
  });

  it('refuses bad input with a 400 and its Indonesian message, changing nothing', async () => {
    const user = await createUser();
    const [a, b] = (await insertProducts([100_000, 120_000])) as [TestProduct, TestProduct];
    await put(user, [lineOf(a, 1)]);
    const many = (await insertProducts(Array.from({ length: 31 }, () => 50_000))).map((p) => lineOf(p, 1));
    const cases: [unknown, string][] = [
      [[lineOf(a, 0)], 'Jumlah minimal 1'],
      [[lineOf(a, 100)], 'Jumlah maksimal 99'],
      [[lineOf(a, 1.5)], 'Jumlah harus bilangan bulat'],
      [[lineOf(a, 1), lineOf(a, 2)], 'Ukuran yang sama muncul lebih dari sekali'],
      [many, 'Maksimal 30 produk di keranjang'],
      // A price is never taken from the browser.
      [[{ ...lineOf(b, 1), price: 1 }], 'Kunci tidak dikenali'],
      ['semua', 'Daftar keranjang tidak valid'],
    ];
    for (const [lines, message] of cases) {
      const res = await put(user, lines);
      expect(res.status, JSON.stringify(lines).slice(0, 80)).toBe(400);
      expect(JSON.stringify(await res.json<ErrorBody>())).toContain(message);
    }
    const cart = await (await call('/api/cart', { cookie: user.cookie })).json<SavedCart>();
    expect(quantities(cart)).toEqual([[a.variantId, 1]]);
  });

  it('is for signed-in customers only', async () => {
    expect((await call('/api/cart')).status).toBe(401);
    expect((await call('/api/cart', { method: 'PUT', json: { lines: [] } })).status).toBe(401);
  });
});

describe('POST /api/cart/merge (sign-in)', () => {
  it("takes the larger quantity per size, the stored lines first, then the browser's new ones", async () => {
    const user = await createUser();
    const [a, b, c] = (await insertProducts([100_000, 120_000, 90_000], null, 10)) as TestProduct[] as [
      TestProduct,
      TestProduct,
      TestProduct,
    ];
    await put(user, [lineOf(a, 2), lineOf(b, 3)]);
    const merged = await merge(user, [lineOf(c, 1), lineOf(b, 1), lineOf(a, 4)]);
    expect(merged.status).toBe(200);
    expect(quantities(await merged.json<SavedCart>())).toEqual([
      [a.variantId, 4],
      [b.variantId, 3],
      [c.variantId, 1],
    ]);
  });

  it('merging the same lines again changes nothing, not even the clock of the reminder', async () => {
    const user = await createUser();
    const [a] = (await insertProducts([100_000])) as [TestProduct];
    await merge(user, [lineOf(a, 2)]);
    const before = await clockOf(user.id);
    const again = await merge(user, [lineOf(a, 2)]);
    expect(quantities(await again.json<SavedCart>())).toEqual([[a.variantId, 2]]);
    expect(await clockOf(user.id)).toEqual(before);
    // An empty browser cart (a second device) leaves the stored one as it is.
    expect(quantities(await (await merge(user, [])).json<SavedCart>())).toEqual([[a.variantId, 2]]);
  });

  it('keeps at most 30 lines, the stored ones first', async () => {
    const user = await createUser();
    const products = await insertProducts(Array.from({ length: 40 }, () => 50_000));
    await put(
      user,
      products.slice(0, 20).map((p) => lineOf(p, 1)),
    );
    const merged = await (
      await merge(
        user,
        products.slice(20, 40).map((p) => lineOf(p, 1)),
      )
    ).json<SavedCart>();
    expect(merged.lines).toHaveLength(30);
    expect(merged.lines.map((line) => line.variantId)).toEqual(products.slice(0, 30).map((p) => p.variantId));
  });
});

describe('marketing consent', () => {
  it('is off until given, recorded with its time, and given at sign-up with the checkbox', async () => {
    const user = await createUser();
    const read = () =>
      call('/api/marketing/consent', { cookie: user.cookie }).then((r) => r.json<MarketingConsent>());
    expect(await read()).toEqual({ consent: false, consentedAt: null });
    await call('/api/marketing/consent', { method: 'PUT', cookie: user.cookie, json: { consent: true } });
    expect(await read()).toEqual({ consent: true, consentedAt: expect.any(String) });
    await call('/api/marketing/consent', { method: 'PUT', cookie: user.cookie, json: { consent: false } });
    expect(await read()).toEqual({ consent: false, consentedAt: null });
    const bad = await call('/api/marketing/consent', {
      method: 'PUT',
      cookie: user.cookie,
      json: { consent: 'ya' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Persetujuan harus ya atau tidak');

    const registered = await call('/api/auth/register', {
      method: 'POST',
      json: {
        name: 'Rina Setuju',
        email: 'rina@contoh.id',
        password: 'rahasia123',
        confirmPassword: 'rahasia123',
        marketingConsent: true,
      },
    });
    expect(registered.status).toBe(201);
    const row = await env.DB.prepare(
      "SELECT marketing_consent_at FROM profiles WHERE email = 'rina@contoh.id'",
    ).first();
    expect(row?.marketing_consent_at).toEqual(expect.any(String));
  });
});

describe("the Cron's saved-cart reminder", () => {
  it('mails a consenting customer once, after the delay, with the lines at their prices now and both links', async () => {
    const user = await consenting();
    const [a] = (await insertProducts([250_000])) as [TestProduct];
    await put(user, [lineOf(a, 2)]);
    expect(await remindSavedCarts(env, later(3))).toBe(0);
    await env.DB.prepare('UPDATE product_variants SET price = 240000 WHERE id = ?').bind(a.variantId).run();
    // Two overlapping runs and a third after: one mail.
    const runs = await Promise.all([remindSavedCarts(env, later()), remindSavedCarts(env, later())]);
    await remindSavedCarts(env, later(5));
    expect(runs.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    const mails = await reminders();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to_address).toBe(user.email);
    expect(mails[0]?.body).toContain('Parfum Uji 1 50 ml × 2: Rp 480.000');
    expect(mails[0]?.body).toContain('https://shop.test/cart');
    expect(mails[0]?.unsubscribe_url).toMatch(/^https:\/\/shop\.test\/api\/marketing\/unsubscribe\?token=/);
  });

  it('sends none without consent', async () => {
    const user = await createUser();
    const [a] = (await insertProducts([100_000])) as [TestProduct];
    await put(user, [lineOf(a, 1)]);
    expect(await remindSavedCarts(env, later())).toBe(0);
    expect(await reminders()).toEqual([]);
    expect((await clockOf(user.id))?.remind_at).toBeNull();
  });

  it('sends none after the unsubscribe link, even for a later change', async () => {
    const user = await consenting();
    const [a, b] = (await insertProducts([100_000, 90_000])) as [TestProduct, TestProduct];
    await put(user, [lineOf(a, 1)]);
    expect(await remindSavedCarts(env, later())).toBe(1);
    const link = new URL((await reminders())[0]?.unsubscribe_url as string);
    // The link's page asks first (decision 048); its button posts the same link.
    expect((await call(link.pathname + link.search, { method: 'POST' })).status).toBe(200);
    await put(user, [lineOf(a, 1), lineOf(b, 1)]);
    expect(await remindSavedCarts(env, later(24 * 30))).toBe(0);
    expect(await reminders()).toHaveLength(1);
  });

  it('sends none once an order was placed after the cart last changed, nor for an emptied cart', async () => {
    const user = await consenting();
    const [a] = (await insertProducts([100_000], 10)) as [TestProduct];
    await put(user, [lineOf(a, 1)]);
    await placeOrder(user.cookie, [{ productId: a.id, variantId: a.variantId, quantity: 1 }]);
    expect(await remindSavedCarts(env, later())).toBe(0);

    const other = await consenting();
    await put(other, [lineOf(a, 1)]);
    await put(other, []);
    expect((await clockOf(other.id))?.remind_at).toBeNull();
    expect(await remindSavedCarts(env, later())).toBe(0);
    expect(await reminders()).toEqual([]);
  });

  it('a change after a reminder earns a new one only a week after it', async () => {
    const user = await consenting();
    const [a] = (await insertProducts([100_000], null, 10)) as [TestProduct];
    await put(user, [lineOf(a, 1)]);
    const first = later();
    expect(await remindSavedCarts(env, first)).toBe(1);
    await put(user, [lineOf(a, 2)]);
    expect(await remindSavedCarts(env, new Date(first.getTime() + 24 * HOUR))).toBe(0);
    expect(await remindSavedCarts(env, new Date(first.getTime() + 7 * 24 * HOUR + 60_000))).toBe(1);
    expect(await reminders()).toHaveLength(2);
  });

  it('reads a bounded batch per run, soonest due first; the next run goes on', async () => {
    const [a] = (await insertProducts([100_000])) as [TestProduct];
    const users = [await consenting(), await consenting(), await consenting()];
    for (const user of users) await put(user, [lineOf(a, 1)]);
    expect(await remindSavedCarts(env, later(), 2)).toBe(2);
    expect((await reminders()).map((mail) => mail.to_address)).toEqual(users.slice(0, 2).map((u) => u.email));
    expect(await remindSavedCarts(env, later(), 2)).toBe(1);
    expect(await remindSavedCarts(env, later(), 2)).toBe(0);
    expect(await reminders()).toHaveLength(3);
  });
});
