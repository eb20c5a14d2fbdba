import { env } from 'cloudflare:test';
import type { AdminProductDetail, AuditEntry, AuditPage, ShippingConfig } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { COURIER_SETTINGS } from '../../test/courier-fixtures.ts';
import { call, createUser, type TestUser } from '../../test/helpers.ts';
import {
  insertProducts,
  orderRows,
  PAYMENT_SETTINGS,
  savePaymentSettings,
} from '../../test/order-fixtures.ts';

// The audit trail (issue 42, decision 054): each kind of staff change writes its row with who,
// before and after in the change's own batch; a refused change writes none; nobody edits a row;
// GET /api/admin/audit pages and filters it. In workerd against real D1.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** Every row of the trail, oldest first, straight from D1. */
async function rows(): Promise<AuditEntry[]> {
  const { results } = await env.DB.prepare('SELECT * FROM audit_log ORDER BY id').all<
    Record<string, unknown>
  >();
  return results.map((row) => ({
    id: row.id as number,
    user_id: row.user_id as string,
    user_name: row.user_name as string,
    user_email: row.user_email as string,
    entity_type: row.entity_type as AuditEntry['entity_type'],
    entity_id: row.entity_id as string,
    action: row.action as string,
    before: row.before_json === null ? null : JSON.parse(row.before_json as string),
    after: row.after_json === null ? null : JSON.parse(row.after_json as string),
    created_at: row.created_at as string,
  }));
}

const lastRow = async () => (await rows()).at(-1);

async function send(admin: TestUser, path: string, method: string, json?: unknown): Promise<Response> {
  return call(path, { method, cookie: admin.cookie, ...(json === undefined ? {} : { json }) });
}

async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return answer.status === 204 ? (undefined as T) : answer.json<T>();
}

const productBody = {
  name: 'Oud Royale',
  description: 'Kayu oud Kamboja dengan sentuhan mawar Taif dan amber.',
  image: '/images/oud-royale.webp',
  variants: [{ size_ml: 50, price: 1_599_000, stock: 12, sku: null, weight_grams: 270 }],
};

