import { env } from 'cloudflare:test';
import type { CustomerDetail, CustomerOrder, CustomerSummary, Page, SeekPage } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from '../../test/helpers.ts';
import { allowManyUnpaid, CUSTOMER, insertProducts, placeOrder } from '../../test/order-fixtures.ts';
import { ERASED_ADDRESS, ERASED_NAME, erasedEmail } from '../services/customers.ts';

// The admin's customers (issue 42, decision 059): the list's figures kept with each order, the
// search, a customer's page, and the erasure of a customer's personal data (UU PDP).

type ErrorBody = { error: { code: string; message: string } };

const list = async (admin: TestUser, query = '') => {
  const res = await call(`/api/admin/customers${query}`, { cookie: admin.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<SeekPage<CustomerSummary>>();
};

const setStatus = (admin: TestUser, id: string, status: string) =>
  call(`/api/admin/orders/${id}/status`, { method: 'PATCH', cookie: admin.cookie, json: { status } });

async function buyer(name: string) {
  const customer = await createUser('customer', name);
  const [product] = await insertProducts([100_000]);
  const buy = (quantity = 1) =>
    placeOrder(customer.cookie, [
      { productId: product?.id as string, variantId: product?.variantId as string, quantity },
    ]);
  return { customer, buy, product: product?.id as string };
}

describe('customer list', () => {
  it("shows each customer's orders, paid total, last order and consent, kept with every order", async () => {
    await allowManyUnpaid();
    const admin = await createUser('admin', 'Admin Toko');
    const siti = await buyer('Siti Aminah');
    const budi = await buyer('Budi Santoso');
    const first = await siti.buy(1);
    const second = await siti.buy(2);
    await budi.buy(1);
    expect((await setStatus(admin, first.id, 'processing')).status).toBe(200);
    expect(
      (
        await call('/api/marketing/consent', {
          method: 'PUT',
          cookie: siti.customer.cookie,
          json: { consent: true },
        })
      ).status,
    ).toBe(200);

    const page = await list(admin);
    // Newest first; the admin is staff, not a customer.
    expect(page.items.map((row) => row.name)).toEqual(['Budi Santoso', 'Siti Aminah']);
    expect(page.total).toBe(2);
    const row = page.items.find((item) => item.id === siti.customer.id) as CustomerSummary;
    expect(row).toMatchObject({
      email: siti.customer.email,
      orders_count: 2,
      paid_total: first.total_amount,
      last_order_at: second.created_at,
      erased_at: null,
    });
    expect(row.marketing_consent_at).not.toBeNull();

    // A paid order cancelled leaves the paid total; the orders stay counted.
    expect((await setStatus(admin, first.id, 'cancelled')).status).toBe(200);
    const after = (await list(admin)).items.find((item) => item.id === siti.customer.id);
    expect(after).toMatchObject({ orders_count: 2, paid_total: 0 });
    // The counters are what summing the orders would say.
    const summed = await env.DB.prepare(
      "SELECT count(*) AS n, coalesce(sum(CASE WHEN status IN ('processing', 'shipped', 'delivered') THEN total_amount END), 0) AS paid FROM orders WHERE user_id = ?",
    )
      .bind(siti.customer.id)
      .first<{ n: number; paid: number }>();
    expect(summed).toEqual({ n: 2, paid: 0 });
  }, 30_000); // several orders through checkout

  it('finds customers by a word of the name or the email, by prefix and in any case', async () => {
    const admin = await createUser('admin');
    const siti = await createUser('customer', 'Siti Aminah');
    await createUser('customer', 'Budi Santoso');
    const names = async (q: string) =>
      (await list(admin, `?q=${encodeURIComponent(q)}`)).items.map((row) => row.name);
    expect(await names('amin')).toEqual(['Siti Aminah']);
    expect(await names('SANTO')).toEqual(['Budi Santoso']);
    expect(await names(siti.email.slice(0, 10))).toEqual(['Siti Aminah']);
    expect(await names('zaenal')).toEqual([]);
    const searched = await list(admin, '?q=amin');
    expect(searched.total).toBe(1);
  });

  it('walks pages by cursor both ways', async () => {
    const admin = await createUser('admin');
    // Twelve customers straight into D1, a minute apart: Pelanggan 00 is the oldest.
    const names = Array.from({ length: 12 }, (_, i) => `Pelanggan ${String(i).padStart(2, '0')}`);
    await env.DB.batch(
      names.flatMap((name, i) => {
        const id = `pelanggan-${i}`;
        const at = `2026-11-01T03:${String(i).padStart(2, '0')}:00.000Z`;
        return [
          env.DB.prepare(
            "INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, 'pbkdf2-sha256$x', ?)",
          ).bind(id, `${id}@contoh.id`, at),
          env.DB.prepare('INSERT INTO profiles (id, name, email, created_at) VALUES (?, ?, ?, ?)').bind(
            id,
            name,
            `${id}@contoh.id`,
            at,
          ),
        ];
      }),
    );
    const top = await list(admin, '?pageSize=10');
    expect(top.total).toBe(12);
    expect(top.items.map((row) => row.name)).toEqual(names.slice(2).reverse());
    expect(top.nextCursor).not.toBeNull();
    const next = await list(
      admin,
      `?page=2&pageSize=10&after=${encodeURIComponent(top.nextCursor as string)}`,
    );
    expect(next.items.map((row) => row.name)).toEqual(['Pelanggan 01', 'Pelanggan 00']);
    expect(next.nextCursor).toBeNull();
    // The same page by offset (a reload of ?page=2), and back by cursor.
    expect((await list(admin, '?page=2&pageSize=10')).items).toEqual(next.items);
    const back = await list(
      admin,
      `?page=1&pageSize=10&before=${encodeURIComponent(next.previousCursor as string)}`,
    );
    expect(back.items.map((row) => row.id)).toEqual(top.items.map((row) => row.id));
  });
});

describe("a customer's page", () => {
  it('shows the profile, the saved addresses and the orders page by page; a staff account is not a customer', async () => {
    const admin = await createUser('admin');
    const siti = await createUser('customer', 'Siti Aminah');
    // Eleven orders straight into D1 (more than an hour's limit through checkout), a day apart.
    const ids = Array.from({ length: 11 }, (_, i) => `pesanan-${String(i).padStart(2, '0')}`);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO customer_addresses (id, user_id, customer_name, customer_phone, province_code, regency_code, district_code, postal_code, street) VALUES ('alamat-1', ?, 'Siti', '+6281234567890', '31', '31.71', '31.71.01', '10110', 'Jl. Melati 5')",
      ).bind(siti.id),
      ...ids.map((id, i) =>
        env.DB.prepare(
          "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status, created_at) VALUES (?, ?, 'Siti', 's@contoh.id', 'Jakarta', ?, ?, ?)",
        ).bind(
          id,
          siti.id,
          10_000 * (i + 1),
          i === 0 ? 'delivered' : 'pending',
          `2026-11-${String(i + 1).padStart(2, '0')}T03:00:00.000Z`,
        ),
      ),
    ]);
    const detail = await (
      await call(`/api/admin/customers/${siti.id}`, { cookie: admin.cookie })
    ).json<CustomerDetail>();
    expect(detail).toMatchObject({
      name: 'Siti Aminah',
      orders_count: 11,
      paid_total: 10_000,
      last_order_at: '2026-11-11T03:00:00.000Z',
    });
    expect(detail.addresses.map((address) => address.customerAddress)).toEqual(['Jl. Melati 5']);
    const page = async (n: number) =>
      (
        await call(`/api/admin/customers/${siti.id}/orders?page=${n}&pageSize=10`, { cookie: admin.cookie })
      ).json<Page<CustomerOrder>>();
    const [one, two] = [await page(1), await page(2)];
    expect(one.total).toBe(11);
    expect([...one.items, ...two.items].map((order) => order.id)).toEqual([...ids].reverse());
    expect(two.items).toEqual([
      { id: 'pesanan-00', status: 'delivered', total_amount: 10_000, created_at: '2026-11-01T03:00:00.000Z' },
    ]);
    for (const path of [`/api/admin/customers/${admin.id}`, '/api/admin/customers/tidak-ada/orders']) {
      const res = await call(path, { cookie: admin.cookie });
      expect(res.status, path).toBe(404);
      expect((await res.json<ErrorBody>()).error.message).toBe('Pelanggan tidak ditemukan');
    }
  });
});

