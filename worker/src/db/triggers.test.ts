import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { countRows, createUser } from '../../test/helpers.ts';
import { insertProducts } from '../../test/order-fixtures.ts';

// docs/triggers.md lists every trigger the migrations leave, with its table and the messages it
// raises (what the worker reads to answer with an error code): this keeps the table true.

interface Row {
  name: string;
  table: string;
  /** The RAISE(ABORT, …) messages, sorted; none for bookkeeping. */
  raises: string[];
}

const byName = (a: Row, b: Row) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const codes = (text: string) => [...text.matchAll(/`(\w+)`/g)].map((match) => match[1] as string).sort();

/** The table rows of the doc: `| \`name\` | \`table\` | rule | raises | answer |`. */
function documented(doc: string): Row[] {
  return doc
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [name = '', table = '', , raises = ''] = line.slice(1, -1).split(' | ');
      return {
        name: name.trim().replace(/`/g, ''),
        table: table.trim().replace(/`/g, ''),
        raises: codes(raises),
      };
    });
}

it('docs/triggers.md has one row per trigger in sqlite_master, with its table and what it raises', async () => {
  const { results } = await env.DB.prepare(
    "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'",
  ).all<{ name: string; tbl_name: string; sql: string }>();
  const live: Row[] = results.map((trigger) => ({
    name: trigger.name,
    table: trigger.tbl_name,
    raises: [...trigger.sql.matchAll(/RAISE\s*\(\s*ABORT\s*,\s*'(\w+)'\s*\)/gi)]
      .map((match) => match[1] as string)
      .sort(),
  }));
  live.sort(byName);
  const rows = documented(env.TRIGGERS_DOC);
  expect(live.length).toBeGreaterThan(0);
  expect(rows.map((row) => row.name).filter((name, i, names) => names.indexOf(name) !== i)).toEqual([]);
  expect([...rows].sort(byName)).toEqual(live);
});

// Kredit Sampel's triggers (migration 0066, decision 061 part B), on rows written straight to D1.
describe('Kredit Sampel triggers', () => {
  const AT = '2026-11-01T00:00:00.000Z';
  const LATER = '2026-12-01T00:00:00.000Z';

  /** Two customers, orders in the statuses asked, and credits (no source line: many per order). */
  async function setup() {
    const [siti, budi] = [await createUser(), await createUser()];
    const [product] = await insertProducts([25_000]);
    const order = async (userId: string, status: string) => {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        "INSERT INTO orders (id, user_id, customer_name, customer_email, customer_address, total_amount, status, courier, tracking_number) VALUES (?, ?, 'Siti', 'siti@contoh.id', 'Jl. Melati', 25000, ?, 'JNE', 'RESI1')",
      )
        .bind(id, userId, status)
        .run();
      return id;
    };
    const credit = async (
      userId: string,
      sourceOrderId: string,
      status: string,
      expiresAt: string | null,
    ) => {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        "INSERT INTO sample_credits (id, user_id, source_order_id, source_variant_id, source_name, product_ids, amount, valid_days, status, expires_at, created_at) VALUES (?, ?, ?, NULL, 'Melati 2 ml', ?, 25000, 30, ?, ?, ?)",
      )
        .bind(id, userId, sourceOrderId, JSON.stringify([product?.id]), status, expiresAt, AT)
        .run();
      return id;
    };
    const use = (creditId: string, orderId: string, userId: string, amount = 25_000, at = AT) =>
      env.DB.prepare(
        'INSERT INTO sample_credit_uses (credit_id, order_id, user_id, amount, created_at) VALUES (?, ?, ?, ?, ?)',
      )
        .bind(creditId, orderId, userId, amount, at)
        .run();
    const statusOf = async (id: string) =>
      env.DB.prepare('SELECT status, available_at, expires_at FROM sample_credits WHERE id = ?')
        .bind(id)
        .first<{ status: string; available_at: string | null; expires_at: string | null }>();
    return { siti, budi, order, credit, use, statusOf };
  }

  it('sample_credit_uses_guard refuses a pending, void, expired, used or foreign credit, or more than it holds', async () => {
    const { siti, budi, order, credit, use } = await setup();
    const source = await order(siti.id, 'delivered');
    const using = await order(siti.id, 'pending');
    const refused = /sample_credit_taken/;
    await expect(use(await credit(siti.id, source, 'pending', null), using, siti.id)).rejects.toThrow(
      refused,
    );
    await expect(use(await credit(siti.id, source, 'void', null), using, siti.id)).rejects.toThrow(refused);
    const expiring = await credit(siti.id, source, 'available', LATER);
    await expect(use(expiring, using, siti.id, 25_000, LATER)).rejects.toThrow(refused);
    const available = await credit(siti.id, source, 'available', LATER);
    await expect(use(available, await order(budi.id, 'pending'), budi.id)).rejects.toThrow(refused);
    await expect(use(available, using, siti.id, 25_001)).rejects.toThrow(refused);
    await use(available, using, siti.id, 20_000);
    await expect(use(available, await order(siti.id, 'pending'), siti.id, 1)).rejects.toThrow(refused);
    expect(await countRows('sample_credit_uses')).toBe(1);
  });

  it('sample_credits_activate makes the delivered order’s pending credits available for their valid days', async () => {
    const { siti, order, credit, statusOf } = await setup();
    const source = await order(siti.id, 'shipped');
    const pending = await credit(siti.id, source, 'pending', null);
    const voided = await credit(siti.id, source, 'void', null);
    await env.DB.prepare("UPDATE orders SET status = 'delivered', updated_at = ? WHERE id = ?")
      .bind(AT, source)
      .run();
    expect(await statusOf(pending)).toEqual({
      status: 'available',
      available_at: AT,
      expires_at: '2026-12-01T00:00:00.000Z',
    });
    expect(await statusOf(voided)).toEqual({ status: 'void', available_at: null, expires_at: null });
  });

  it('sample_credits_release voids a cancelled source’s pending credits and gives the cancelled user’s credits back', async () => {
    const { siti, order, credit, use, statusOf } = await setup();
    const source = await order(siti.id, 'pending');
    const pending = await credit(siti.id, source, 'pending', null);
    const delivered = await order(siti.id, 'delivered');
    const available = await credit(siti.id, delivered, 'available', LATER);
    const using = await order(siti.id, 'pending');
    await use(available, using, siti.id);
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id IN (?, ?)")
      .bind(source, using)
      .run();
    expect((await statusOf(pending))?.status).toBe('void');
    expect((await statusOf(available))?.status).toBe('available');
    expect(await countRows('sample_credit_uses')).toBe(0);
  });
});