describe('the audit row of each kind of staff change', () => {
  it('products: create, a price and stock change, delete; the name and email as they were; a refused save writes none', async () => {
    const admin = await createUser('admin', 'Rina Admin');
    const product = await ok<AdminProductDetail>(send(admin, '/api/products', 'POST', productBody), 201);
    const created = await lastRow();
    expect(created).toMatchObject({
      user_id: admin.id,
      user_name: 'Rina Admin',
      user_email: admin.email,
      entity_type: 'product',
      entity_id: product.id,
      action: 'create',
      before: null,
    });
    expect(created?.after).toMatchObject({
      name: 'Oud Royale',
      variants: [{ sizeMl: 50, price: 1_599_000, stock: 12 }],
    });

    // Renamed later: the rows keep the name of the moment.
    await env.DB.prepare("UPDATE profiles SET name = 'Rina Baru' WHERE id = ?").bind(admin.id).run();
    const size = product.variants[0];
    const changed = {
      ...productBody,
      variants: [
        { ...productBody.variants[0], id: size?.id, price: 1_499_000, stock: 20, expected_stock: 12 },
      ],
    };
    await ok(send(admin, `/api/products/${product.id}`, 'PUT', changed));
    const updated = await lastRow();
    expect(updated).toMatchObject({ user_name: 'Rina Baru', action: 'update', entity_id: product.id });
    // Only what changed, each side: the size's price and stock.
    expect(updated?.before).toEqual({
      variants: [expect.objectContaining({ id: size?.id, price: 1_599_000, stock: 12 })],
    });
    expect(updated?.after).toEqual({
      variants: [expect.objectContaining({ id: size?.id, price: 1_499_000, stock: 20 })],
    });
    expect((await rows())[0]?.user_name).toBe('Rina Admin');

    // The form read 12, the stock is 20 now: 409, nothing changed, no row.
    const before = (await rows()).length;
    const stale = await send(admin, `/api/products/${product.id}`, 'PUT', {
      ...changed,
      variants: [{ ...changed.variants[0], price: 1_000_000, stock: 5, expected_stock: 12 }],
    });
    expect(stale.status).toBe(409);
    expect((await rows()).length).toBe(before);

    await ok(send(admin, `/api/products/${product.id}`, 'DELETE'), 204);
    expect(await lastRow()).toMatchObject({
      action: 'delete',
      entity_id: product.id,
      before: { name: 'Oud Royale', variants: [expect.objectContaining({ price: 1_499_000, stock: 20 })] },
      after: null,
    });
    // Deleting what is gone: 404 and no row.
    expect((await send(admin, `/api/products/${product.id}`, 'DELETE')).status).toBe(404);
    expect((await rows()).length).toBe(before + 1);
  });

  it('collections, content pages, customer-service records, sales: create, update, delete', async () => {
    const admin = await createUser('owner');
    const [bottle] = await insertProducts([200_000]);
    const collection = await ok<{ id: string }>(
      send(admin, '/api/collections', 'POST', { name: 'Unggulan', productIds: [bottle?.id] }),
      201,
    );
    await ok(send(admin, `/api/collections/${collection.id}`, 'PUT', { name: 'Pilihan', productIds: [] }));
    await ok(send(admin, `/api/collections/${collection.id}`, 'DELETE'), 204);

    const faq = await ok<{ id: string }>(
      send(admin, '/api/content/faq', 'POST', { question: 'Berapa lama?', answer: '2 hari.' }),
      201,
    );
    await ok(
      send(admin, `/api/content/faq/${faq.id}`, 'PUT', { question: 'Berapa lama?', answer: '3 hari.' }),
    );
    await ok(send(admin, `/api/content/faq/${faq.id}`, 'DELETE'));
    await ok(
      send(admin, '/api/content/policies/shipping-policy', 'PUT', { content: 'Dikirim dalam 24 jam.' }),
    );

    const record = await ok<{ id: string }>(
      send(admin, '/api/admin/customer-service', 'POST', { title: 'Botol bocor' }),
      201,
    );
    await ok(
      send(admin, `/api/admin/customer-service/${record.id}`, 'PUT', {
        title: 'Botol bocor',
        status: 'closed',
      }),
    );
    await ok(send(admin, `/api/admin/customer-service/${record.id}`, 'DELETE'));

    const window = {
      startsAt: '2027-03-20T00:00:00+07:00',
      endsAt: '2027-04-05T23:59:59+07:00',
    };
    const sale = await ok<{ id: string }>(
      send(admin, '/api/admin/sales', 'POST', { name: 'Lebaran', kind: 'percent', value: 20, ...window }),
      201,
    );
    await ok(
      send(admin, `/api/admin/sales/${sale.id}`, 'PUT', {
        name: 'Lebaran',
        kind: 'percent',
        value: 25,
        ...window,
      }),
    );
    await ok(send(admin, `/api/admin/sales/${sale.id}`, 'DELETE'), 204);

    const trail = (await rows()).map((row) => [
      row.entity_type,
      row.entity_id,
      row.action,
      row.before,
      row.after,
    ]);
    expect(trail).toEqual([
      [
        'collection',
        collection.id,
        'create',
        null,
        expect.objectContaining({ name: 'Unggulan', productIds: [bottle?.id] }),
      ],
      [
        'collection',
        collection.id,
        'update',
        { name: 'Unggulan', productIds: [bottle?.id] },
        { name: 'Pilihan', productIds: [] },
      ],
      ['collection', collection.id, 'delete', expect.objectContaining({ name: 'Pilihan' }), null],
      ['content', faq.id, 'create', null, { question: 'Berapa lama?', answer: '2 hari.' }],
      ['content', faq.id, 'update', { answer: '2 hari.' }, { answer: '3 hari.' }],
      ['content', faq.id, 'delete', { question: 'Berapa lama?', answer: '3 hari.' }, null],
      ['content', 'shipping-policy', 'create', null, { content: 'Dikirim dalam 24 jam.' }],
      ['customer_service', record.id, 'create', null, expect.objectContaining({ title: 'Botol bocor' })],
      ['customer_service', record.id, 'update', { status: 'active' }, { status: 'closed' }],
      ['customer_service', record.id, 'delete', expect.objectContaining({ status: 'closed' }), null],
      ['sale', sale.id, 'create', null, expect.objectContaining({ value: 20 })],
      ['sale', sale.id, 'update', { value: 20 }, { value: 25 }],
      ['sale', sale.id, 'delete', expect.objectContaining({ value: 25 }), null],
    ]);
  });

  it('settings of every kind: site, payment, the gateway, the stock line, gift wrap', async () => {
    const admin = await createUser('owner');
    await ok(send(admin, '/api/settings', 'PATCH', { aboutTitle: 'Tentang Kami' }));
    await savePaymentSettings(admin.cookie);
    await savePaymentSettings(admin.cookie, { ...PAYMENT_SETTINGS, paymentWindowHours: 48 });
    await ok(send(admin, '/api/admin/settings/gateway', 'PUT', { channels: [], manualTransfer: false }));
    await ok(send(admin, '/api/admin/stock/threshold', 'PUT', { threshold: 3 }));
    await ok(send(admin, '/api/admin/settings/gift-wrap', 'PUT', { enabled: true, fee: 15_000 }));
    await ok(send(admin, '/api/admin/shipping/courier', 'PUT', COURIER_SETTINGS));
    // The zones' editor sends back what it loaded, with a new free-shipping threshold.
    const loaded = await ok<ShippingConfig>(call('/api/shipping'));
    const zones = loaded.zones.map(({ id, name, areas, services }) => ({
      id,
      name,
      areaCodes: areas.map((area) => area.code),
      services,
    }));
    await ok(send(admin, '/api/admin/shipping', 'PUT', { zones, freeShippingThreshold: 750_000 }));
    const trail = (await rows()).map((row) => [row.entity_type, row.entity_id, row.before, row.after]);
    expect(trail).toEqual([
      ['setting', 'site', { aboutTitle: expect.any(String) }, { aboutTitle: 'Tentang Kami' }],
      [
        'setting',
        'payment',
        expect.any(Object),
        expect.objectContaining({ notificationEmail: 'toko@contoh.id' }),
      ],
      ['setting', 'payment', { paymentWindowHours: 24 }, { paymentWindowHours: 48 }],
      [
        'setting',
        'payment_gateway',
        expect.objectContaining({ manualTransfer: true }),
        expect.objectContaining({ manualTransfer: false }),
      ],
      ['setting', 'lowStockThreshold', { value: 5 }, { value: 3 }],
      ['setting', 'giftWrap', { enabled: false, fee: 0 }, { enabled: true, fee: 15_000 }],
      ['setting', 'shipping_courier', null, expect.objectContaining({ couriers: ['sicepat', 'jne'] })],
      [
        'setting',
        'shipping_zones',
        { freeShippingThreshold: loaded.freeShippingThreshold },
        { freeShippingThreshold: 750_000 },
      ],
    ]);
  });

  it('vouchers: create, a refused code, a change, a removal', async () => {
    const admin = await createUser('owner');
    const body = { code: 'HEMAT10', kind: 'percent', value: 10 };
    const voucher = await ok<{ id: string }>(send(admin, '/api/admin/vouchers', 'POST', body), 201);
    await ok(send(admin, '/api/admin/vouchers', 'POST', { ...body, code: 'LAIN' }), 201);
    const count = (await rows()).length;
    // Another voucher's code: 409, no row.
    expect((await send(admin, `/api/admin/vouchers/${voucher.id}`, 'PATCH', { code: 'LAIN' })).status).toBe(
      409,
    );
    expect((await rows()).length).toBe(count);
    await ok(send(admin, `/api/admin/vouchers/${voucher.id}`, 'PATCH', { value: 15 }));
    expect(await lastRow()).toMatchObject({ action: 'update', before: { value: 10 }, after: { value: 15 } });
    await ok(send(admin, `/api/admin/vouchers/${voucher.id}`, 'DELETE'));
    expect(await lastRow()).toMatchObject({ action: 'delete', entity_id: voucher.id, after: null });
    expect((await rows()).length).toBe(count + 2);
  });

  it('reviews: publish, hide and reply', async () => {
    const admin = await createUser('owner');
    const customer = await createUser('customer');
    const [bottle] = await insertProducts([200_000]);
    await env.DB.prepare(
      "INSERT INTO reviews (id, product_id, user_id, rating, body, status) VALUES ('r1', ?, ?, 5, 'Wangi tahan lama.', 'pending')",
    )
      .bind(bottle?.id, customer.id)
      .run();
    await ok(send(admin, '/api/admin/reviews/r1/publish', 'POST'));
    await ok(send(admin, '/api/admin/reviews/r1/hide', 'POST', { reason: 'Menyebut merek lain' }));
    await ok(send(admin, '/api/admin/reviews/r1/reply', 'PUT', { reply: 'Terima kasih!' }));
    expect((await rows()).map((row) => [row.entity_id, row.action, row.before, row.after])).toEqual([
      ['r1', 'publish', { status: 'pending' }, { status: 'published' }],
      [
        'r1',
        'hide',
        { status: 'published', hiddenReason: null },
        { status: 'hidden', hiddenReason: 'Menyebut merek lain' },
      ],
      ['r1', 'reply', { reply: null }, { reply: 'Terima kasih!' }],
    ]);
    // No such review: 404, no row.
    expect((await send(admin, '/api/admin/reviews/tidak-ada/publish', 'POST')).status).toBe(404);
    expect((await rows()).length).toBe(3);
  });

  it("orders: the dropdown's step, a refused refund and delete write nothing, a deletion", async () => {
    const admin = await createUser('owner');
    const customer = await createUser('customer');
    const products = await insertProducts([150_000]);
    const processing = orderRows(customer, products, 'processing');
    const unpaid = orderRows(customer, products, 'pending');
    await env.DB.batch([...processing.statements, ...unpaid.statements]);

    await ok(
      send(admin, `/api/admin/orders/${processing.id}/status`, 'PATCH', {
        status: 'shipped',
        courier: 'JNE',
        trackingNumber: 'JNE123',
      }),
    );
    expect(await lastRow()).toMatchObject({
      user_id: admin.id,
      entity_type: 'order',
      entity_id: processing.id,
      action: 'status',
      before: { status: 'processing', courier: null, trackingNumber: null },
      after: { status: 'shipped', courier: 'JNE', trackingNumber: 'JNE123' },
    });
    // No refund owed; shipped orders cannot be deleted: both 409, neither leaves a row.
    expect((await send(admin, `/api/admin/orders/${processing.id}/refund`, 'POST')).status).toBe(409);
    expect((await send(admin, `/api/admin/orders/${processing.id}`, 'DELETE')).status).toBe(409);
    // A move the graph refuses.
    const back = await send(admin, `/api/admin/orders/${processing.id}/status`, 'PATCH', {
      status: 'processing',
    });
    expect(back.status).toBe(409);
    expect((await rows()).length).toBe(1);

    await ok(send(admin, `/api/admin/orders/${unpaid.id}`, 'DELETE'), 204);
    // The account's id, not the customer's name or address: the trail outlives an erasure (UU PDP).
    expect(await lastRow()).toMatchObject({
      entity_id: unpaid.id,
      action: 'delete',
      before: { status: 'pending', userId: customer.id, totalAmount: 150_000, createdAt: expect.any(String) },
      after: null,
    });
    expect(Object.keys((await lastRow())?.before ?? {})).toHaveLength(4);
  });

  it("a contact message's sender and words stay out of the trail, which an erasure (UU PDP) cannot reach", async () => {
    const admin = await createUser('owner');
    const description = 'Nama: Siti Aminah\nEmail: siti@contoh.id\n\nBotolnya bocor.';
    await env.DB.prepare(
      "INSERT INTO customer_service (id, title, description, contact_email) VALUES ('pesan-1', 'Pesan kontak: Botol', ?, 'siti@contoh.id')",
    )
      .bind(description)
      .run();
    const path = '/api/admin/customer-service/pesan-1';
    await ok(
      send(admin, path, 'PUT', { title: 'Pesan kontak: Botol', description: 'Nama: Siti', status: 'closed' }),
    );
    await ok(send(admin, path, 'DELETE'));
    const trail = (await rows()).map((row) => [row.action, row.before, row.after]);
    expect(trail).toEqual([
      ['update', { status: 'active' }, { status: 'closed' }],
      ['delete', expect.objectContaining({ title: 'Pesan kontak: Botol', status: 'closed' }), null],
    ]);
    expect(JSON.stringify(trail)).not.toMatch(/Siti|siti@/);
  });

  it("a customer's erasure (UU PDP): who and when, none of the erased data; erasing again records nothing", async () => {
    const owner = await createUser('owner');
    const customer = await createUser('customer', 'Siti Rahmawati');
    const erase = () => send(owner, `/api/admin/customers/${customer.id}/erase`, 'POST', { confirm: true });
    await ok(erase());
    await ok(erase());
    const trail = await rows();
    expect(
      trail.map((row) => [row.user_id, row.entity_type, row.entity_id, row.action, row.before, row.after]),
    ).toEqual([[owner.id, 'customer', customer.id, 'erase', null, null]]);
    expect(JSON.stringify(trail)).not.toContain('Siti');
    expect(JSON.stringify(trail)).not.toContain(customer.email);
  });

  it("a customer's own change is no staff change: no row", async () => {
    const customer = await createUser('customer');
    const products = await insertProducts([150_000]);
    const unpaid = orderRows(customer, products, 'pending');
    await env.DB.batch(unpaid.statements);
    await ok(send(customer, `/api/orders/${unpaid.id}/cancel`, 'POST', {}));
    expect(await rows()).toEqual([]);
  });
});

