import { env } from 'cloudflare:test';
import type { Product, StaffInvite, StaffList, StaffMember } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, cookiesFrom, countRows, createUser, sessionUser } from '../../test/helpers.ts';
import { type Db, getDb } from '../db/client.ts';
import { acceptInvite } from '../services/staff.ts';

type ErrorBody = { error: { code: string; message: string } };

/** The token of the newest invitation mailed to `email`, read from the outbox's link. */
async function invitationToken(email: string): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT body FROM email_outbox WHERE to_address = ? AND template = 'staff-invite' ORDER BY rowid DESC",
  )
    .bind(email)
    .first<{ body: string }>();
  const link = row?.body.match(/https:\/\/shop\.test\/admin\/login\?invite=(\S+)/)?.[1];
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(link);
}

const accept = (token: string, password = 'rahasia-staf-1') =>
  call('/api/auth/staff-invite', {
    method: 'POST',
    json: { token, name: 'Budi Gudang', password, confirmPassword: password },
  });

const signIn = (email: string, password: string) =>
  call('/api/auth/login', { method: 'POST', json: { email, password } });

/** The audit trail's rows of staff changes (decision 054), oldest first. */
async function staffTrail() {
  const rows = await env.DB.prepare(
    "SELECT user_id, entity_id, action, before_json, after_json FROM audit_log WHERE entity_type = 'staff' ORDER BY id",
  ).all<{
    user_id: string;
    entity_id: string;
    action: string;
    before_json: string | null;
    after_json: string | null;
  }>();
  return rows.results;
}

describe('staff invitations', () => {
  it('the owner invites by email; the invitee sets a password once and signs in with the role', async () => {
    const owner = await createUser('owner');
    const invited = await call('/api/admin/staff/invites', {
      method: 'POST',
      cookie: owner.cookie,
      json: { email: 'Budi@Contoh.id', role: 'order_handler' },
    });
    expect(invited.status).toBe(201);
    const invite = await invited.json<StaffInvite>();
    expect(invite).toMatchObject({ email: 'budi@contoh.id', role: 'order_handler' });
    expect(await staffTrail()).toEqual([
      {
        user_id: owner.id,
        entity_id: invite.id,
        action: 'invite',
        before_json: null,
        after_json: '{"email":"budi@contoh.id","role":"order_handler"}',
      },
    ]);

    const list = await (await call('/api/admin/staff', { cookie: owner.cookie })).json<StaffList>();
    expect(list.invites.map((i) => i.email)).toEqual(['budi@contoh.id']);
    expect(list.items.map((m) => m.id)).toEqual([owner.id]);

    const token = await invitationToken('budi@contoh.id');
    const accepted = await accept(token);
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    // Once: the same link again makes nothing.
    const again = await accept(token);
    expect(again.status).toBe(400);
    expect((await again.json<ErrorBody>()).error.code).toBe('invalid_token');

    const login = await signIn('budi@contoh.id', 'rahasia-staf-1');
    expect(login.status).toBe(200);
    const cookie = cookiesFrom(login);
    expect(await sessionUser(cookie)).toMatchObject({ name: 'Budi Gudang', role: 'order_handler' });
    expect((await call('/api/admin/orders', { cookie })).status).toBe(200);
    expect((await call('/api/admin/settings/payment', { cookie })).status).toBe(403);

    const after = await (await call('/api/admin/staff', { cookie: owner.cookie })).json<StaffList>();
    expect(after.invites).toEqual([]);
    expect(after.items.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      ['budi@contoh.id', 'order_handler'],
    ]);
  });

  it('refuses a forged token, and an address that has an account', async () => {
    const owner = await createUser('owner');
    expect((await accept('bukan-token-undangan-yang-sah')).status).toBe(400);
    const customer = await createUser('customer');
    const res = await call('/api/admin/staff/invites', {
      method: 'POST',
      cookie: owner.cookie,
      json: { email: customer.email, role: 'admin' },
    });
    expect(res.status).toBe(409);
    expect(await countRows('staff_invites')).toBe(0);
    expect(await countRows('email_outbox')).toBe(0);

    // An invitation past its days opens nothing, though its link's signature still holds.
    await call('/api/admin/staff/invites', {
      method: 'POST',
      cookie: owner.cookie,
      json: { email: 'lama@contoh.id', role: 'order_handler' },
    });
    await env.DB.prepare("UPDATE staff_invites SET expires_at = '2026-01-01T00:00:00.000Z'").run();
    const accounts = await countRows('users');
    const late = await accept(await invitationToken('lama@contoh.id'));
    expect(late.status).toBe(400);
    expect((await late.json<ErrorBody>()).error.code).toBe('invalid_token');
    expect(await countRows('users')).toBe(accounts);
  });
});

