import { env } from 'cloudflare:test';
import type { OrderStatus } from '@gi/contracts';
import { formatDateTime } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from '../../test/helpers.ts';
import { insertProducts, orderRows, queuedEmails } from '../../test/order-fixtures.ts';

// 'Kredit Sampel' in the delivered and cancelled mails (decision 061 part B): the delivery names
// the credits it made usable and until when, as the trigger sample_credits_activate set them; a
// cancel names the credit its trigger gave back. Credits are written straight into D1 here
// (checkout earns and uses them, tested on its own). In workerd against real D1.

const LATER = '2099-01-01T00:00:00.000Z';

/** An order of one product by `customer` in `status`, straight into D1. */
async function orderIn(customer: TestUser, status: OrderStatus): Promise<string> {
  const { id, statements } = orderRows(customer, await insertProducts([35_000]), status);
  await env.DB.batch(statements);
  return id;
}

/** A credit of `amount` earned by `orderId`'s line (pending), or usable until LATER. */
async function credit(
  customer: TestUser,
  orderId: string,
  amount: number,
  status: 'pending' | 'available' | 'void' = 'pending',
): Promise<string> {
  const id = crypto.randomUUID();
  const available = status === 'available';
  await env.DB.prepare(
    "INSERT INTO sample_credits (id, user_id, source_order_id, source_variant_id, source_name, product_ids, amount, valid_days, status, available_at, expires_at, created_at) VALUES (?, ?, ?, NULL, 'Melati 2 ml', '[]', ?, 30, ?, ?, ?, '2026-03-01T00:00:00.000Z')",
  )
    .bind(
      id,
      customer.id,
      orderId,
      amount,
      status,
      available ? '2026-03-02T00:00:00.000Z' : null,
      available ? LATER : null,
    )
    .run();
  return id;
}

const creditsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      'SELECT status, expires_at FROM sample_credits WHERE source_order_id = ? ORDER BY amount',
    )
      .bind(orderId)
      .all<{ status: string; expires_at: string | null }>()
  ).results;

const setStatus = (admin: TestUser, orderId: string, status: string) =>
  call(`/api/admin/orders/${orderId}/status`, { method: 'PATCH', cookie: admin.cookie, json: { status } });

describe("the delivered mail's 'Kredit Sampel'", () => {
  it('sums the credits the delivery made usable, with the end the trigger gave them; void ones are left out', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const orderId = await orderIn(customer, 'shipped');
    await credit(customer, orderId, 35_000);
    await credit(customer, orderId, 120_000);
    await credit(customer, orderId, 999_000, 'void');
    const res = await setStatus(admin, orderId, 'delivered');
    expect(res.status, await res.clone().text()).toBe(200);

    const [first, second, voided] = await creditsOf(orderId);
    expect([first?.status, second?.status, voided?.status]).toEqual(['available', 'available', 'void']);
    const [mail] = await queuedEmails('order-delivered');
    expect(mail?.body).toContain(
      `Kredit Sampel Rp 155.000 untuk botol penuh aroma yang sama kini aktif sampai ${formatDateTime(first?.expires_at as string)} WIB; dipakai otomatis saat checkout.`,
    );
    // 30 days from the delivery, as sample_credits_activate computed it.
    const delivered = await env.DB.prepare('SELECT updated_at FROM orders WHERE id = ?')
      .bind(orderId)
      .first<string>('updated_at');
    expect(first?.expires_at).toBe(new Date(Date.parse(delivered as string) + 30 * 86_400_000).toISOString());
  });

  it('says nothing of a credit when the order earned none', async () => {
    const admin = await createUser('admin');
    const customer = await createUser();
    const orderId = await orderIn(customer, 'shipped');
    expect((await setStatus(admin, orderId, 'delivered')).status).toBe(200);
    const [mail] = await queuedEmails('order-delivered');
    expect(mail?.body).toContain('telah diterima');
    expect(mail?.body).not.toContain('Kredit Sampel');
  });
});

describe("the cancelled mail's 'Kredit Sampel'", () => {
  it('names the credit the order used, which the cancel gives back', async () => {
    const customer = await createUser();
    const source = await orderIn(customer, 'delivered');
    const creditId = await credit(customer, source, 35_000, 'available');
    const orderId = await orderIn(customer, 'pending');
    await env.DB.batch([
      env.DB.prepare('UPDATE orders SET credit_amount = 35000 WHERE id = ?').bind(orderId),
      env.DB.prepare(
        "INSERT INTO sample_credit_uses (credit_id, order_id, user_id, amount, created_at) VALUES (?, ?, ?, 35000, '2026-03-03T00:00:00.000Z')",
      ).bind(creditId, orderId, customer.id),
    ]);
    const res = await call(`/api/orders/${orderId}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
      json: {},
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [mail] = await queuedEmails('order-cancelled');
    expect(mail?.body).toContain('Kredit Sampel Rp 35.000 dikembalikan ke akun Anda.');
    const uses = await env.DB.prepare('SELECT count(*) AS n FROM sample_credit_uses').first<number>('n');
    expect(uses).toBe(0);
  });

  it('says nothing of a credit when the order used none', async () => {
    const customer = await createUser();
    const orderId = await orderIn(customer, 'pending');
    await call(`/api/orders/${orderId}/cancel`, { method: 'POST', cookie: customer.cookie, json: {} });
    const [mail] = await queuedEmails('order-cancelled');
    expect(mail?.body).toContain('dibatalkan');
    expect(mail?.body).not.toContain('Kredit Sampel');
  });
});
