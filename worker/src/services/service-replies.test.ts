import { env } from 'cloudflare:test';
import type { CustomerServiceRecord, Page, ServiceThread } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser } from '../../test/helpers.ts';
import { queuedEmails } from '../../test/order-fixtures.ts';
import { THREAD_LIMIT } from './service-replies.ts';

// Replies from the customer-service inbox (decision 058): emailed through the outbox, kept as the thread.

const MESSAGE = {
  name: 'Budi Santoso',
  email: 'budi@contoh.id',
  subject: 'Pesanan grosir',
  message: 'Apakah bisa memesan 50 botol untuk acara kantor?',
};

async function contactRecord(cookie: string): Promise<string> {
  const sent = await call('/api/contact', {
    method: 'POST',
    json: MESSAGE,
    headers: { 'cf-connecting-ip': '203.0.113.9' },
  });
  expect(sent.status).toBe(201);
  const page = await (await call('/api/admin/customer-service', { cookie })).json<
    Page<CustomerServiceRecord>
  >();
  const id = page.items[0]?.id;
  if (!id) throw new Error('no contact record');
  return id;
}

const reply = (cookie: string, id: string, body: string) =>
  call(`/api/admin/customer-service/${id}/replies`, { method: 'POST', cookie, json: { body } });

describe('replies to a contact message', { timeout: 30_000 }, () => {
  it('emails the answer to the sender and keeps it with the message, oldest first', async () => {
    const admin = await createUser('admin', 'Rina Admin');
    const id = await contactRecord(admin.cookie);
    const empty = await (
      await call(`/api/admin/customer-service/${id}/replies`, { cookie: admin.cookie })
    ).json<ServiceThread>();
    expect(empty).toEqual({ contact_email: 'budi@contoh.id', replies: [] });

    const first = await reply(admin.cookie, id, 'Bisa, Pak Budi. Kami kirim penawarannya hari ini.');
    expect(first.status).toBe(201);
    await reply(admin.cookie, id, 'Penawaran sudah kami kirim.');
    const thread = await (
      await call(`/api/admin/customer-service/${id}/replies`, { cookie: admin.cookie })
    ).json<ServiceThread>();
    expect(thread.replies.map((r) => [r.author_name, r.body])).toEqual([
      ['Rina Admin', 'Bisa, Pak Budi. Kami kirim penawarannya hari ini.'],
      ['Rina Admin', 'Penawaran sudah kami kirim.'],
    ]);

    const mails = await queuedEmails('customer-service-reply');
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ to_address: 'budi@contoh.id', subject: 'Balasan: Pesanan grosir' });
    expect(mails[0]?.body).toContain('Halo Budi Santoso,');
    expect(mails[0]?.body).toContain('Bisa, Pak Budi. Kami kirim penawarannya hari ini.');
    expect(mails[0]?.body).toContain('--- Pesan Anda ---\nApakah bisa memesan 50 botol untuk acara kantor?');
  });

  it('refuses an empty reply, a record not from the contact form, and a customer', async () => {
    const admin = await createUser('admin');
    const id = await contactRecord(admin.cookie);
    const blank = await reply(admin.cookie, id, '   ');
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain('Balasan harus diisi');

    const created = await call('/api/admin/customer-service', {
      method: 'POST',
      cookie: admin.cookie,
      json: {
        title: 'Botol bocor',
        description: 'Tutup botol retak.',
        category: 'general',
        priority: 'medium',
        status: 'active',
        file_url: null,
      },
    });
    const own = (await created.json<CustomerServiceRecord>()).id;
    const refused = await reply(admin.cookie, own, 'Halo');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Data ini bukan pesan dari formulir kontak, jadi tidak ada alamat email untuk dibalas.',
    );
    expect((await reply(admin.cookie, 'tidak-ada', 'Halo')).status).toBe(404);

    const customer = await createUser('customer');
    expect((await reply(customer.cookie, id, 'Halo')).status).toBe(403);
    expect(await queuedEmails('customer-service-reply')).toHaveLength(0);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM customer_service_replies').first<{
      n: number;
    }>();
    expect(rows?.n).toBe(0);
  });

  it(`takes at most ${THREAD_LIMIT} replies to one message, the next refused with nothing sent`, async () => {
    const admin = await createUser('admin');
    const id = await contactRecord(admin.cookie);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${THREAD_LIMIT})
       INSERT INTO customer_service_replies (id, record_id, body, author_name) SELECT 'balasan-' || i, ?, 'Balasan ' || i, 'Admin' FROM n`,
    )
      .bind(id)
      .run();
    const full = await reply(admin.cookie, id, 'Satu lagi.');
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: { code: string } }).error.code).toBe('thread_full');
    expect(await queuedEmails('customer-service-reply')).toHaveLength(0);
  });
});