describe('revoking and resending an invitation', () => {
  const inviteBudi = async (cookie: string) =>
    (
      await call('/api/admin/staff/invites', {
        method: 'POST',
        cookie,
        json: { email: 'budi@contoh.id', role: 'order_handler' },
      })
    ).json<StaffInvite>();

  it("a revoked invitation's link is refused with a clear message and makes no account", async () => {
    const owner = await createUser('owner');
    const invite = await inviteBudi(owner.cookie);
    const token = await invitationToken('budi@contoh.id');
    const res = await call(`/api/admin/staff/invites/${invite.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(res.status).toBe(204);
    const list = await (await call('/api/admin/staff', { cookie: owner.cookie })).json<StaffList>();
    expect(list.invites).toEqual([]);

    const accounts = await countRows('users');
    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect((await refused.json<ErrorBody>()).error).toMatchObject({
      code: 'invite_revoked',
      message: expect.stringContaining('sudah dibatalkan'),
    });
    expect(await countRows('users')).toBe(accounts);

    // Revoked once: again it is not found, and the trail holds one record.
    const again = await call(`/api/admin/staff/invites/${invite.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(again.status).toBe(404);
    expect((await staffTrail()).slice(1)).toEqual([
      {
        user_id: owner.id,
        entity_id: invite.id,
        action: 'invite_revoke',
        before_json: '{"email":"budi@contoh.id","role":"order_handler"}',
        after_json: null,
      },
    ]);
  });

  it('a resent invitation mails a fresh link; the old one stops working, the new one makes the account', async () => {
    const owner = await createUser('owner');
    const invite = await inviteBudi(owner.cookie);
    const oldToken = await invitationToken('budi@contoh.id');
    const res = await call(`/api/admin/staff/invites/${invite.id}/resend`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    const fresh = await res.json<StaffInvite>();
    expect(fresh).toMatchObject({ email: 'budi@contoh.id', role: 'order_handler' });
    expect(fresh.id).not.toBe(invite.id);
    expect(await countRows('email_outbox')).toBe(2);
    const newToken = await invitationToken('budi@contoh.id');
    expect(newToken).not.toBe(oldToken);
    const list = await (await call('/api/admin/staff', { cookie: owner.cookie })).json<StaffList>();
    expect(list.invites.map((i) => i.id)).toEqual([fresh.id]);
    expect((await staffTrail()).slice(1)).toEqual([
      {
        user_id: owner.id,
        entity_id: fresh.id,
        action: 'invite_resend',
        before_json: `{"invite_id":"${invite.id}"}`,
        after_json: `{"invite_id":"${fresh.id}"}`,
      },
    ]);

    const old = await accept(oldToken);
    expect(old.status).toBe(410);
    expect((await old.json<ErrorBody>()).error.code).toBe('invite_revoked');
    expect((await accept(newToken)).status).toBe(201);
    expect((await signIn('budi@contoh.id', 'rahasia-staf-1')).status).toBe(200);
    // Accepted: it can be neither revoked nor sent again.
    for (const [path, method] of [
      [`/api/admin/staff/invites/${fresh.id}`, 'DELETE'],
      [`/api/admin/staff/invites/${fresh.id}/resend`, 'POST'],
    ] as const) {
      expect((await call(path, { method, cookie: owner.cookie })).status).toBe(404);
    }
  });

  it('a revoke landing between the link being read and its account being made makes no account', async () => {
    const owner = await createUser('owner');
    const invite = await inviteBudi(owner.cookie);
    const token = await invitationToken('budi@contoh.id');
    const db = getDb(env.DB);
    // The owner's revoke runs just before the acceptance's batch, after its read of the row.
    const racing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'batch') return Reflect.get(target, prop, receiver);
        return async (queries: Parameters<Db['batch']>[0]) => {
          await env.DB.prepare('DELETE FROM staff_invites WHERE id = ?').bind(invite.id).run();
          return target.batch(queries);
        };
      },
    });
    const accounts = await countRows('users');
    await expect(
      acceptInvite(racing, env.JWT_SECRET, {
        token,
        name: 'Budi Gudang',
        password: 'rahasia-staf-1',
        confirmPassword: 'rahasia-staf-1',
      }),
    ).rejects.toMatchObject({ status: 410, code: 'invite_revoked' });
    expect(await countRows('users')).toBe(accounts);
  });

  it('only the owner revokes or resends; an address that has an account since is not invited again', async () => {
    const owner = await createUser('owner');
    const admin = await createUser('admin');
    const invite = await inviteBudi(owner.cookie);
    const byAdmin = await call(`/api/admin/staff/invites/${invite.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(byAdmin.status).toBe(403);
    const resendByAdmin = await call(`/api/admin/staff/invites/${invite.id}/resend`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(resendByAdmin.status).toBe(403);

    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO users (id, email, password_hash) VALUES ('u-budi', 'budi@contoh.id', 'pbkdf2-sha256$uji')",
      ),
      env.DB.prepare(
        "INSERT INTO profiles (id, name, email) VALUES ('u-budi', 'Budi Pelanggan', 'budi@contoh.id')",
      ),
    ]);
    const taken = await call(`/api/admin/staff/invites/${invite.id}/resend`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(taken.status).toBe(409);
    expect(await countRows('email_outbox')).toBe(1);
    expect(await countRows('staff_invites')).toBe(1);
    expect((await staffTrail()).map((row) => row.action)).toEqual(['invite']);
  });
});

describe('staff roles and disabling', () => {
  it('a new role counts from the next request', async () => {
    const owner = await createUser('owner');
    const member = await createUser('content_editor');
    expect((await call('/api/admin/orders', { cookie: member.cookie })).status).toBe(403);
    const res = await call(`/api/admin/staff/${member.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { role: 'order_handler' },
    });
    expect(res.status).toBe(200);
    expect((await res.json<StaffMember>()).role).toBe('order_handler');
    expect((await call('/api/admin/orders', { cookie: member.cookie })).status).toBe(200);
    // The same role again changes nothing and records nothing.
    await call(`/api/admin/staff/${member.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { role: 'order_handler' },
    });
    expect(await staffTrail()).toEqual([
      {
        user_id: owner.id,
        entity_id: member.id,
        action: 'role',
        before_json: '{"role":"content_editor"}',
        after_json: '{"role":"order_handler"}',
      },
    ]);
  });

  it('a disabled account is signed out at once and cannot sign in again', async () => {
    const owner = await createUser('owner');
    const member = await createUser('admin');
    expect((await call('/api/admin/stats', { cookie: member.cookie })).status).toBe(200);
    const res = await call(`/api/admin/staff/${member.id}/disable`, { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<StaffMember>()).disabledAt).not.toBeNull();
    expect((await call('/api/admin/stats', { cookie: member.cookie })).status).toBe(401);
    expect(await sessionUser(member.cookie)).toBeNull();
    const again = await signIn(member.email, member.password);
    expect(again.status).toBe(403);
    expect((await again.json<ErrorBody>()).error.code).toBe('account_disabled');
    // Pressed twice: one record of who disabled it.
    await call(`/api/admin/staff/${member.id}/disable`, { method: 'POST', cookie: owner.cookie });
    const trail = await staffTrail();
    expect(trail.map(({ user_id, entity_id, action }) => [user_id, entity_id, action])).toEqual([
      [owner.id, member.id, 'disable'],
    ]);
    expect(JSON.parse(trail[0]?.after_json ?? '{}').disabled_at).toEqual(expect.any(String));
  });

  it('a disabled account enabled again signs in with its password and keeps its role', async () => {
    const owner = await createUser('owner');
    const member = await createUser('order_handler');
    const enable = () =>
      call(`/api/admin/staff/${member.id}/enable`, { method: 'POST', cookie: owner.cookie });
    // Enabling an active account changes nothing and records nothing.
    expect((await enable()).status).toBe(200);
    await call(`/api/admin/staff/${member.id}/disable`, { method: 'POST', cookie: owner.cookie });
    const res = await enable();
    expect(res.status).toBe(200);
    expect(await res.json<StaffMember>()).toMatchObject({ disabledAt: null, role: 'order_handler' });
    expect((await signIn(member.email, member.password)).status).toBe(200);
    await enable();
    const trail = await staffTrail();
    expect(trail.map(({ user_id, entity_id, action }) => [user_id, entity_id, action])).toEqual([
      [owner.id, member.id, 'disable'],
      [owner.id, member.id, 'enable'],
    ]);
    expect(JSON.parse(trail[1]?.after_json ?? '{}')).toEqual({ disabled_at: null });
    // Only the owner: an admin is refused, the owner's own account is not changed here.
    const admin = await createUser('admin');
    const byAdmin = await call(`/api/admin/staff/${member.id}/enable`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(byAdmin.status).toBe(403);
    const own = await call(`/api/admin/staff/${owner.id}/enable`, { method: 'POST', cookie: owner.cookie });
    expect(own.status).toBe(409);
  });

  it("the owner's own account, a customer's and an unknown one are not changed here", async () => {
    const owner = await createUser('owner');
    const customer = await createUser('customer');
    const own = await call(`/api/admin/staff/${owner.id}/disable`, { method: 'POST', cookie: owner.cookie });
    expect(own.status).toBe(409);
    const role = await call(`/api/admin/staff/${owner.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { role: 'admin' },
    });
    expect(role.status).toBe(409);
    const notStaff = await call(`/api/admin/staff/${customer.id}/disable`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(notStaff.status).toBe(404);
    expect(await sessionUser(customer.cookie)).not.toBeNull();
    expect(await sessionUser(owner.cookie)).toMatchObject({ role: 'owner' });
  });
});

