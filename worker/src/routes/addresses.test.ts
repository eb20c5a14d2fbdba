import { env } from 'cloudflare:test';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';
import { CUSTOMER } from '../../test/order-fixtures.ts';

const { customerEmail: _email, ...ADDRESS } = CUSTOMER;

const list = async (cookie: string) =>
  (await (await call('/api/addresses', { cookie })).json<{ items: SavedAddress[] }>()).items;
const add = (cookie: string, json: object) => call('/api/addresses', { method: 'POST', cookie, json });

describe('address book', () => {
  it('saves an address with its areas named and the phone in E.164; the first is the default', async () => {
    const user = await createUser();
    const res = await add(user.cookie, { ...ADDRESS, customerPhone: '62 812 3456 7890' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      customerPhone: '+6281234567890',
      district: { code: '31.71.01', name: 'Gambir' },
      regency: { name: 'Kota Administrasi Jakarta Pusat' },
      isDefault: true,
    });
  });

  it('keeps one default: a new default takes the place of the old', async () => {
    const user = await createUser();
    const first = await (await add(user.cookie, ADDRESS)).json<SavedAddress>();
    const second = await (
      await add(user.cookie, { ...ADDRESS, customerAddress: 'Jl. Mawar 2', isDefault: true })
    ).json<SavedAddress>();
    const items = await list(user.cookie);
    expect(items.map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect(
      (await call(`/api/addresses/${second.id}`, { method: 'DELETE', cookie: user.cookie })).status,
    ).toBe(204);
    expect((await list(user.cookie)).map((a) => [a.id, a.isDefault])).toEqual([[first.id, true]]);
  });

  it(`holds at most ${MAX_SAVED_ADDRESSES} addresses, also under concurrent requests`, async () => {
    const user = await createUser();
    const answers = await Promise.all(
      Array.from({ length: MAX_SAVED_ADDRESSES + 3 }, (_, i) =>
        add(user.cookie, { ...ADDRESS, customerAddress: `Jl. Melati No. ${i + 1}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(
      statuses.filter((s) => s === 409),
      JSON.stringify(statuses),
    ).toHaveLength(3);
    expect(await list(user.cookie)).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it('is owner-only: another customer can neither see, change nor delete an address', async () => {
    const owner = await createUser();
    const other = await createUser();
    const saved = await (await add(owner.cookie, ADDRESS)).json<SavedAddress>();
    expect(await list(other.cookie)).toEqual([]);
    const put = await call(`/api/addresses/${saved.id}`, {
      method: 'PUT',
      cookie: other.cookie,
      json: { ...ADDRESS, customerName: 'Penyusup' },
    });
    expect(put.status).toBe(404);
    const del = await call(`/api/addresses/${saved.id}`, { method: 'DELETE', cookie: other.cookie });
    expect(del.status).toBe(404);
    expect(await list(owner.cookie)).toEqual([saved]);
    expect((await call('/api/addresses')).status).toBe(401);
  });

  it('refuses a bad phone, postal code or area and writes nothing', async () => {
    const user = await createUser();
    const before = await countRows('customer_addresses');
    for (const bad of [
      { customerPhone: '12345' },
      { customerPhone: '' },
      { postalCode: '1011' },
      { postalCode: '00000' },
      // Surabaya's code for an address in Jakarta (the region is the code's first digit).
      { postalCode: '60111' },
      { customerName: 'S' },
      { customerAddress: 'x' },
      { districtCode: '31.72.01' },
      { provinceCode: '99', regencyCode: '99.01', districtCode: '99.01.01', postalCode: '99111' },
    ]) {
      expect((await add(user.cookie, { ...ADDRESS, ...bad })).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await countRows('customer_addresses')).toBe(before);
  });

  it('edits an address of its owner', async () => {
    const user = await createUser();
    const saved = await (await add(user.cookie, ADDRESS)).json<SavedAddress>();
    const res = await call(`/api/addresses/${saved.id}`, {
      method: 'PUT',
      cookie: user.cookie,
      json: { ...ADDRESS, postalCode: '10120', isDefault: false },
    });
    expect(res.status).toBe(200);
    // Still the default: the only address cannot stop being it.
    expect(await res.json()).toMatchObject({ postalCode: '10120', isDefault: true });
    const row = await env.DB.prepare('SELECT postal_code FROM customer_addresses WHERE id = ?')
      .bind(saved.id)
      .first();
    expect(row).toEqual({ postal_code: '10120' });
  });
});
