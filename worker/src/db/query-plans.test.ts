import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { ShippingQuote } from '@gi/contracts';
import { describe, expect, it, vi } from 'vitest';
import { courierEnv, mockRates, ratesAnswer, saveCourierSettings } from '../../test/courier-fixtures.ts';
import { type CallInit, createUser, shopRequest } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import { CUSTOMER, insertProducts, orderRows, REGULER } from '../../test/order-fixtures.ts';
import { randomToken, sha256, signReviewLinkToken } from '../auth/tokens.ts';
import app from '../index.ts';
import { cleanupTables } from '../lib/cleanup.ts';
import { recordFailure, recordSuccess } from '../lib/incidents.ts';
import { closeShippedOrders } from '../orders/auto-deliver.ts';
import { pollGatewayAttempts } from '../payments/apply.ts';
import { expireOverdueOrders } from '../payments/expiry.ts';
import { remindUnpaidOrders } from '../payments/reminder.ts';
import { refreshAnalyticsSnapshots } from '../services/analytics-snapshots.ts';
import { markAsksDue, sendBackInStock } from '../services/back-in-stock.ts';
import { sendReviewRequests } from '../services/review-requests.ts';
import { moveCacheAtSaleBoundaries } from '../services/sales.ts';
import { remindSavedCarts } from '../services/saved-carts.ts';
import { sendStockSummary } from '../services/stock-alerts.ts';
import { remindExpiringNotifications } from '../services/trust-marks.ts';
import { sweepBookings } from '../shipping/auto-booking.ts';
import { pollShipments } from '../shipping/shipments.ts';
import { getDb } from './client.ts';

// Every statement the API sends for its lists, filters and lookups, taken from the code as it
// runs (a recording D1 binding), must reach the rows of a growing table through an index:
// at 500,000 orders a full scan costs seconds and blocks every other query of the database.

/** Tables that grow with the shop's business. */
const GROWING = [
  'orders',
  'order_items',
  'products',
  'product_images',
  'product_notes',
  'product_variants',
  'favorites',
  'product_trust_marks',
  'bpom_reminders',
  'customer_service',
  'sessions',
  'email_outbox',
  'payments',
  'order_events',
  'payment_notifications',
  'stock_changes',
  'shipments',
  'shipment_events',
  'shipping_quotes',
  'reviews',
  // A row per reviewed product: it grows with the catalogue, as products do.
  'product_review_stats',
  'review_photos',
  'review_votes',
  'back_in_stock_subscriptions',
  // One row per order with a code; `vouchers` itself grows only with the admin's own codes.
  'voucher_uses',
  // Saved carts (decision 050): a row per customer, their lines up to 30 each.
  'saved_carts',
  'saved_cart_lines',
  // One row per delivered order (decision 047).
  'review_requests',
  // Invitations to the staff (decision 052): they pile up over the years.
  'staff_invites',
  // One row per staff change, never removed (decision 054).
  'audit_log',
  // The sales analytics (decision 055): a row per paid order, and per day and key sold.
  'sales_orders',
  'sales_daily',
  // The presets' snapshots (migration 0059): every product and size sold in a year.
  'analytics_snapshot_rows',
  // One row per paid order (decision 057).
  'invoices',
  // Kredit Sampel (decision 061 part B): a row per sample or set line bought, and per use.
  'sample_credits',
  'sample_credit_uses',
];

/**
 * Partial indexes whose rows do not grow with the business, so reading one whole is bounded:
 * product_variants_weight_estimated holds only the sizes migration 0029 estimated (every save
 * through the API stores a weight and leaves it), which the admin's low-data view counts.
 */
const BOUNDED_PARTIAL = ['product_variants_weight_estimated'];

interface Recorded {
  sql: string;
  params: unknown[];
}

/**
 * The D1 binding, recording every statement prepared through it with its bound values, and
 * through the D1 session each request starts from it (middleware/d1-session.ts).
 */
function recording<Db extends D1Database | D1DatabaseSession>(db: Db, log: Recorded[]): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'withSession') {
        return (constraint?: string) => recording((target as D1Database).withSession(constraint), log);
      }
      if (prop === 'prepare') {
        return (query: string) => {
          const statement = target.prepare(query);
          const entry: Recorded = { sql: query, params: [] };
          log.push(entry);
          const bind = statement.bind.bind(statement);
          statement.bind = (...values: unknown[]) => {
            entry.params = values;
            return bind(...values);
          };
          return statement;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The plan lines that read a whole growing table (or a whole index of it). */
const fullScans = (statement: Recorded) => scansOf(statement, GROWING);

/** The plan lines that read a whole table of `tables` (or a whole index of it). */
async function scansOf(statement: Recorded, tables: string[]): Promise<string[]> {
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return plan.results
    .map((row) => row.detail)
    .filter((detail) => {
      const match = /^SCAN (\w+)(.*)$/.exec(detail);
      if (!match || !tables.includes(match[1] as string)) return false;
      // Walking an index in its order stops at the LIMIT; anything else reads every row, except
      // a partial index that holds only rows the shop does not grow (below).
      const index = /^ USING (?:COVERING )?INDEX (\w+)/.exec(match[2] as string)?.[1];
      return !/^ USING INDEX /.test(match[2] as string) && !(index && BOUNDED_PARTIAL.includes(index));
    });
}

async function statementsOf(path: string, cookie?: string, init: RequestInit & { json?: unknown } = {}) {
  const log: Recorded[] = [];
  const ctx = createExecutionContext();
  const res = await app.fetch(
    shopRequest(path, { ...init, ...(cookie ? { cookie } : {}) }),
    { ...env, DB: recording(env.DB, log) },
    ctx,
  );
  // A streamed answer (a CSV export) reads D1 as its body is read.
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  expect(res.status, path).toBeLessThan(400);
  return log;
}

async function seed() {
  const admin = await createUser('owner');
  const customer = await createUser('customer');
  const [product] = await insertProducts([150_000, 90_000]);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('c1', 'unggulan', 'Unggulan')"),
    env.DB.prepare("INSERT INTO collection_products (collection_id, product_id) VALUES ('c1', ?)").bind(
      product?.id,
    ),
    env.DB.prepare(
      "INSERT INTO product_notes (product_id, layer, position, note, note_key) VALUES (?1, 'top', 0, 'Jeruk', 'jeruk'), (?1, 'base', 0, 'Kasturi', 'kasturi')",
    ).bind(product?.id),
    env.DB.prepare(
      "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount) VALUES ('0a1b2c3d-0000-4000-8000-000000000000', ?, 'Siti', 's@contoh.id', 'Jakarta', 1000)",
    ).bind(customer.id),
    env.DB.prepare(
      "INSERT INTO payments (id, order_id, method, status, amount, receipt_key, submitted_at) VALUES ('pay1', '0a1b2c3d-0000-4000-8000-000000000000', 'bank_transfer', 'submitted', 1000, 'receipts/x/y.png', '2026-03-01T10:00:00.000Z')",
    ),
    env.DB.prepare(
      "INSERT INTO customer_service (id, title, category) VALUES ('cs1', 'Botol bocor', 'complaint')",
    ),
    // Enough matches of 'siti' and 'bocor' for a search to walk its list rather than sort them.
    env.DB.prepare(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12) INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount) SELECT '0a1b2c3e-0000-4000-8000-' || printf('%012d', i), ?, 'Siti Aminah', 'siti@contoh.id', 'Jakarta', 1000 FROM n",
    ).bind(customer.id),
    env.DB.prepare(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12) INSERT INTO customer_service (id, title, category) SELECT 'cs-' || i, 'Tutup bocor ' || i, 'complaint' FROM n",
    ),
    env.DB.prepare(
      "INSERT INTO customer_service (id, title, description, category) VALUES ('pol1', 'Kebijakan Privasi', 'Isi', 'privacy-policy')",
    ),
  ]);
  return { admin, customer, product: product?.id as string, variant: product?.variantId as string };
}