describe("a content editor's product saves", () => {
  const newProduct = {
    name: 'Oud Royale',
    description: 'Kayu oud Kamboja dengan sentuhan mawar Taif dan amber.',
    image: '/images/oud-royale.webp',
    variants: [{ size_ml: 50, price: 'Rp 459.000', stock: 7, sku: null, weight_grams: 270 }],
  };
  const create = (cookie: string) => call('/api/products', { method: 'POST', cookie, json: newProduct });

  async function product(cookie: string): Promise<Product> {
    const res = await create(cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    return res.json<Product>();
  }

  /** The editor's form as it saves `product`, with `change` made to its one size. */
  const save = (product: Product, cookie: string, name: string, change: Record<string, unknown> = {}) => {
    const size = product.variants[0] as Product['variants'][number];
    return call(`/api/products/${product.id}`, {
      method: 'PUT',
      cookie,
      json: {
        name,
        description: product.description,
        image: product.image,
        variants: [
          {
            id: size.id,
            size_ml: size.size_ml,
            price: size.price,
            stock: size.stock,
            expected_stock: size.stock,
            sku: null,
            weight_grams: 270,
            ...change,
          },
        ],
      },
    });
  };

  it('saves texts, and refuses with nothing changed a price, a stock, a size or a new product', async () => {
    const owner = await createUser('owner');
    const editor = await createUser('content_editor');
    const saved = await product(owner.cookie);

    const renamed = await save(saved, editor.cookie, 'Oud Royale Baru');
    expect(renamed.status, await renamed.clone().text()).toBe(200);

    for (const change of [{ price: 'Rp 1.000' }, { stock: 99 }, { size_ml: 100, id: undefined }] as Record<
      string,
      unknown
    >[]) {
      const res = await save(saved, editor.cookie, 'Nama Yang Tidak Tersimpan', change);
      expect(res.status, JSON.stringify(change)).toBe(403);
      expect((await res.json<ErrorBody>()).error).toMatchObject({ code: 'prices_stock_forbidden' });
    }
    const now = await (
      await call(`/api/admin/products/${saved.id}`, { cookie: owner.cookie })
    ).json<Product>();
    expect(now.name).toBe('Oud Royale Baru');
    expect(now.variants.map(({ price, stock, size_ml }) => ({ price, stock, size_ml }))).toEqual([
      { price: 459_000, stock: 7, size_ml: 50 },
    ]);

    const products = await countRows('products');
    expect((await create(editor.cookie)).status).toBe(403);
    expect(await countRows('products')).toBe(products);
    // An admin may change them.
    const admin = await createUser('admin');
    expect((await save(saved, admin.cookie, 'Oud Royale', { price: 'Rp 499.000' })).status).toBe(200);
  });
});
