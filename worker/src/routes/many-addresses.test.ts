import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { OrderDetail } from '@gi/contracts';
import { afterEach, expect, it, vi } from 'vitest';
import { createUser, shopRequest } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import {
  CUSTOMER,
  cart,
  insertProducts,
  queuedEmails,
  savePaymentSettings,
  uploadReceipt,
  withService,
} from '../../test/order-fixtures.ts';
import { fakeTurnstile, turnstileEnv } from '../../test/turnstile-fake.ts';
import app from '../index.ts';

// Issue 38 items 1 and 2, the red team's run: many accounts on many addresses of one IPv6 /64
// place unpaid transfer orders as fast as they can. The end state that matters: a shopper from
// another network still checks out and pays by transfer, and the shop's inbox is not flooded
// (decision 036).

afterEach(() => vi.restoreAllMocks());

async function checkout(cookie: string, ip: string, items: ReturnType<typeof cart>) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    shopRequest('/api/orders', {
      method: 'POST',
      cookie,
      json: withService({ items, customer: CUSTOMER }),
      headers: { 'idempotency-key': crypto.randomUUID(), 'cf-connecting-ip': ip },
    }),
    { ...env, ...turnstileEnv() },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

it('one /64 on many addresses fills no shared pool: an honest shopper elsewhere still pays by transfer, the shop gets a bounded number of new-order mails', async () => {
  const admin = await createUser('owner');
  // The shop's defaults: 3 unpaid orders per account, 20 per network.
  await savePaymentSettings(admin.cookie);
  const turnstile = fakeTurnstile();
  const products = await insertProducts([40_000]);
  const items = cart(products);

  const answers: number[] = [];
  let address = 0;
  for (let n = 0; n < 12; n += 1) {
    const bot = await createUser();
    for (let i = 0; i < 3; i += 1) {
      address += 1;
      // A new address of the same /64 for every request; no bot solves the check.
      const res = await checkout(bot.cookie, `2001:db8:bad:64::${address.toString(16)}`, items);
      answers.push(res.status);
    }
  }
  expect(answers.filter((status) => status === 201)).toHaveLength(20);
  expect(answers.filter((status) => status === 403)).toHaveLength(36 - 20);
  expect(turnstile.spy).not.toHaveBeenCalled();

  // Same product, same amount: the transfer codes of that amount are far from used up.
  const honest = await createUser();
  const res = await checkout(honest.cookie, '2001:db8:600d:1::5', items);
  expect(res.status).toBe(201);
  const order = await res.json<OrderDetail>();
  expect(order.unique_code).toBeGreaterThanOrEqual(1);
  expect(order.total_amount).toBe(order.subtotal_amount + order.shipping_fee + order.unique_code);
  expect(order.payment_instructions?.bank_accounts.length).toBeGreaterThan(0);
  const png = imageFixtures.png;
  expect((await uploadReceipt(honest.cookie, order.id, png.bytes, png.type)).status).toBe(201);

  // One notice per placed order: 20 from the /64, 1 from the shopper.
  expect(await queuedEmails('shop-new-order')).toHaveLength(21);
}, 60_000);