describe('query plans', () => {
  it('no list, filter or lookup of the API reads a whole growing table', async () => {
    const { admin, customer, product, variant } = await seed();
    const admins = [
      '/api/admin/orders',
      '/api/admin/orders?page=2',
      '/api/admin/orders?status=pending',
      '/api/admin/orders?q=0a1b2c',
      '/api/admin/orders?q=0a1b2c3d',
      '/api/admin/orders?status=shipped&q=0a1b2c',
      '/api/admin/orders?q=siti',
      '/api/admin/orders?q=siti%40mail.id',
      '/api/admin/orders?status=pending&q=siti',
      '/api/admin/orders?q=aminah%20siti&page=2',
      '/api/admin/orders?q=siti%20Santoso',
      '/api/admin/orders?status=pending&page=2',
      `/api/admin/orders?page=2&after=${encodeURIComponent('2026-03-01T10:00:00.000Z~0a1b2c3d-0000-4000-8000-000000000000')}`,
      `/api/admin/orders?status=shipped&before=${encodeURIComponent('2026-03-01T10:00:00.000Z~0a1b2c3d-0000-4000-8000-000000000000')}`,
      '/api/admin/orders/0a1b2c3d-0000-4000-8000-000000000000',
      '/api/admin/customer-service',
      '/api/admin/customer-service?status=active',
      '/api/admin/customer-service?priority=high',
      '/api/admin/customer-service?category=complaint',
      '/api/admin/customer-service?status=active&priority=high',
      '/api/admin/customer-service?q=bocor',
      '/api/admin/customer-service?q=bocor&status=active',
      '/api/admin/customer-service?q=bocor&page=2',
      '/api/admin/customer-service?q=tutup%2012',
      '/api/admin/customer-service?page=2',
      '/api/admin/customer-service?status=active&priority=high&page=2',
      `/api/admin/customer-service?status=active&after=${encodeURIComponent('2026-03-01T10:00:00.000Z~42')}`,
      '/api/admin/exports/orders.csv',
      '/api/admin/exports/orders.csv?status=pending',
      '/api/admin/exports/orders.csv?q=siti',
      '/api/admin/exports/orders.csv?q=0a1b2c&status=pending',
      '/api/admin/exports/products.csv',
      '/api/admin/exports/products.csv?q=parfum',
      '/api/admin/exports/customers.csv?q=siti',
      '/api/admin/exports/customers.csv',
      '/api/admin/stats',
      '/api/admin/orders/payment-reviews',
      '/api/admin/orders/payment-reviews?page=2',
      '/api/admin/settings/payment',
      '/api/admin/settings/gateway',
      '/api/admin/orders/0a1b2c3d-0000-4000-8000-000000000000/gateway',
      '/api/admin/stock',
      '/api/admin/stock?page=2',
      `/api/admin/stock/${variant}/changes`,
      `/api/admin/stock/${variant}/changes?page=2`,
      // The low-data view (decision 032), through product_variants_weight_estimated.
      '/api/admin/products/estimated-weights',
      '/api/admin/products/estimated-weights?page=2',
      `/api/admin/products/${product}`,
      '/api/admin/shipping/courier',
      '/api/admin/staff',
      '/api/admin/staff?page=2',
      '/api/products?q=parfum',
      // Printed documents (decision 057): the day's paid orders through invoices_issued.
      '/api/admin/documents/packing-slips.pdf?date=2026-03-01',
      '/api/admin/documents/shipping-labels.pdf?ids=0a1b2c3d-0000-4000-8000-000000000000',
      '/api/admin/documents/packing-slips.pdf?date=2026-03-01&part=1',
      '/api/admin/documents/paid-orders?date=2026-03-01',
      // The month's invoices: the month's two ends in invoices_issued, a run of the sequence.
      '/api/admin/documents/invoices?month=2026-03',
      '/api/admin/documents/invoices.pdf?month=2026-03',
      '/api/admin/orders/0a1b2c3d-0000-4000-8000-000000000000/packing-slip.pdf?format=label',
      '/api/admin/orders/0a1b2c3d-0000-4000-8000-000000000000/shipping-label.pdf',
    ];
    const guests = [
      '/api/products?limit=3',
      '/api/products?size=50',
      '/api/products?size=50&sort=price-asc',
      // Keyset pages of each sort (decision 019): the cursor's bound starts the sort's index.
      `/api/products?after=${encodeURIComponent('2026-03-01T10:00:00.000Z~x')}`,
      `/api/products?sort=price-asc&after=${encodeURIComponent('150000~x')}`,
      `/api/products?sort=price-desc&after=${encodeURIComponent('150000~x')}`,
      `/api/products?sort=best-selling&after=${encodeURIComponent('3~x')}`,
      `/api/products?note=jeruk&sort=price-asc&after=${encodeURIComponent('150000~x')}`,
      '/api/products/sizes',
      `/api/products/${product}`,
      `/api/products/${product}/related`,
      '/api/products/notes',
      '/api/products?note=jeruk',
      '/api/products?note=jeruk&sort=price-asc',
      '/api/collections',
      '/api/collections/unggulan',
      '/api/collections/unggulan?page=2',
      '/api/content/faq',
      '/api/content/policies/privacy-policy',
      '/api/settings/payment',
      '/sitemap.xml',
      '/sitemap-pages.xml',
      '/sitemap-products-1.xml',
      '/collections/unggulan',
    ];
    const found: string[] = [];
    const check = async (path: string, cookie?: string, init: RequestInit & { json?: unknown } = {}) => {
      const label = init.method ? `${init.method} ${path}` : path;
      for (const statement of await statementsOf(path, cookie, init)) {
        for (const scan of await fullScans(statement)) {
          found.push(`${label}: ${scan} in ${statement.sql}`);
        }
      }
    };
    // The seeded order's invoice, as its payment would have issued it (decision 057): the day's
    // documents and the invoice then have something to read.
    await env.DB.prepare(
      "INSERT INTO invoices (order_id, seq, number, issued_at) VALUES ('0a1b2c3d-0000-4000-8000-000000000000', 999999, 'INV/2026/03/999999', '2026-03-01T03:00:00.000Z')",
    ).run();
    for (const path of admins) await check(path, admin.cookie);
    for (const path of guests) await check(path);
    const orderId = '0a1b2c3d-0000-4000-8000-000000000000';
    await check('/api/orders/mine', customer.cookie);
    // Checkout's last channel: the customer's latest order through (user_id, created_at).
    await check('/api/payment-options', customer.cookie);
    await check('/api/orders', customer.cookie);
    await check(
      `/api/orders?cursor=${encodeURIComponent(`2026-03-01T10:00:00.000Z~${orderId}`)}`,
      customer.cookie,
    );
    await check(`/api/orders/${orderId}`, customer.cookie);
    await check(`/api/orders/${orderId}/invoice.pdf`, customer.cookie);
    // A new shopper: the seeded customer is past the limits on unpaid orders and orders an hour.
    await check('/api/orders', (await createUser('customer')).cookie, {
      method: 'POST',
      headers: { 'idempotency-key': 'rencana-kueri-01' },
      json: {
        items: [{ productId: product, variantId: variant, quantity: 1 }],
        customer: CUSTOMER,
        shippingServiceId: REGULER.id,
        paymentChannel: 'bank_transfer',
      },
    });
    // A cancel returns the units with their trace (the seeded order's receipt waits: a refund follows).
    await check(`/api/orders/${orderId}/cancel`, customer.cookie, {
      method: 'POST',
      json: { confirmPaid: true },
    });
    // The product form's save: its stock compare-and-set and trace.
    await check(`/api/products/${product}`, admin.cookie, {
      method: 'PUT',
      json: {
        name: 'Parfum Uji',
        description: 'Aroma uji yang tahan lama.',
        image: '/images/uji.webp',
        variants: [
          { id: variant, size_ml: 50, price: 150_000, stock: 9, expected_stock: null, weight_grams: 270 },
        ],
      },
    });
    // A product delete's reads, the sets that hold its samples among them.
    await env.DB.prepare(
      "INSERT INTO products (id, name, description, price, image) VALUES ('hapus-uji', 'Hapus Uji', 'Aroma uji.', 1000, '/images/uji.webp')",
    ).run();
    await check('/api/products/hapus-uji', admin.cookie, { method: 'DELETE' });
    await check('/api/admin/orders/refunds', admin.cookie);
    // A password change ends the account's other sessions, keeping this one's family.
    await check('/api/auth/password/change', customer.cookie, {
      method: 'POST',
      json: { currentPassword: customer.password, password: 'baru12345', confirmPassword: 'baru12345' },
    });
    expect(found).toEqual([]);
  }, 60_000); // every statement of ~80 calls explained

  it("the accounts' lookups and changes (services/auth.ts) reach their rows through indexes", async () => {
    const accounts = ['users', 'profiles', 'email_tokens', 'sessions'];
    const customer = await createUser('customer');
    const found: string[] = [];
    const check = async (path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) => {
      const { cookie, ...rest } = init;
      const statements = await statementsOf(path, cookie, { redirect: 'manual', ...rest });
      expect(statements.length, path).toBeGreaterThan(0);
      for (const statement of statements) {
        for (const scan of await scansOf(statement, accounts))
          found.push(`${path}: ${scan} in ${statement.sql}`);
      }
    };
    /** A link's token as the mails carry it, its hash stored for the customer. */
    const link = async (purpose: string, newEmail: string | null = null) => {
      const token = randomToken();
      await env.DB.prepare(
        'INSERT INTO email_tokens (token_hash, user_id, purpose, new_email, expires_at) VALUES (?, ?, ?, ?, ?)',
      )
        .bind(
          await sha256(token),
          customer.id,
          purpose,
          newEmail,
          new Date(Date.now() + 60_000).toISOString(),
        )
        .run();
      return token;
    };
    const password = 'rahasia123';
    await check('/api/auth/register', {
      method: 'POST',
      json: { name: 'Rina', email: 'rina@contoh.id', password, confirmPassword: password },
    });
    await check('/api/auth/login', { method: 'POST', json: { email: customer.email, password } });
    await check('/api/auth/profile', {
      method: 'PATCH',
      cookie: customer.cookie,
      json: { name: 'Nama Baru', email: 'nama.baru@contoh.id', currentPassword: password },
    });
    await check('/api/auth/password/forgot', { method: 'POST', json: { email: customer.email } });
    await check(`/api/auth/email/confirm?token=${await link('email_change', 'lain@contoh.id')}`);
    await check(`/api/auth/login/link?token=${await link('sign_in')}`);
    await check(`/api/auth/email/undo?token=${await link('email_change_undo', customer.email)}`);
    await check('/api/auth/password/reset', {
      method: 'POST',
      json: { token: await link('password_reset'), password: 'baru12345' },
    });
    // The owner's staff list (decision 052): the staff by role through profiles_role_created, never the customers.
    const owner = await createUser('owner');
    await check('/api/admin/staff', { cookie: owner.cookie });
    await check('/api/admin/staff?page=2', { cookie: owner.cookie });
    const staffMember = await createUser('order_handler');
    await check(`/api/admin/staff/${staffMember.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { role: 'content_editor' },
    });
    await check(`/api/admin/staff/${staffMember.id}/disable`, { method: 'POST', cookie: owner.cookie });
    expect(found).toEqual([]);
  }, 60_000);

  it("the held-units limit (trigger order_items_held_limit) reads the customer's unpaid orders through indexes", async () => {
    const trigger = await env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'order_items_held_limit'",
    ).first<string>('sql');
    const held = /\(\s*(SELECT sum\(i\.quantity\)[\s\S]*?)\)\s*>/.exec(trigger ?? '')?.[1];
    expect(held).toBeDefined();
    const statement = {
      sql: (held as string).replaceAll('new.order_id', '?1').replaceAll('new.variant_id', '?2'),
      params: ['o1', 'v1'],
    };
    expect(await fullScans(statement)).toEqual([]);
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .bind(...statement.params)
      .all<{ detail: string }>();
    const detail = plan.results.map((row) => row.detail).join('\n');
    expect(detail).toContain('orders_pending_user');
    // Each order's lines by the order (migration 0033), never every line of the size.
    expect(detail).toContain('order_items_order');
  });

  it("a sample's restock (trigger back_in_stock_due_on_sample_restock, migration 0065) reaches its sets' asks through indexes", async () => {
    const trigger = await env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'back_in_stock_due_on_sample_restock'",
    ).first<string>('sql');
    const update = /BEGIN\s*([\s\S]*?);\s*END/.exec(trigger ?? '')?.[1];
    expect(update).toBeDefined();
    const statement = { sql: (update as string).replaceAll('NEW.id', '?1'), params: ['v1'] };
    expect(await fullScans(statement)).toEqual([]);
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .bind(...statement.params)
      .all<{ detail: string }>();
    const detail = plan.results.map((row) => row.detail).join('\n');
    // The sets the sample is in by the sample, their asks by the set: no scan of either table.
    expect(detail).toContain('variant_components_component');
    expect(detail).toContain('back_in_stock_variant_email');
  });

  it("a set's composing (markAsksDue, decision 061) reaches the set's asks and samples through indexes", async () => {
    const { sql, params } = markAsksDue(getDb(env.DB), 'v1').toSQL();
    expect(await scansOf({ sql, params }, [...GROWING, 'variant_components'])).toEqual([]);
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join('\n')).toContain('back_in_stock_variant_email');
  });

  it("the network's held-units limit (trigger order_items_held_network, migration 0033) walks the network's unpaid orders through indexes", async () => {
    const trigger = await env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'order_items_held_network'",
    ).first<string>('sql');
    const held = /\(\s*(SELECT sum\(i\.quantity\)[\s\S]*?)\)\s*>/.exec(trigger ?? '')?.[1];
    expect(held).toBeDefined();
    const statement = {
      sql: (held as string).replaceAll('new.order_id', '?1').replaceAll('new.variant_id', '?2'),
      params: ['o1', 'v1'],
    };
    expect(await fullScans(statement)).toEqual([]);
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .bind(...statement.params)
      .all<{ detail: string }>();
    const detail = plan.results.map((row) => row.detail).join('\n');
    expect(detail).toContain('orders_unpaid_client');
    expect(detail).toContain('order_items_order');
  });

  it('the guard of the unpaid-order limits counts through indexes (migration 0022)', async () => {
    const guard = [
      "SELECT count(*) FROM orders WHERE user_id = 'u' AND status = 'pending'",
      "SELECT count(*) FROM orders WHERE client_ip = '203.0.113.7' AND status = 'pending'",
      "SELECT count(*) FROM orders WHERE user_id = 'u' AND created_at > '2026-03-01T10:00:00.000Z'",
    ];
    for (const sql of guard) expect(await fullScans({ sql, params: [] })).toEqual([]);
  });

  it('the Cron expiry finds overdue unpaid orders through indexes', async () => {
    const log: Recorded[] = [];
    await expireOverdueOrders({ ...env, DB: recording(env.DB, log) }, new Date());
    expect(log.length).toBeGreaterThan(0);
    expect((await Promise.all(log.map(fullScans))).flat()).toEqual([]);
  });

  it('the Cron finds unpaid orders to remind through an index', async () => {
    const log: Recorded[] = [];
    await remindUnpaidOrders({ ...env, DB: recording(env.DB, log) }, new Date());
    expect(log.length).toBeGreaterThan(0);
    expect((await Promise.all(log.map(fullScans))).flat()).toEqual([]);
    const [search] = log;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${search?.sql}`)
      .bind(...(search?.params ?? []))
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join('\n')).toContain('orders_payment_reminder');
  });

  it('the Cron finds shipped orders nobody confirmed through an index (migration 0028)', async () => {
    const log: Recorded[] = [];
    await closeShippedOrders({ ...env, DB: recording(env.DB, log) }, new Date());
    expect(log.length).toBeGreaterThan(0);
    expect((await Promise.all(log.map(fullScans))).flat()).toEqual([]);
  });

  it("a delivery reads the 'Kredit Sampel' it makes usable through the credits' unique index (decision 061 part B)", async () => {
    const customer = await createUser();
    const { id, statements } = orderRows(customer, await insertProducts([35_000]), 'shipped');
    await env.DB.batch([
      ...statements,
      env.DB.prepare("UPDATE orders SET updated_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(id),
      env.DB.prepare(
        "INSERT INTO sample_credits (id, user_id, source_order_id, source_name, product_ids, amount, valid_days, created_at) VALUES ('sc1', ?, ?, 'Melati 2 ml', '[]', 35000, 30, '2026-01-01T00:00:00.000Z')",
      ).bind(customer.id, id),
    ]);
    const log: Recorded[] = [];
    expect(await closeShippedOrders({ ...env, DB: recording(env.DB, log) }, new Date())).toBe(1);
    const reads = log.filter((statement) => /from "sample_credits"/i.test(statement.sql));
    expect(reads.length).toBeGreaterThan(0);
    expect((await Promise.all(reads.map((read) => scansOf(read, ['sample_credits'])))).flat()).toEqual([]);
  });

  it('the Cron finds gateway attempts to ask about through an index', async () => {
    const log: Recorded[] = [];
    await pollGatewayAttempts({ ...env, DB: recording(env.DB, log) }, new Date());
    expect(log.length).toBeGreaterThan(0);
    expect((await Promise.all(log.map(fullScans))).flat()).toEqual([]);
  });

  it("the Cron finds open shipments to ask about, and a courier's webhook its shipment, through indexes", async () => {
    // The aggregator on, its network never reached: no shipment is due, no webhook names a known one.
    const log: Recorded[] = [];
    const bindings = { ...env, BITESHIP_API_KEY: 'biteship_test.rencana', DB: recording(env.DB, log) };
    await pollShipments(bindings, new Date());
    const ctx = createExecutionContext();
    const res = await app.fetch(
      shopRequest('/api/shipping/biteship/webhook', {
        method: 'POST',
        json: { event: 'order.status', order_id: '5dd6da88f43bd430ecd5aa2e', status: 'picked' },
      }),
      bindings,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(log.length).toBeGreaterThan(1);
    expect((await Promise.all(log.map(fullScans))).flat()).toEqual([]);
    const plans = await Promise.all(
      log.map((statement) =>
        env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
          .bind(...statement.params)
          .all<{ detail: string }>(),
      ),
    );
    const details = plans.flatMap((plan) => plan.results.map((row) => row.detail)).join('\n');
    expect(details).toContain('shipments_check');
    expect(details).toContain('shipments_provider_order');
  });

  it('the Cron cleanup deletes through indexes', async () => {
    const log: Recorded[] = [];
    await cleanupTables(recording(env.DB, log), new Date());
    expect(log.length).toBeGreaterThan(0);
    const found = (await Promise.all(log.map(fullScans))).flat();
    expect(found).toEqual([]);
  });

  it('courier quotes are found through indexes: the cache by its key, the order by the quote id', async () => {
    await saveCourierSettings();
    mockRates((asked) => Response.json(ratesAnswer(asked)));
    const [product] = await insertProducts([150_000]);
    const items = [{ productId: product?.id, variantId: product?.variantId, quantity: 1 }];
    const log: Recorded[] = [];
    const viaCourier = async (path: string, init: CallInit) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(
        shopRequest(path, init),
        { ...courierEnv, DB: recording(env.DB, log) },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return res;
    };
    const quote = { districtCode: CUSTOMER.districtCode, postalCode: CUSTOMER.postalCode, items };
    const { quoteId } = await (
      await viaCourier('/api/shipping/quote', { method: 'POST', json: quote })
    ).json<ShippingQuote>();
    await viaCourier('/api/shipping/quote', { method: 'POST', json: quote });
    const { cookie } = await createUser();
    await viaCourier('/api/orders', {
      method: 'POST',
      cookie,
      json: {
        items,
        customer: CUSTOMER,
        shippingServiceId: 'jne:reg',
        shippingQuoteId: quoteId,
        paymentChannel: 'bank_transfer',
      },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const quotes = log.filter((statement) => statement.sql.includes('"shipping_quotes"'));
    expect(quotes.length).toBeGreaterThanOrEqual(3);
    expect((await Promise.all(quotes.map(fullScans))).flat()).toEqual([]);
    vi.restoreAllMocks();
  });

  it("reviews' reads and writes (services/reviews.ts, issue 41) reach their rows through indexes", async () => {
    const { admin, customer, product } = await seed();
    const voter = await createUser('customer');
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status) VALUES ('0a1b2c3d-0000-4000-8000-00000000000d', ?, 'Siti', 's@contoh.id', 'Jakarta', 1000, 'delivered')",
      ).bind(customer.id),
      env.DB.prepare(
        "INSERT INTO order_items (id, order_id, product_id, product_name, product_price, quantity, subtotal) VALUES ('oi1', '0a1b2c3d-0000-4000-8000-00000000000d', ?, 'Parfum', 1000, 1, 1000)",
      ).bind(product),
      env.DB.prepare(
        "INSERT INTO review_photos (image_key, user_id) VALUES ('11111111-1111-4111-8111-111111111111.png', ?)",
      ).bind(customer.id),
    ]);
    const found: string[] = [];
    const check = async (path: string, cookie?: string, init: RequestInit & { json?: unknown } = {}) => {
      const label = init.method ? `${init.method} ${path}` : path;
      for (const statement of await statementsOf(path, cookie, init)) {
        for (const scan of await fullScans(statement)) found.push(`${label}: ${scan} in ${statement.sql}`);
      }
    };
    const review = {
      rating: 5,
      body: 'Wanginya lembut dan tahan seharian.',
      photos: ['11111111-1111-4111-8111-111111111111.png'],
      wearTest: { hours: 8, projection: 'sedang', occasions: ['kantor'], heat: true },
    };
    await check(`/api/products/${product}/reviews/mine`, customer.cookie);
    await check(`/api/products/${product}/reviews`, customer.cookie, { method: 'POST', json: review });
    const id = await env.DB.prepare('SELECT id FROM reviews').first<string>('id');
    await check(`/api/reviews/${id}`, customer.cookie, { method: 'PUT', json: { ...review, photos: [] } });
    await check('/api/admin/reviews', admin.cookie);
    await check('/api/admin/reviews?page=2', admin.cookie);
    await check(
      `/api/admin/reviews?status=published&after=${encodeURIComponent('2026-03-01T10:00:00.000Z~1')}`,
      admin.cookie,
    );
    await check(`/api/admin/reviews/${id}/publish`, admin.cookie, { method: 'POST' });
    await check(`/api/admin/reviews/${id}/reply`, admin.cookie, {
      method: 'PUT',
      json: { reply: 'Terima kasih!' },
    });
    await check(`/api/reviews/${id}/helpful`, voter.cookie, { method: 'POST' });
    await check(`/api/products/${product}/reviews`);
    await check(`/api/products/${product}/reviews?sort=helpful&page=2`);
    await check(
      `/api/products/${product}/reviews?after=${encodeURIComponent(`2026-03-01T10:00:00.000Z~${id}`)}`,
    );
    await check(`/api/products/${product}/reviews?sort=helpful&after=${encodeURIComponent(`3~${id}`)}`);
    await check(`/api/admin/reviews/${id}/hide`, admin.cookie, { method: 'POST', json: { reason: 'Iklan' } });
    // A review link's photo (decision 047): its count per customer and product, and the insert guarded by it.
    const linkForm = new FormData();
    linkForm.append(
      'token',
      await signReviewLinkToken({ userId: voter.id, productId: product }, env.JWT_SECRET),
    );
    linkForm.append(
      'file',
      new File([new Uint8Array(imageFixtures.png.bytes)], 'foto', { type: 'image/png' }),
    );
    await env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, product_name, product_price, quantity, subtotal) SELECT 'oi2', id, ?, 'Parfum', 1000, 1, 1000 FROM orders WHERE id = '0a1b2c3d-0000-4000-8000-00000000000d'",
    )
      .bind(product)
      .run();
    await env.DB.prepare("UPDATE orders SET user_id = ? WHERE id = '0a1b2c3d-0000-4000-8000-00000000000d'")
      .bind(voter.id)
      .run();
    await check('/api/reviews/link/photos', undefined, { method: 'POST', body: linkForm });
    expect(found).toEqual([]);
  });

  it("the home's testimonials (GET /api/reviews/best) walk reviews_best to the third row", async () => {
    await seed();
    const plans: string[] = [];
    for (const statement of await statementsOf('/api/reviews/best')) {
      if (!/\bFROM reviews\b/i.test(statement.sql)) continue;
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .bind(...statement.params)
        .all<{ detail: string }>();
      plans.push(...plan.results.map((row) => row.detail));
    }
    expect(plans[0]).toMatch(/^SCAN reviews USING INDEX reviews_best$/);
    expect(plans.join('\n')).not.toMatch(/TEMP B-TREE/);
  });

  it("the cards' rating (issue 41) is read by product_review_stats' key, once per product answered", async () => {
    const { product } = await seed();
    await env.DB.prepare(
      'INSERT INTO product_review_stats (product_id, review_count, rating_total) VALUES (?, 2, 9)',
    )
      .bind(product)
      .run();
    const reads: string[] = [];
    const paths = [
      '/api/products?limit=3',
      '/api/products?sort=price-asc&min=100000',
      `/api/products?sort=best-selling&after=${encodeURIComponent('3~x')}`,
      '/api/products?q=parfum',
      '/api/products?q=parfum&sort=price-desc',
      `/api/products/${product}`,
      `/api/products/${product}/related`,
      `/api/products/by-ids?ids=${product}`,
      '/api/collections/unggulan',
      '/api/scent-finder?notes=melati&gender=pria',
    ];
    for (const path of paths) {
      for (const statement of await statementsOf(path)) {
        if (!statement.sql.includes('product_review_stats')) continue;
        const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
          .bind(...statement.params)
          .all<{ detail: string }>();
        reads.push(
          ...plan.results
            .map((row) => row.detail)
            .filter((detail) => detail.includes('product_review_stats'))
            .map((detail) => `${path}: ${detail}`),
        );
      }
    }
    expect(reads).toHaveLength(paths.length);
    for (const read of reads) {
      expect(read).toMatch(
        /: SEARCH product_review_stats USING INDEX sqlite_autoindex_product_review_stats_1 \(product_id=\?\)/,
      );
    }
  });

  it("favourites' reads and writes and the BPOM reminder (issue 41, decision 043) reach their rows through indexes", async () => {
    const { admin, customer, product } = await seed();
    const found: string[] = [];
    const record = async (label: string, log: Recorded[]) => {
      for (const statement of log) {
        for (const scan of await fullScans(statement)) found.push(`${label}: ${scan} in ${statement.sql}`);
      }
    };
    const check = async (path: string, cookie?: string, init: RequestInit & { json?: unknown } = {}) =>
      record(init.method ? `${init.method} ${path}` : path, await statementsOf(path, cookie, init));
    await check(`/api/favorites/${product}`, customer.cookie, { method: 'PUT' });
    await check('/api/favorites/merge', customer.cookie, {
      method: 'POST',
      json: { productIds: [product, 'x'] },
    });
    await check('/api/favorites?page=2', customer.cookie);
    await check(`/api/favorites/${product}`, customer.cookie, { method: 'DELETE' });
    await env.DB.prepare(
      "INSERT INTO product_trust_marks (product_id, bpom_number, bpom_valid_until) VALUES (?, 'NA18201200456', '2026-01-01')",
    )
      .bind(product)
      .run();
    await check(`/api/products/${product}`);
    await check(`/api/admin/products/${product}`, admin.cookie);
    const log: Recorded[] = [];
    expect(await remindExpiringNotifications({ ...env, DB: recording(env.DB, log) }, new Date())).toBe(1);
    await record('the BPOM reminder', log);
    expect(found).toEqual([]);
  });

  it("'Kabari Saya' (migration 0038): the ask, the Cron's run and the unsubscribe reach their rows through indexes", async () => {
    const { customer, product, variant } = await seed();
    await env.DB.prepare('UPDATE product_variants SET stock = 0 WHERE id = ?').bind(variant).run();
    const found: string[] = [];
    const check = async (label: string, statements: Recorded[]) => {
      expect(statements.length, label).toBeGreaterThan(0);
      for (const statement of statements) {
        for (const scan of await fullScans(statement)) found.push(`${label}: ${scan} in ${statement.sql}`);
      }
    };
    const notify = `/api/products/${product}/notify`;
    await check(
      'guest',
      await statementsOf(notify, undefined, {
        method: 'POST',
        json: { variantId: variant, email: 'ani@contoh.id' },
      }),
    );
    await check(
      'again',
      await statementsOf(notify, undefined, {
        method: 'POST',
        json: { variantId: variant, email: 'ani@contoh.id' },
      }),
    );
    await check(
      'customer',
      await statementsOf(notify, customer.cookie, { method: 'POST', json: { variantId: variant } }),
    );
    await env.DB.prepare('UPDATE product_variants SET stock = 3 WHERE id = ?').bind(variant).run();
    const log: Recorded[] = [];
    expect(await sendBackInStock({ ...env, DB: recording(env.DB, log) }, 1)).toBe(1);
    await check('cron', log);
    const [read] = log;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${read?.sql}`)
      .bind(...(read?.params ?? []))
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join('\n')).toContain('back_in_stock_due');
    const link = await env.DB.prepare('SELECT unsubscribe_url FROM email_outbox').first<string>(
      'unsubscribe_url',
    );
    // The link's page only asks (decision 048); its POST (or the mail program's one-click) writes.
    await check(
      'unsubscribe',
      await statementsOf((link as string).replace('https://shop.test', ''), undefined, { method: 'POST' }),
    );
    expect(found).toEqual([]);
  });

  it("the Cron's review requests (decision 047) find delivered orders through order_events_delivered", async () => {
    const { customer, product } = await seed();
    const order = '0a1b2c3f-0000-4000-8000-000000000000';
    const DAY = 24 * 3_600_000;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status) VALUES (?, ?, 'Siti', 's@contoh.id', 'Jakarta', 150000, 'delivered')",
      ).bind(order, customer.id),
      env.DB.prepare(
        "INSERT INTO order_items (id, order_id, product_id, product_name, product_price, quantity, subtotal) VALUES ('oi-r', ?, ?, 'Melati', 150000, 1, 150000)",
      ).bind(order, product),
      env.DB.prepare(
        "INSERT INTO order_events (id, order_id, type, status, actor, created_at) VALUES ('ev-r', ?, 'delivered', 'delivered', 'system', ?)",
      ).bind(order, new Date(Date.now() - 4 * DAY).toISOString()),
    ]);
    const log: Recorded[] = [];
    expect(await sendReviewRequests({ ...env, DB: recording(env.DB, log) })).toBe(1);
    expect((await Promise.all(log.map(fullScans))).flat()).toEqual([]);
    const [read] = log;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${read?.sql}`)
      .bind(...(read?.params ?? []))
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join('\n')).toContain('order_events_delivered');
  });

  it("saved carts (decision 050): the cart's reads and writes, the consent and the Cron's reminder reach their rows through indexes", async () => {
    const { customer, variant } = await seed();
    const found: string[] = [];
    const check = async (label: string, statements: Recorded[]) => {
      expect(statements.length, label).toBeGreaterThan(0);
      for (const statement of statements) {
        for (const scan of await fullScans(statement)) found.push(`${label}: ${scan} in ${statement.sql}`);
      }
    };
    const lines = [{ variantId: variant, quantity: 1 }];
    await check('put', await statementsOf('/api/cart', customer.cookie, { method: 'PUT', json: { lines } }));
    await check(
      'merge',
      await statementsOf('/api/cart/merge', customer.cookie, { method: 'POST', json: { lines } }),
    );
    await check('read', await statementsOf('/api/cart', customer.cookie));
    await check(
      'consent',
      await statementsOf('/api/marketing/consent', customer.cookie, {
        method: 'PUT',
        json: { consent: true },
      }),
    );
    const log: Recorded[] = [];
    expect(
      await remindSavedCarts({ ...env, DB: recording(env.DB, log) }, new Date(Date.now() + 5 * 3_600_000)),
    ).toBe(1);
    await check('cron', log);
    const [read] = log;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${read?.sql}`)
      .bind(...(read?.params ?? []))
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join('\n')).toContain('saved_carts_due');
    expect(found).toEqual([]);
  });

  it("vouchers' check, an order with one, its cancel and the admin's reads (issue 40) reach their rows through indexes", async () => {
    const { admin } = await seed();
    // A new shopper: the seeded customer is past the limits on unpaid orders.
    const customer = await createUser('customer');
    const [bottle] = await insertProducts([200_000]);
    const items = [{ productId: bottle?.id, variantId: bottle?.variantId, quantity: 1 }];
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO vouchers (id, code, kind, value, per_customer_limit, usage_limit, collection_ids, created_at, updated_at) VALUES ('v1', 'HEMAT', 'percent', 10, 5, 100, '[\"c1\"]', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      ),
      env.DB.prepare("INSERT INTO collection_products (collection_id, product_id) VALUES ('c1', ?)").bind(
        bottle?.id,
      ),
    ]);
    const found: string[] = [];
    const check = async (path: string, cookie?: string, init: RequestInit & { json?: unknown } = {}) => {
      for (const statement of await statementsOf(path, cookie, init)) {
        for (const scan of await fullScans(statement)) found.push(`${path}: ${scan} in ${statement.sql}`);
      }
    };
    await check('/api/vouchers/check', customer.cookie, {
      method: 'POST',
      json: { voucherCode: 'hemat', items },
    });
    await check('/api/orders', customer.cookie, {
      method: 'POST',
      json: {
        items,
        customer: CUSTOMER,
        shippingServiceId: REGULER.id,
        paymentChannel: 'bank_transfer',
        voucherCode: 'HEMAT',
      },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const order = await env.DB.prepare("SELECT id FROM orders WHERE voucher_code = 'HEMAT'").first<string>(
      'id',
    );
    await check(`/api/orders/${order}/cancel`, customer.cookie, { method: 'POST', json: {} });
    await check('/api/admin/vouchers/v1', admin.cookie);
    await check('/api/admin/vouchers', admin.cookie);
    expect(found).toEqual([]);
  });

  it("the audit trail's list (decision 054) reaches its rows through an index for each filter and cursor", async () => {
    const { admin } = await seed();
    const found: string[] = [];
    const cursor = encodeURIComponent('2026-11-29T00:00:00.000Z~5');
    for (const query of [
      '',
      `?userId=${admin.id}`,
      '?entityType=product',
      '?entityType=product&entityId=p1',
      '?entityId=p1',
      '?from=2026-11-01&to=2026-11-30',
      `?userId=${admin.id}&from=2026-11-01`,
      `?after=${cursor}`,
      `?entityType=order&before=${cursor}`,
    ]) {
      const path = `/api/admin/audit${query}`;
      for (const statement of await statementsOf(path, admin.cookie)) {
        for (const scan of await fullScans(statement)) found.push(`${path}: ${scan} in ${statement.sql}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the sales analytics (decision 055) read the period's days through sales_daily's key, and its triggers reach their rows through indexes", async () => {
    const { admin } = await seed();
    const found: string[] = [];
    for (const path of [
      '/api/admin/analytics?from=2026-03-01&to=2026-03-31',
      '/api/admin/analytics?from=2025-04-01&to=2026-03-31&granularity=month',
    ]) {
      for (const statement of await statementsOf(path, admin.cookie)) {
        for (const scan of await fullScans(statement)) found.push(`${path}: ${scan} in ${statement.sql}`);
        if (!statement.sql.includes('sales_daily')) continue;
        const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
          .bind(...statement.params)
          .all<{ detail: string }>();
        expect(plan.results.map((row) => row.detail).join('\n')).toMatch(
          /SEARCH sales_daily USING PRIMARY KEY/,
        );
      }
    }
    // What the triggers of migration 0052 look up for each paid order (EXPLAIN cannot see inside a trigger).
    const lookups = [
      "SELECT 1 FROM sales_orders WHERE user_id = 'u'",
      "SELECT coalesce(channel, method) FROM payments WHERE order_id = 'o' ORDER BY created_at DESC LIMIT 1",
      "SELECT i.quantity FROM order_items i WHERE i.order_id = 'o'",
      "SELECT c.id FROM order_items i JOIN collection_products cp ON cp.product_id = i.product_id JOIN collections c ON c.id = cp.collection_id WHERE i.order_id = 'o'",
      "SELECT day FROM sales_orders s WHERE s.order_id = 'o'",
    ];
    for (const sql of lookups) found.push(...(await fullScans({ sql, params: [] })));
    expect(found).toEqual([]);
  });

  it("a preset period's product and size breakdowns read the snapshot's top rows and the last day's keys by index; the Cron builds them from a range of sales_daily (migration 0059)", async () => {
    const { admin } = await seed();
    const built: Recorded[] = [];
    const now = new Date('2026-03-31T03:00:00.000Z');
    while (await refreshAnalyticsSnapshots(recording(env.DB, built), now));
    const found: string[] = [];
    for (const statement of built) found.push(...(await fullScans(statement)));
    const build = built.find((statement) => statement.sql.includes('INSERT INTO analytics_snapshot_rows'));
    const plan = async (statement: Recorded) =>
      (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
          .bind(...statement.params)
          .all<{ detail: string }>()
      ).results
        .map((row) => row.detail)
        .join('\n');
    expect(await plan(build as Recorded)).toMatch(/SEARCH sales_daily USING PRIMARY KEY/);
    for (const path of [
      '/api/admin/analytics?from=2026-03-25&to=2026-03-31',
      '/api/admin/analytics?from=2025-04-01&to=2026-03-31&granularity=month',
    ]) {
      const statements = await statementsOf(path, admin.cookie);
      const merged = statements.filter((statement) => statement.sql.includes('analytics_snapshot_rows'));
      expect(merged, path).toHaveLength(2);
      for (const statement of statements) {
        for (const scan of await fullScans(statement)) found.push(`${path}: ${scan} in ${statement.sql}`);
      }
      for (const statement of merged) {
        expect(await plan(statement)).toMatch(
          /SEARCH analytics_snapshot_rows USING INDEX analytics_snapshot_rows_top/,
        );
      }
    }
    // What the triggers of migration 0059 look up for a change to a past day (EXPLAIN cannot see inside a trigger).
    const lookup = {
      sql: "SELECT s.days FROM analytics_snapshots s WHERE s.dimension = 'product' AND '2026-03-20' BETWEEN s.first_day AND s.last_day",
      params: [],
    };
    found.push(...(await scansOf(lookup, ['analytics_snapshots'])));
    expect(found).toEqual([]);
  });

  it("customers and stock alerts (decision 059): the list, its search and pages, a customer's page, the erasure, the alert and the daily summary reach their rows through indexes", async () => {
    const { admin, customer } = await seed();
    // The accounts grow with the shop too; the alert and the summary name a sample's sets.
    const tables = [
      ...GROWING,
      'profiles',
      'users',
      'customer_addresses',
      'stock_alerts',
      'variant_components',
    ];
    const found: string[] = [];
    const check = async (label: string, statements: Recorded[]) => {
      expect(statements.length, label).toBeGreaterThan(0);
      for (const statement of statements) {
        for (const scan of await scansOf(statement, tables))
          found.push(`${label}: ${scan} in ${statement.sql}`);
      }
    };
    const cursor = encodeURIComponent(`2026-03-01T10:00:00.000Z~${customer.id}`);
    for (const path of [
      '/api/admin/customers',
      '/api/admin/customers?page=2',
      '/api/admin/customers?q=siti',
      '/api/admin/customers?q=siti&page=2',
      `/api/admin/customers?after=${cursor}`,
      `/api/admin/customers?q=pengguna&before=${cursor}`,
      `/api/admin/customers/${customer.id}`,
      `/api/admin/customers/${customer.id}/orders?page=2`,
    ]) {
      await check(path, await statementsOf(path, admin.cookie));
    }
    // An order that takes a counted size to the threshold: the alert's steps in its batch.
    const [low] = await insertProducts([80_000], 6);
    await check(
      'order with a low-stock alert',
      await statementsOf('/api/orders', (await createUser('customer')).cookie, {
        method: 'POST',
        headers: { 'idempotency-key': 'rencana-kueri-stok' },
        json: {
          items: [{ productId: low?.id, variantId: low?.variantId, quantity: 2 }],
          customer: CUSTOMER,
          shippingServiceId: REGULER.id,
          paymentChannel: 'bank_transfer',
        },
      }),
    );
    expect(await env.DB.prepare('SELECT count(*) AS n FROM stock_alerts').first('n')).toBe(1);
    const log: Recorded[] = [];
    expect(
      await sendStockSummary({ ...env, DB: recording(env.DB, log) }, new Date('2026-11-30T00:05:00.000Z')),
    ).toBe(1);
    await check('daily summary', log);
    await check(
      'erase',
      await statementsOf(`/api/admin/customers/${customer.id}/erase`, admin.cookie, {
        method: 'POST',
        json: { confirm: true },
      }),
    );
    expect(found).toEqual([]);
  }, 60_000);

  it("Kredit Sampel (decision 061 part B): checkout's usable credits, the account's list and the orders' credit_earned reach their rows through their indexes", async () => {
    const customer = await createUser('customer');
    const [bottle] = await insertProducts([200_000]);
    const source = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status) VALUES (?, ?, 'Siti', 's@contoh.id', 'Jakarta', 1000, 'delivered')",
      ).bind(source, customer.id),
      env.DB.prepare(
        "INSERT INTO sample_credits (id, user_id, source_order_id, source_name, product_ids, amount, valid_days, status, expires_at, created_at) VALUES (?, ?, ?, 'Uji 2 ml', ?, 20000, 30, 'available', '2099-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      ).bind(crypto.randomUUID(), customer.id, source, JSON.stringify([bottle?.id])),
    ]);
    const items = [{ productId: bottle?.id, variantId: bottle?.variantId, quantity: 1 }];
    const plans: string[] = [];
    const found: string[] = [];
    const check = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
      for (const statement of await statementsOf(path, customer.cookie, init)) {
        for (const scan of await fullScans(statement)) found.push(`${path}: ${scan} in ${statement.sql}`);
        if (!statement.sql.includes('sample_credit')) continue;
        const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
          .bind(...statement.params)
          .all<{ detail: string }>();
        plans.push(...plan.results.map((row) => row.detail));
      }
    };
    await check('/api/sample-credits/preview', { method: 'POST', json: { items } });
    await check('/api/orders', {
      method: 'POST',
      json: { items, customer: CUSTOMER, shippingServiceId: REGULER.id, paymentChannel: 'bank_transfer' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    await check('/api/sample-credits');
    await check(`/api/orders/${source}`);
    expect(found).toEqual([]);
    expect(plans).toContainEqual(
      expect.stringMatching(
        /^SEARCH sample_credits USING INDEX sample_credits_user \(user_id=\? AND status=\? AND expires_at>\?\)/,
      ),
    );
    expect(plans).toContainEqual(
      expect.stringMatching(/^SEARCH sample_credits USING INDEX sample_credits_user_created \(user_id=\?/),
    );
    expect(plans).toContainEqual(
      expect.stringMatching(
        /^SEARCH sample_credits USING (?:COVERING )?INDEX sqlite_autoindex_sample_credits_\d \(source_order_id=\?\)/,
      ),
    );
  });

  it('every foreign key of a growing table leads an index, so deleting its parent does not scan it', async () => {
    const missing: string[] = [];
    for (const table of GROWING) {
      const keys = await env.DB.prepare(`SELECT "from" AS col FROM pragma_foreign_key_list('${table}')`).all<{
        col: string;
      }>();
      const leading = await env.DB.prepare(
        `SELECT ii.name AS col FROM pragma_index_list('${table}') AS il, pragma_index_info(il.name) AS ii WHERE ii.seqno = 0`,
      ).all<{ col: string }>();
      const indexed = new Set(leading.results.map((row) => row.col));
      for (const { col } of keys.results) if (!indexed.has(col)) missing.push(`${table}.${col}`);
    }
    expect(missing).toEqual([]);
  });
  it('operations (decision 058): incidents, their recipients, failed bookings, the booking sweep and contact replies reach their rows through indexes', async () => {
    const admin = await createUser('admin');
    const log: Recorded[] = [];
    const db = getDb(recording(env.DB, log));
    for (let i = 0; i < 3; i += 1) await recordFailure(db, env, 'courier', new Error('500'));
    await recordSuccess(db, 'courier');
    await sweepBookings({ ...env, DB: recording(env.DB, log) });
    log.push(...(await statementsOf('/api/admin/operations', admin.cookie)));
    const recordId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO customer_service (id, title, description, contact_email) VALUES (?, 'Pesan kontak: Grosir', 'Nama: Budi\nEmail: budi@contoh.id\n\nBisa pesan 50?', 'budi@contoh.id')",
    )
      .bind(recordId)
      .run();
    const thread = `/api/admin/customer-service/${recordId}/replies`;
    log.push(...(await statementsOf(thread, admin.cookie)));
    log.push(...(await statementsOf(thread, admin.cookie, { method: 'POST', json: { body: 'Bisa.' } })));
    const tables = [...GROWING, 'profiles', 'incidents', 'shipment_bookings', 'customer_service_replies'];
    const found = (await Promise.all(log.map((statement) => scansOf(statement, tables)))).flat();
    expect(found).toEqual([]);
  });

  it("the price now (migration 0060, decision 060): the moves' trigger reaches its targets, their sizes and live sales by keys; the Cron reads the crossed sales by their indexes", async () => {
    const trigger = await env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'price_now_moves_apply'",
    ).first<string>('sql');
    const update = /BEGIN\s+(UPDATE products[\s\S]*?\))\s*;\s*DELETE/.exec(trigger ?? '')?.[1];
    expect(update).toBeDefined();
    const sql = (update as string)
      .replaceAll('NEW.product_ids', '?1')
      .replaceAll('NEW.collection_ids', '?2')
      .replaceAll('NEW.variant_ids', '?3');
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind('["p"]', '["c"]', '["v"]')
      .all<{ detail: string }>();
    const steps = plan.results.map((row) => row.detail);
    const detail = steps.join('\n');
    // Aliased tables escape fullScans' names: the plan's own lines. JSON lists are walked whole
    // (json_each); of the tables, only the arm of a sale on the whole catalogue reads every
    // product (p), and a move with targets skips it (its condition holds no column).
    expect(
      steps
        .filter((step) => /^SCAN /.test(step) && !/^SCAN (t|json_each) VIRTUAL TABLE/.test(step))
        .map((step) => step.split(' USING ')[0]),
      detail,
    ).toEqual(['SCAN p']);
    expect(detail).toContain('SEARCH pv USING INDEX');
    expect(detail).toContain('SEARCH s USING INDEX sales_ends (ends_at>?)');
    expect(detail).toContain('SEARCH cp USING');
    expect(detail).toContain('SEARCH products USING COVERING INDEX sqlite_autoindex_products_1 (id=?)');

    const log: Recorded[] = [];
    await moveCacheAtSaleBoundaries({ ...env, DB: recording(env.DB, log) }, new Date());
    expect(log.length).toBeGreaterThan(0);
    expect((await Promise.all(log.map(fullScans))).flat()).toEqual([]);
    for (const statement of log) {
      const cron = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .bind(...statement.params)
        .all<{ detail: string }>();
      const lines = cron.results.map((row) => row.detail);
      expect(
        lines.filter((line) => /^SCAN sales/.test(line)),
        lines.join('\n'),
      ).toEqual([]);
    }
  });
});
