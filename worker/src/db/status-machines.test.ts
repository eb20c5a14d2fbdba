import { env } from 'cloudflare:test';
import {
  allows,
  type OrderMoveCondition,
  type OrderStatus,
  orderMoves,
  orderStatuses,
  type PaymentMethod,
  type PaymentMoveCondition,
  type PaymentStatus,
  paymentMethods,
  paymentMoves,
  paymentStatuses,
} from '@gi/contracts';
import { beforeEach, expect, it } from 'vitest';

// The D1 triggers that guard a status column against the contracts' status machines
// (packages/contracts/src/status-machines.ts): every (from, to) pair of each machine's states is
// tried on a real row, under each condition a move may need, and D1 must allow exactly the moves
// the machine lists and refuse the others with the trigger's own message.

interface Trigger {
  name: string;
  tbl_name: string;
  sql: string;
}

const USER = '00000000-0000-4000-8000-0000000000aa';

beforeEach(async () => {
  await env.DB.prepare(
    "INSERT INTO users (id, email, password_hash) VALUES (?, 'mesin@contoh.id', 'pbkdf2-sha256$uji')",
  )
    .bind(USER)
    .run();
});

/** The triggers that run before an update of `table`.status (no column list: any update). */
async function statusGuards(table: string): Promise<Trigger[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? ORDER BY name",
  )
    .bind(table)
    .all<Trigger>();
  return results.filter((trigger) => {
    const columns = /\bBEFORE\s+UPDATE\s+(?:OF\s+([\w\s,]+?)\s+)?ON\b/i.exec(trigger.sql);
    return columns && (!columns[1] || columns[1].split(',').some((column) => column.trim() === 'status'));
  });
}

/** The message the named trigger aborts with: what a refused move says. */
const refusalOf = (trigger: Trigger | undefined): string => {
  const message = trigger && /RAISE\s*\(\s*ABORT\s*,\s*'(\w+)'\s*\)/i.exec(trigger.sql)?.[1];
  if (!message) throw new Error(`${trigger?.name ?? 'the transition trigger'} aborts with no message`);
  return message;
};

/** What D1 does with one update: 'allowed', 'refused' by the trigger, or a failure this test did not expect. */
async function outcome(update: D1PreparedStatement, refusal: string): Promise<'allowed' | 'refused'> {
  try {
    await update.run();
    return 'allowed';
  } catch (err) {
    if (err instanceof Error && err.message.includes(refusal)) return 'refused';
    throw err;
  }
}

const insertOrder = (id: string, status: OrderStatus) =>
  // Courier and resi given: 'shipped' needs them (orders_shipped_needs_resi), whatever the move.
  env.DB.prepare(
    "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status, courier, tracking_number) VALUES (?, ?, 'Siti', 'siti@contoh.id', 'Jl. Melati', 100000, ?, 'JNE', 'JNE-1')",
  ).bind(id, USER, status);

const insertPayment = (orderId: string, method: PaymentMethod, status: PaymentStatus) =>
  env.DB.prepare(
    'INSERT INTO payments (id, order_id, method, status, amount) VALUES (?, ?, ?, ?, 100000)',
  ).bind(crypto.randomUUID(), orderId, method, status);

it('the triggers guarding a status are the transition triggers tried below (and none guards a shipment)', async () => {
  expect((await statusGuards('orders')).map((trigger) => trigger.name)).toEqual([
    'orders_shipped_needs_resi',
    'orders_status_transition',
  ]);
  expect((await statusGuards('payments')).map((trigger) => trigger.name)).toEqual([
    'payments_status_transition',
  ]);
  // A shipment moves forward by its rank in the worker's conditional update (shipping/shipments.ts).
  expect(await statusGuards('shipments')).toEqual([]);
});

it("D1 allows exactly the order's moves: every pair of statuses, with and without an open COD attempt", async () => {
  const refusal = refusalOf(
    (await statusGuards('orders')).find((t) => t.name === 'orders_status_transition'),
  );
  // What an order may hold beside its status; only the first makes 'cod_unpaid' hold.
  const contexts: { payment: [PaymentMethod, PaymentStatus] | null; holding: OrderMoveCondition[] }[] = [
    { payment: ['cod', 'pending'], holding: ['cod_unpaid'] },
    { payment: ['cod', 'paid'], holding: [] },
    { payment: ['bank_transfer', 'pending'], holding: [] },
    { payment: null, holding: [] },
  ];
  const disagreements: string[] = [];
  for (const from of orderStatuses) {
    for (const to of orderStatuses) {
      for (const { payment, holding } of contexts) {
        const id = crypto.randomUUID();
        await env.DB.batch([insertOrder(id, from), ...(payment ? [insertPayment(id, ...payment)] : [])]);
        const expected = allows(orderMoves, from, to, holding) ? 'allowed' : 'refused';
        const actual = await outcome(
          env.DB.prepare('UPDATE orders SET status = ? WHERE id = ?').bind(to, id),
          refusal,
        );
        if (actual !== expected) {
          disagreements.push(`${from} → ${to} (payment ${payment?.join(' ') ?? 'none'}): D1 ${actual}`);
        }
      }
    }
  }
  expect(disagreements).toEqual([]);
});

it("D1 allows exactly the payment attempt's moves: every pair of statuses, for each method", async () => {
  const refusal = refusalOf((await statusGuards('payments'))[0]);
  const disagreements: string[] = [];
  for (const method of paymentMethods) {
    const holding: PaymentMoveCondition[] = method === 'bank_transfer' ? [] : ['not_transfer'];
    for (const from of paymentStatuses) {
      for (const to of paymentStatuses) {
        const orderId = crypto.randomUUID();
        const payment = insertPayment(orderId, method, from);
        await env.DB.batch([insertOrder(orderId, 'pending'), payment]);
        const expected = allows(paymentMoves, from, to, holding) ? 'allowed' : 'refused';
        const actual = await outcome(
          env.DB.prepare('UPDATE payments SET status = ? WHERE order_id = ?').bind(to, orderId),
          refusal,
        );
        if (actual !== expected) disagreements.push(`${method} ${from} → ${to}: D1 ${actual}`);
      }
    }
  }
  expect(disagreements).toEqual([]);
});