describe('nobody edits the trail', () => {
  it('the triggers refuse an UPDATE and a DELETE of any row', async () => {
    const admin = await createUser('owner');
    await ok(send(admin, '/api/admin/stock/threshold', 'PUT', { threshold: 3 }));
    await expect(env.DB.prepare("UPDATE audit_log SET user_name = 'Orang Lain'").run()).rejects.toThrow(
      /audit_log_read_only/,
    );
    await expect(env.DB.prepare('DELETE FROM audit_log').run()).rejects.toThrow(/audit_log_read_only/);
    expect((await rows()).map((row) => row.user_id)).toEqual([admin.id]);
  });
});

describe('GET /api/admin/audit', () => {
  async function seedTrail(): Promise<{ rina: TestUser; budi: TestUser }> {
    // Rina owns the shop (only the owner reads the trail, decision 052); Budi is an admin.
    const rina = await createUser('owner', 'Rina');
    const budi = await createUser('admin', 'Budi');
    for (const threshold of [1, 2, 3])
      await ok(send(rina, '/api/admin/stock/threshold', 'PUT', { threshold }));
    await ok(
      send(budi, '/api/content/policies/shipping-policy', 'PUT', { content: 'Dikirim dalam 24 jam.' }),
    );
    return { rina, budi };
  }

  const read = (admin: TestUser, query = '') =>
    ok<AuditPage>(call(`/api/admin/audit${query}`, { cookie: admin.cookie }));

  it('pages newest first by cursor, both ways', async () => {
    const { rina } = await seedTrail();
    const first = await read(rina, '?pageSize=10');
    expect(first.items.map((row) => row.entity_type)).toEqual(['content', 'setting', 'setting', 'setting']);
    expect(first.items[0]).toMatchObject({
      user_name: 'Budi',
      entity_id: 'shipping-policy',
      action: 'create',
    });
    expect(first.items[1]).toMatchObject({ user_name: 'Rina', before: { value: 2 }, after: { value: 3 } });
    expect(first.nextCursor).toBeNull();
    expect(first.previousCursor).toBeNull();
    // Past one page of 10.
    for (const threshold of [4, 5, 6, 7, 8, 9, 10, 11]) {
      await ok(send(rina, '/api/admin/stock/threshold', 'PUT', { threshold }));
    }
    const newest = await read(rina, '?pageSize=10');
    expect(newest.items).toHaveLength(10);
    expect(newest.nextCursor).not.toBeNull();
    const older = await read(rina, `?pageSize=10&after=${encodeURIComponent(newest.nextCursor as string)}`);
    expect(older.items).toHaveLength(2);
    expect(older.nextCursor).toBeNull();
    const back = await read(
      rina,
      `?pageSize=10&before=${encodeURIComponent(older.previousCursor as string)}`,
    );
    expect(back.items.map((row) => row.id)).toEqual(newest.items.map((row) => row.id));
  });

  it('filters by staff member, entity type, entity id and WIB days', async () => {
    const { rina, budi } = await seedTrail();
    expect((await read(rina, `?userId=${budi.id}`)).items.map((row) => row.user_id)).toEqual([budi.id]);
    expect((await read(rina, '?entityType=setting')).items).toHaveLength(3);
    expect((await read(rina, '?entityType=content&entityId=shipping-policy')).items).toHaveLength(1);
    expect((await read(rina, '?entityId=tidak-ada')).items).toEqual([]);
    // Today in WIB holds every row; yesterday none.
    const wibToday = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const wibYesterday = new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    expect((await read(rina, `?from=${wibToday}&to=${wibToday}`)).items).toHaveLength(4);
    expect((await read(rina, `?to=${wibYesterday}`)).items).toEqual([]);
    // Written at 01:30 WIB on 2 March (18:30 UTC on the 1st): it belongs to the WIB day.
    await env.DB.prepare(
      "INSERT INTO audit_log (user_id, user_name, user_email, entity_type, entity_id, action, created_at) VALUES (?, 'Rina', 'r@contoh.id', 'order', 'o1', 'status', '2026-03-01T18:30:00.000Z')",
    )
      .bind(rina.id)
      .run();
    expect((await read(rina, '?from=2026-03-01&to=2026-03-01')).items).toEqual([]);
    expect((await read(rina, '?from=2026-03-02&to=2026-03-02')).items.map((row) => row.entity_id)).toEqual([
      'o1',
    ]);
  });

  it('refuses bad filters in Indonesian, and everyone but the owner', async () => {
    const { rina, budi } = await seedTrail();
    expect((await call('/api/admin/audit', { cookie: budi.cookie })).status).toBe(403);
    const bad = await call('/api/admin/audit?from=2026-13-40', { cookie: rina.cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).error.fields?.from).toBe('Tanggal harus berformat TTTT-BB-HH');
    const reversed = await call('/api/admin/audit?from=2026-03-02&to=2026-03-01', { cookie: rina.cookie });
    expect((await reversed.json<ErrorBody>()).error.fields?.to).toBe(
      'Tanggal akhir tidak boleh sebelum tanggal awal',
    );
    const kind = await call('/api/admin/audit?entityType=planet', { cookie: rina.cookie });
    expect((await kind.json<ErrorBody>()).error.fields?.entityType).toBe('Jenis data tidak dikenal');
    const customer = await createUser('customer');
    expect((await call('/api/admin/audit', { cookie: customer.cookie })).status).toBe(403);
    expect((await call('/api/admin/audit')).status).toBe(401);
  });
});
