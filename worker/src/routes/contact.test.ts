import { env } from 'cloudflare:test';
import type { CustomerServiceRecord, Page } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';
import { policies } from '../lib/throttle.ts';

const CONTACT_LIMIT = policies.contactClient.limit;

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const MESSAGE = {
  name: 'Budi Santoso',
  email: 'budi@contoh.id',
  subject: 'Pesanan grosir',
  message: 'Apakah bisa memesan 50 botol untuk acara kantor?',
};

const send = (json: unknown, ip = '203.0.113.7') =>
  call('/api/contact', { method: 'POST', json, headers: { 'cf-connecting-ip': ip } });

describe('POST /api/contact', () => {
  it('saves the message as a general record that the admin list shows', async () => {
    const res = await send({ ...MESSAGE, name: '  Budi Santoso ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });

    const admin = await createUser('admin');
    const listed = await call('/api/admin/customer-service?category=general', { cookie: admin.cookie });
    const page = await listed.json<Page<CustomerServiceRecord>>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      title: 'Pesan kontak: Pesanan grosir',
      category: 'general',
      priority: 'medium',
      status: 'active',
      file_url: null,
    });
    expect(page.items[0]?.description).toBe(
      'Nama: Budi Santoso\nEmail: budi@contoh.id\n\nApakah bisa memesan 50 botol untuk acara kantor?',
    );
  });

  it('answers the form messages for bad input and saves nothing', async () => {
    const res = await send({ name: 'B', email: 'bukan-email', subject: ' ', message: '' });
    expect(res.status).toBe(400);
    const { error } = await res.json<ErrorBody>();
    expect(error.fields).toEqual({
      name: 'Nama minimal 2 karakter',
      email: 'Email tidak valid',
      subject: 'Subjek harus diisi',
      message: 'Pesan harus diisi',
    });
    expect((await send({ ...MESSAGE, extra: 'x' })).status).toBe(400);

    // A body that is not JSON at all gets an Indonesian answer too, not the framework's English.
    const broken = await call('/api/contact', {
      method: 'POST',
      body: '{"name": "Budi',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      error: { code: 'http_error', message: 'Data yang dikirim tidak valid' },
    });
    expect(await countRows('customer_service')).toBe(0);
  });

  it(`accepts ${CONTACT_LIMIT} messages per address in 10 minutes, then 429`, async () => {
    for (let i = 0; i < CONTACT_LIMIT; i++) expect((await send(MESSAGE)).status).toBe(201);
    const refused = await send(MESSAGE);
    expect(refused.status).toBe(429);
    expect((await refused.json<ErrorBody>()).error).toEqual({
      code: 'too_many_requests',
      message: 'Terlalu banyak pesan. Coba lagi dalam 10 menit.',
    });
    expect(await countRows('customer_service')).toBe(CONTACT_LIMIT);

    // Another address has its own allowance.
    expect((await send(MESSAGE, '198.51.100.9')).status).toBe(201);

    // Once the window has passed, the address may write again.
    await env.DB.prepare("UPDATE rate_limits SET reset_at = '2000-01-01T00:00:00.000Z'").run();
    expect((await send(MESSAGE)).status).toBe(201);
    expect(await countRows('customer_service')).toBe(CONTACT_LIMIT + 2);
  });

  it('holds the limit when messages arrive at the same time', async () => {
    const results = await Promise.all(Array.from({ length: CONTACT_LIMIT + 3 }, () => send(MESSAGE)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CONTACT_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(await countRows('customer_service')).toBe(CONTACT_LIMIT);
  });
});