describe('erasing a customer (UU PDP)', () => {
  it("anonymises the person, ends the account and keeps the orders' financial record; again changes nothing", async () => {
    await allowManyUnpaid();
    const admin = await createUser('admin');
    const siti = await buyer('Siti Aminah');
    const { customer } = siti;
    const paid = await siti.buy(2);
    expect((await setStatus(admin, paid.id, 'processing')).status).toBe(200);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO customer_addresses (id, user_id, customer_name, customer_phone, province_code, regency_code, district_code, postal_code, street) VALUES ('alamat-2', ?, 'Siti', '+6281234567890', '31', '31.71', '31.71.01', '10110', 'Jl. Melati 5')",
      ).bind(customer.id),
      env.DB.prepare('INSERT INTO favorites (user_id, product_id) VALUES (?, ?)').bind(
        customer.id,
        siti.product,
      ),
      env.DB.prepare(
        "INSERT INTO reviews (id, product_id, user_id, rating, body) VALUES ('ulasan-1', ?, ?, 5, 'Wangi tahan lama.')",
      ).bind(siti.product, customer.id),
      env.DB.prepare("UPDATE profiles SET phone = '+6281234567890' WHERE id = ?").bind(customer.id),
      env.DB.prepare("UPDATE orders SET whatsapp_opt_in = 1, gift_message = 'Untuk Ibu' WHERE id = ?").bind(
        paid.id,
      ),
      env.DB.prepare(
        "INSERT INTO whatsapp_outbox (id, order_id, event, to_phone, template, parameters) VALUES ('wa-1', ?, 'shipped', '6281234567890', 'pesanan_dikirim', '[]')",
      ).bind(paid.id),
      // A contact message from the address her orders were placed under (CUSTOMER's, not the
      // account's), typed in another case, with the admin's reply and its unsent email.
      env.DB.prepare(
        "INSERT INTO customer_service (id, title, description, contact_email) VALUES ('pesan-1', 'Pesan kontak: Botol', 'Nama: Siti Aminah\nEmail: Siti@Contoh.id\n\nBotolnya bocor.', 'Siti@Contoh.id')",
      ),
      env.DB.prepare(
        "INSERT INTO customer_service_replies (id, record_id, body, author_name) VALUES ('balasan-1', 'pesan-1', 'Kami kirim ganti.', 'Admin')",
      ),
      env.DB.prepare(
        "INSERT INTO email_outbox (id, to_address, subject, body) VALUES ('surat-1', ?, 'Balasan', 'Kami kirim ganti.')",
      ).bind(CUSTOMER.customerEmail),
    ]);
    const cart = await call('/api/cart', {
      method: 'PUT',
      cookie: customer.cookie,
      json: {
        lines: [
          {
            variantId: (await env.DB.prepare('SELECT id FROM product_variants WHERE product_id = ?')
              .bind(siti.product)
              .first<string>('id')) as string,
            quantity: 1,
          },
        ],
      },
    });
    expect(cart.status, await cart.clone().text()).toBe(200);
    expect(
      (
        await call('/api/marketing/consent', {
          method: 'PUT',
          cookie: customer.cookie,
          json: { consent: true },
        })
      ).status,
    ).toBe(200);
    const before = await env.DB.prepare(
      'SELECT total_amount, subtotal_amount, shipping_fee, status, created_at, province_name FROM orders WHERE id = ?',
    )
      .bind(paid.id)
      .first();

    const erase = () =>
      call(`/api/admin/customers/${customer.id}/erase`, {
        method: 'POST',
        cookie: admin.cookie,
        json: { confirm: true },
      });
    const res = await erase();
    expect(res.status, await res.clone().text()).toBe(200);
    const erased = await res.json<CustomerDetail>();
    expect(erased).toMatchObject({
      name: ERASED_NAME,
      email: erasedEmail(customer.id),
      phone: null,
      marketing_consent_at: null,
      addresses: [],
      orders_count: 1,
      paid_total: paid.total_amount,
    });
    expect(erased.erased_at).not.toBeNull();

    // The account: no sign-in with the old address or the new one, its session ended.
    for (const email of [customer.email, erasedEmail(customer.id)]) {
      const login = await call('/api/auth/login', {
        method: 'POST',
        json: { email, password: customer.password },
      });
      expect(login.status, email).toBe(401);
    }
    const session = await call('/api/auth/session', { cookie: customer.cookie });
    expect(await session.json()).toEqual({ user: null });

    // Nothing personal is left beside the account.
    const left = await env.DB.prepare(
      `SELECT
        (SELECT count(*) FROM customer_addresses WHERE user_id = ?1) AS addresses,
        (SELECT count(*) FROM favorites WHERE user_id = ?1) AS favourites,
        (SELECT count(*) FROM saved_cart_lines WHERE user_id = ?1) + (SELECT count(*) FROM saved_carts WHERE user_id = ?1) AS cart,
        (SELECT count(*) FROM sessions WHERE user_id = ?1) AS sessions,
        (SELECT count(*) FROM email_outbox WHERE status = 'pending' AND to_address IN (?2, ?3)) AS mail,
        (SELECT count(*) FROM whatsapp_outbox WHERE order_id = ?4) AS whatsapp,
        (SELECT count(*) FROM customer_service WHERE id = 'pesan-1') + (SELECT count(*) FROM customer_service_replies) AS contact`,
    )
      .bind(customer.id, customer.email, CUSTOMER.customerEmail, paid.id)
      .first();
    expect(left).toEqual({
      addresses: 0,
      favourites: 0,
      cart: 0,
      sessions: 0,
      mail: 0,
      whatsapp: 0,
      contact: 0,
    });
    // Audited once, by whom, with no personal field; the second erasure below records nothing.
    const audited = () =>
      env.DB.prepare(
        "SELECT user_id, action, before_json, after_json FROM audit_log WHERE entity_type = 'customer' AND entity_id = ?",
      )
        .bind(customer.id)
        .all();
    expect((await audited()).results).toEqual([
      { user_id: admin.id, action: 'erase', before_json: null, after_json: null },
    ]);

    // The order: the same money, items, dates and status; who and where replaced.
    const order = await env.DB.prepare(
      'SELECT total_amount, subtotal_amount, shipping_fee, status, created_at, province_name, customer_name, customer_email, customer_phone, customer_address, postal_code, gift_message, whatsapp_opt_in, client_ip FROM orders WHERE id = ?',
    )
      .bind(paid.id)
      .first<Record<string, unknown>>();
    expect(order).toEqual({
      ...before,
      customer_name: ERASED_NAME,
      customer_email: erasedEmail(customer.id),
      customer_phone: null,
      customer_address: ERASED_ADDRESS,
      postal_code: null,
      gift_message: null,
      whatsapp_opt_in: 0,
      client_ip: null,
    });
    const items = await env.DB.prepare('SELECT quantity, product_price FROM order_items WHERE order_id = ?')
      .bind(paid.id)
      .all();
    expect(items.results).toEqual([{ quantity: 2, product_price: 100_000 }]);
    // The searches forget the name: the customers' and the orders'.
    expect((await list(admin, '?q=aminah')).items).toEqual([]);
    const orderSearch = await call('/api/admin/orders?q=aminah', { cookie: admin.cookie });
    expect((await orderSearch.json<{ items: unknown[] }>()).items).toEqual([]);
    // The review stays, signed with the erased name.
    const reviewer = await env.DB.prepare(
      "SELECT p.name FROM reviews r JOIN profiles p ON p.id = r.user_id WHERE r.id = 'ulasan-1'",
    ).first<string>('name');
    expect(reviewer).toBe(ERASED_NAME);

    // Again: the same answer, the first erasure's time kept.
    const again = await erase();
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(erased);
    expect((await audited()).results).toHaveLength(1);
  }, 30_000); // several orders through checkout

  it('reaches a contact message stored before 0055 (no contact_email) once 0061 read its address back', async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer', 'Siti Aminah');
    const old = (id: string, title: string, description: string) =>
      env.DB.prepare('INSERT INTO customer_service (id, title, description) VALUES (?, ?, ?)').bind(
        id,
        title,
        description,
      );
    // As the contact form saved them before 0055: the address only in the description.
    await env.DB.batch([
      old('lama-siti', 'Pesan kontak: Botol', `Nama: Siti\nEmail: ${customer.email.toUpperCase()}\n\nBocor.`),
      old(
        'lama-budi',
        'Pesan kontak: Grosir',
        `Nama: Budi\nEmail: budi@contoh.id\n\nEmail: ${customer.email}`,
      ),
      // A staff member's own record that merely looks alike keeps no address.
      old('catatan', 'Retur botol', `Nama: Siti\nEmail: ${customer.email}\n\nCatatan staf.`),
      env.DB.prepare(
        "INSERT INTO customer_service_replies (id, record_id, body, author_name) VALUES ('balasan-lama', 'lama-siti', 'Kami kirim ganti.', 'Admin')",
      ),
    ]);
    const backfill = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0061_'))?.queries;
    expect(backfill).toHaveLength(1);
    await env.DB.prepare(backfill?.[0] as string).run();
    const addresses = await env.DB.prepare(
      'SELECT id, contact_email FROM customer_service ORDER BY id',
    ).all();
    expect(addresses.results).toEqual([
      { id: 'catatan', contact_email: null },
      { id: 'lama-budi', contact_email: 'budi@contoh.id' },
      { id: 'lama-siti', contact_email: customer.email.toUpperCase() },
    ]);

    const res = await call(`/api/admin/customers/${customer.id}/erase`, {
      method: 'POST',
      cookie: admin.cookie,
      json: { confirm: true },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const left = await env.DB.prepare(
      'SELECT (SELECT group_concat(id) FROM customer_service) AS records, (SELECT count(*) FROM customer_service_replies) AS replies',
    ).first();
    expect(left?.replies).toBe(0);
    expect(String(left?.records).split(',').sort()).toEqual(['catatan', 'lama-budi']);
  });

  it('asks for the confirmation, and erases no staff account nor a missing one', async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer', 'Siti Aminah');
    const unconfirmed = await call(`/api/admin/customers/${customer.id}/erase`, {
      method: 'POST',
      cookie: admin.cookie,
      json: { confirm: false },
    });
    expect(unconfirmed.status).toBe(400);
    expect((await list(admin)).items[0]?.name).toBe('Siti Aminah');
    for (const id of [admin.id, 'tidak-ada']) {
      const res = await call(`/api/admin/customers/${id}/erase`, {
        method: 'POST',
        cookie: admin.cookie,
        json: { confirm: true },
      });
      expect(res.status, id).toBe(404);
    }
    // Only the admin may.
    const self = await call(`/api/admin/customers/${customer.id}/erase`, {
      method: 'POST',
      cookie: customer.cookie,
      json: { confirm: true },
    });
    expect(self.status).toBe(403);
  });
});
