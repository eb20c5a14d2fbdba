import { createExecutionContext, env } from 'cloudflare:test';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, cookiesFrom, createUser, shopRequest, type TestUser } from '../../test/helpers.ts';
import { ACCESS_COOKIE, TWO_FACTOR_COOKIE } from '../auth/cookies.ts';
import { getDb } from '../db/client.ts';
import worker from '../index.ts';
import { queueSignInLink } from '../services/auth.ts';

// Two-factor sign-in of staff (decision 053). Codes are computed here on their own, with node's
// HMAC and a base32 decoder of the test's, as an authenticator app would from the secret shown.

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The app's code for `secret`, `offset` steps of 30 s from now. */
function appCode(secret: string, offset = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const at = (mac[19] as number) & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

type ErrorBody = { error: { code: string; message: string } };
const post = (path: string, cookie: string, json?: unknown) =>
  call(path, { method: 'POST', cookie, ...(json === undefined ? {} : { json }) });
const login = (user: TestUser) =>
  call('/api/auth/login', { method: 'POST', json: { email: user.email, password: user.password } });
const cookieNames = (res: Response) => res.headers.getSetCookie().map((line) => line.split('=')[0]);

/** An admin with two-factor on: its secret and recovery codes. */
async function adminWithTwoFactor() {
  const admin = await createUser('admin');
  const setup = await post('/api/auth/two-factor/setup', admin.cookie);
  expect(setup.status).toBe(200);
  const { secret, uri } = (await setup.json()) as { secret: string; uri: string };
  const enable = await post('/api/auth/two-factor/enable', admin.cookie, { code: appCode(secret) });
  expect(enable.status).toBe(200);
  const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
  return { admin, secret, uri, recoveryCodes };
}

/** The password step: its pending cookie, checked to be the only sign-in cookie it set. */
async function passwordStep(user: TestUser): Promise<string> {
  const res = await login(user);
  expect(res.status).toBe(401);
  expect(((await res.json()) as ErrorBody).error.code).toBe('two_factor_required');
  expect(cookieNames(res)).toContain(TWO_FACTOR_COOKIE);
  expect(cookieNames(res)).not.toContain(ACCESS_COOKIE);
  return cookiesFrom(res);
}

describe('setting up two-factor', () => {
  it('shows the secret once, keeps it sealed and the recovery codes only as hashes', async () => {
    const { admin, secret, uri, recoveryCodes } = await adminWithTwoFactor();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const row = await env.DB.prepare('SELECT * FROM user_two_factor WHERE user_id = ?')
      .bind(admin.id)
      .first<Record<string, unknown>>();
    expect(row?.enabled_at).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(secret);
    const { results } = await env.DB.prepare(
      'SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = ?',
    )
      .bind(admin.id)
      .all<{ code_hash: string }>();
    expect(results).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(results)).not.toContain(code);
    const status = await call('/api/auth/two-factor', { cookie: admin.cookie });
    expect(await status.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // On, it is not set up again until turned off.
    expect((await post('/api/auth/two-factor/setup', admin.cookie)).status).toBe(409);
  });

  it('refuses a wrong code, and stays off', async () => {
    const admin = await createUser('admin');
    const { secret } = (await (await post('/api/auth/two-factor/setup', admin.cookie)).json()) as {
      secret: string;
    };
    const wrong = String((Number(appCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await post('/api/auth/two-factor/enable', admin.cookie, { code: wrong });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('wrong_code');
    expect((await login(admin)).status).toBe(200);
  });

  it('is for staff: a customer gets 403', async () => {
    const customer = await createUser('customer');
    expect((await post('/api/auth/two-factor/setup', customer.cookie)).status).toBe(403);
    expect((await call('/api/auth/two-factor', { cookie: customer.cookie })).status).toBe(403);
  });
});

describe('signing in with two-factor', () => {
  it('asks for the code after the password; the app code starts the session, once', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const pending = await passwordStep(admin);
    // The enabling code's step is spent: the app's next code (within the drift) signs in.
    const code = appCode(secret, 1);
    const res = await post('/api/auth/login/two-factor', pending, { code });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(admin.id);
    const session = cookiesFrom(res, pending);
    expect(session).toContain(ACCESS_COOKIE);
    expect(session).not.toContain(TWO_FACTOR_COOKIE);
    expect((await call('/api/admin/stats', { cookie: session })).status).toBe(200);
    // The same code again, for a new sign-in: a replay.
    const again = await post('/api/auth/login/two-factor', await passwordStep(admin), { code });
    expect(again.status).toBe(401);
    expect(((await again.json()) as ErrorBody).error.code).toBe('wrong_code');
    // An earlier step's code is refused too, though within the drift.
    const earlier = await post('/api/auth/login/two-factor', await passwordStep(admin), {
      code: appCode(secret, -1),
    });
    expect(earlier.status).toBe(401);
  });

  it('a disabled account is refused after its password, before the code step (no code spent)', async () => {
    const { admin } = await adminWithTwoFactor();
    await env.DB.prepare('UPDATE profiles SET disabled_at = ? WHERE id = ?')
      .bind(new Date().toISOString(), admin.id)
      .run();
    const res = await login(admin);
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error.code).toBe('account_disabled');
    expect(cookieNames(res)).not.toContain(TWO_FACTOR_COOKIE);
  });

  it('takes a recovery code once, typed in capitals or without the dash', async () => {
    const { admin, recoveryCodes } = await adminWithTwoFactor();
    const [code] = recoveryCodes as [string];
    const first = await post('/api/auth/login/two-factor', await passwordStep(admin), {
      code: code.toUpperCase().replace('-', ' '),
    });
    expect(first.status).toBe(200);
    const second = await post('/api/auth/login/two-factor', await passwordStep(admin), { code });
    expect(second.status).toBe(401);
    const status = await call('/api/auth/two-factor', { cookie: cookiesFrom(first) });
    expect(((await status.json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
  });

  it('refuses the code step without the password step', async () => {
    const { secret } = await adminWithTwoFactor();
    const res = await post('/api/auth/login/two-factor', '', { code: appCode(secret, 1) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.code).toBe('two_factor_expired');
  });

  it('throttles guesses per account: after 5 wrong codes even the right one waits', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const pending = await passwordStep(admin);
    const right = appCode(secret, 1);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    for (let n = 0; n < 5; n += 1) {
      expect((await post('/api/auth/login/two-factor', pending, { code: wrong })).status).toBe(401);
    }
    const res = await post('/api/auth/login/two-factor', pending, { code: right });
    expect(res.status).toBe(429);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(
      /^Terlalu banyak percobaan kode verifikasi/,
    );
  });

  it('a mailed sign-in link stands for the password only: the code step follows', async () => {
    const { admin } = await adminWithTwoFactor();
    await queueSignInLink(getDb(env.DB), env, admin.id, admin.email);
    const mail = await env.DB.prepare(
      'SELECT body FROM email_outbox WHERE to_address = ? ORDER BY rowid DESC',
    )
      .bind(admin.email)
      .first<{ body: string }>();
    const token = /token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
    const res = await call(`/api/auth/login/link?token=${token}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login?langkah=kode');
    expect(cookieNames(res)).toContain(TWO_FACTOR_COOKIE);
    expect(cookieNames(res)).not.toContain(ACCESS_COOKIE);
  });

  it('turning it off takes the password and a code; then the password alone signs in', async () => {
    const { admin, recoveryCodes } = await adminWithTwoFactor();
    const wrongPassword = await post('/api/auth/two-factor/disable', admin.cookie, {
      currentPassword: 'bukan-password',
      code: recoveryCodes[0],
    });
    expect(wrongPassword.status).toBe(400);
    const off = await post('/api/auth/two-factor/disable', admin.cookie, {
      currentPassword: admin.password,
      code: recoveryCodes[0],
    });
    expect(off.status).toBe(200);
    expect((await login(admin)).status).toBe(200);
    expect(
      await env.DB.prepare('SELECT 1 FROM two_factor_recovery_codes WHERE user_id = ?')
        .bind(admin.id)
        .first(),
    ).toBeNull();
    // The audit trail has both, in order, with neither the secret nor a code (decision 054).
    const { results } = await env.DB.prepare(
      "SELECT user_id, entity_id, action, before_json, after_json FROM audit_log WHERE entity_type = 'staff' AND entity_id = ? ORDER BY id",
    )
      .bind(admin.id)
      .all();
    expect(results).toEqual([
      {
        user_id: admin.id,
        entity_id: admin.id,
        action: 'two_factor_on',
        before_json: null,
        after_json: null,
      },
      {
        user_id: admin.id,
        entity_id: admin.id,
        action: 'two_factor_off',
        before_json: null,
        after_json: null,
      },
    ]);
  });
});

describe('new recovery codes with two-factor kept on', () => {
  const renew = (cookie: string, json: unknown) => post('/api/auth/two-factor/recovery-codes', cookie, json);
  const hashes = async (userId: string) =>
    (
      await env.DB.prepare(
        'SELECT code_hash, used_at FROM two_factor_recovery_codes WHERE user_id = ? ORDER BY code_hash',
      )
        .bind(userId)
        .all()
    ).results;

  it('a wrong password or code changes nothing; the right ones end the old codes and show ten new once', async () => {
    const { admin, secret, recoveryCodes } = await adminWithTwoFactor();
    const before = await hashes(admin.id);
    const wrongPassword = await renew(admin.cookie, {
      currentPassword: 'bukan-password',
      code: appCode(secret),
    });
    expect(wrongPassword.status).toBe(400);
    expect(((await wrongPassword.json()) as ErrorBody).error.code).toBe('wrong_password');
    const wrongCode = await renew(admin.cookie, { currentPassword: admin.password, code: 'salah-kode1' });
    expect(wrongCode.status).toBe(400);
    expect(((await wrongCode.json()) as ErrorBody).error).toEqual({
      code: 'wrong_code',
      message: 'Kode verifikasi salah atau sudah dipakai',
      fields: { code: 'Kode verifikasi salah atau sudah dipakai' },
    });
    expect(await hashes(admin.id)).toEqual(before);

    const res = await renew(admin.cookie, { currentPassword: admin.password, code: appCode(secret, 1) });
    expect(res.status).toBe(200);
    const { recoveryCodes: fresh } = (await res.json()) as { recoveryCodes: string[] };
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    const status = await call('/api/auth/two-factor', { cookie: admin.cookie });
    expect(await status.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // An old code is refused at sign-in; a new one is taken.
    const old = await post('/api/auth/login/two-factor', await passwordStep(admin), {
      code: recoveryCodes[1],
    });
    expect(old.status).toBe(401);
    const taken = await post('/api/auth/login/two-factor', await passwordStep(admin), { code: fresh[0] });
    expect(taken.status).toBe(200);

    // In the audit trail, without a code.
    const { results } = await env.DB.prepare(
      "SELECT action, before_json, after_json FROM audit_log WHERE entity_type = 'staff' AND entity_id = ? ORDER BY id",
    )
      .bind(admin.id)
      .all();
    expect(results).toEqual([
      { action: 'two_factor_on', before_json: null, after_json: null },
      { action: 'recovery_codes_new', before_json: null, after_json: null },
    ]);
  });

  it('a recovery code confirms too, and is spent with the rest; without two-factor it is refused', async () => {
    const { admin, recoveryCodes } = await adminWithTwoFactor();
    const res = await renew(admin.cookie, { currentPassword: admin.password, code: recoveryCodes[0] });
    expect(res.status).toBe(200);
    const again = await renew(admin.cookie, { currentPassword: admin.password, code: recoveryCodes[0] });
    expect(again.status).toBe(400);

    const other = await createUser('order_handler');
    const off = await renew(other.cookie, { currentPassword: other.password, code: '123456' });
    expect(off.status).toBe(409);
    expect(await hashes(other.id)).toEqual([]);
    const customer = await createUser('customer');
    expect(
      (await renew(customer.cookie, { currentPassword: customer.password, code: '123456' })).status,
    ).toBe(403);
  });
});

describe('required in production (TWO_FACTOR_REQUIRED)', () => {
  const production = (path: string, init: Parameters<typeof shopRequest>[1] = {}) =>
    worker.fetch(shopRequest(path, init), { ...env, TWO_FACTOR_REQUIRED: 'true' }, createExecutionContext());

  it('an admin without it may only set it up; with it, everything again', async () => {
    const admin = await createUser('admin');
    const refused = await production('/api/admin/stats', { cookie: admin.cookie });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as ErrorBody;
    expect(body.error.code).toBe('two_factor_setup_required');
    expect(body.error.message).toContain('verifikasi dua langkah');
    // The admin's own customer routes are closed too.
    expect((await production('/api/addresses', { cookie: admin.cookie })).status).toBe(403);
    const status = await production('/api/auth/two-factor', { cookie: admin.cookie });
    expect(await status.json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    const setup = await production('/api/auth/two-factor/setup', { method: 'POST', cookie: admin.cookie });
    const { secret } = (await setup.json()) as { secret: string };
    const enable = await production('/api/auth/two-factor/enable', {
      method: 'POST',
      cookie: admin.cookie,
      json: { code: appCode(secret) },
    });
    expect(enable.status).toBe(200);
    expect((await production('/api/admin/stats', { cookie: admin.cookie })).status).toBe(200);
  });

  it('holds no customer to it, and is off unless set (the local demo admin)', async () => {
    const customer = await createUser('customer');
    expect((await production('/api/addresses', { cookie: customer.cookie })).status).toBe(200);
    const admin = await createUser('admin');
    expect((await call('/api/admin/stats', { cookie: admin.cookie })).status).toBe(200);
  });
});
