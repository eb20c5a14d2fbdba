import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { CUSTOMER, cart, insertProducts, postOrder } from '../../test/order-fixtures.ts';

type ErrorBody = { error: { code: string; message: string } };

/** Makes every write to `table` fail inside D1 with `reason`, as an outage or a bug would. */
async function failWrites(table: string, reason: string) {
  for (const event of ['INSERT', 'UPDATE']) {
    await env.DB.exec(
      `CREATE TRIGGER fail_${event.toLowerCase()}_${table} BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, '${reason}'); END`,
    );
  }
}

/** Everything written to the console while `run` runs, as one string. */
async function consoleOutput(run: () => Promise<void>): Promise<string> {
  const lines: unknown[][] = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args);
    });
  }
  await run();
  return lines.map((args) => args.map(String).join(' ')).join('\n');
}

describe('database failures', () => {
  it('registration answers 409 only for a taken email; any other failure is a logged 500', async () => {
    await failWrites('profiles', 'disk penuh');
    const output = await consoleOutput(async () => {
      const res = await call('/api/auth/register', {
        method: 'POST',
        json: {
          name: 'Siti Aminah',
          email: 'siti@contoh.id',
          password: 'rahasia1',
          confirmPassword: 'rahasia1',
        },
      });
      expect(res.status).toBe(500);
      expect((await res.json<ErrorBody>()).error.code).toBe('internal_error');
    });
    expect(output).toContain('"event":"unhandled_error"');
    expect(output).toContain('disk penuh');
    expect(output).not.toContain('siti@contoh.id');
  });

  it('a failed write is logged by its error, never with the values bound to it', async () => {
    const customer = await createUser('customer', 'Budi Santoso');
    await failWrites('profiles', 'disk penuh');
    const name = 'Rahasia Pribadi Nama';
    const output = await consoleOutput(async () => {
      const res = await call('/api/auth/profile', {
        method: 'PATCH',
        cookie: customer.cookie,
        json: { name, email: customer.email },
      });
      expect(res.status).toBe(500);
    });
    expect(output).not.toContain(name);
    expect(output).not.toContain(customer.id);
    // D1's message and the statement, for whoever reads the log.
    expect(output).toContain('"event":"unhandled_error"');
    expect(output).toContain('disk penuh');
    expect(output).toContain('update \\"profiles\\"');
  });

  it('a failed order is logged without the customer it was for', async () => {
    const customer = await createUser();
    const products = await insertProducts([90_000]);
    await failWrites('orders', 'disk penuh');
    const address = 'Jl. Rahasia No. 7, Bandung';
    const output = await consoleOutput(async () => {
      const res = await postOrder(customer.cookie, {
        items: cart(products),
        customer: { ...CUSTOMER, customerAddress: address },
      });
      expect(res.status).toBe(500);
    });
    expect(output).toContain('"event":"order_insert_failed"');
    expect(output).toContain('disk penuh');
    expect(output).not.toContain(address);
    expect(output).not.toContain(CUSTOMER.customerEmail);
  });
});
