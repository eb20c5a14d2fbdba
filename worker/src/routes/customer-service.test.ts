import { env } from 'cloudflare:test';
import type { CustomerServiceRecord, SeekPage } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const BASE = '/api/admin/customer-service';

async function create(cookie: string, json: Record<string, unknown>): Promise<CustomerServiceRecord> {
  const res = await call(BASE, { method: 'POST', json, cookie });
  expect(res.status).toBe(201);
  return res.json<CustomerServiceRecord>();
}

async function list(cookie: string, query = ''): Promise<SeekPage<CustomerServiceRecord>> {
  const res = await call(`${BASE}${query}`, { cookie });
  expect(res.status).toBe(200);
  return res.json<SeekPage<CustomerServiceRecord>>();
}

describe('admin customer-service records', () => {
  it('creates a record with the spec defaults', async () => {
    const admin = await createUser('admin');
    const record = await create(admin.cookie, { title: '  Botol bocor  ' });
    expect(record).toEqual({
      id: expect.any(String),
      title: 'Botol bocor',
      description: '',
      category: 'general',
      priority: 'medium',
      status: 'active',
      file_url: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const full = await create(admin.cookie, {
      title: 'Tagihan ganda',
      description: 'Pembayaran tercatat dua kali',
      category: 'billing',
      priority: 'urgent',
      status: 'pending',
      file_url: 'https://contoh.id/bukti.pdf',
    });
    expect(full).toMatchObject({ category: 'billing', priority: 'urgent', status: 'pending' });
    expect(full.file_url).toBe('https://contoh.id/bukti.pdf');
  });

  it('requires a title and known values, writing nothing', async () => {
    const admin = await createUser('admin');
    const res = await call(BASE, { method: 'POST', json: { title: '   ' }, cookie: admin.cookie });
    expect(res.status).toBe(400);
    const { error } = await res.json<ErrorBody>();
    expect(error).toMatchObject({ code: 'invalid_input', message: 'Judul harus diisi' });
    const bad = await call(BASE, {
      method: 'POST',
      json: { title: 'Ok', status: 'open', category: 'faq' },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json<ErrorBody>()).error.fields ?? {}).sort()).toEqual([
      'category',
      'status',
    ]);
    expect(await countRows('customer_service')).toBe(0);
  });

  it('keeps the attachment to web addresses and our own images', async () => {
    const admin = await createUser('admin');
    for (const file_url of ['javascript:alert(document.cookie)', 'data:text/html,<script>x</script>']) {
      const res = await call(BASE, {
        method: 'POST',
        json: { title: 'Lampiran', file_url },
        cookie: admin.cookie,
      });
      expect(res.status, file_url).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields).toEqual({
        file_url: 'URL lampiran harus diawali http://, https:// atau /images/',
      });
    }
    expect(await countRows('customer_service')).toBe(0);
    const record = await create(admin.cookie, { title: 'Lampiran', file_url: '/images/bukti.webp' });
    const res = await call(`${BASE}/${record.id}`, {
      method: 'PUT',
      json: { title: 'Lampiran', file_url: 'javascript:alert(1)' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect(
      (await (await call(`${BASE}/${record.id}`, { cookie: admin.cookie })).json<{ file_url: string }>())
        .file_url,
    ).toBe('/images/bukti.webp');
  });

  it('lists newest first with paging, leaving out FAQ and policy records', async () => {
    const admin = await createUser('admin');
    for (let i = 1; i <= 12; i++) await create(admin.cookie, { title: `Catatan ${i}` });
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO customer_service (id, title, category) VALUES ('f1', 'Catatan FAQ', 'faq')",
      ),
      env.DB.prepare(
        "INSERT INTO customer_service (id, title, category) VALUES ('p1', 'Catatan kebijakan', 'privacy-policy')",
      ),
    ]);

    const first = await list(admin.cookie);
    expect(first.total).toBe(12);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(10);
    expect(first.items.map((r) => r.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Catatan ${12 - i}`),
    );
    const second = await list(admin.cookie, '?page=2&pageSize=10');
    expect(second.items.map((r) => r.title)).toEqual(['Catatan 2', 'Catatan 1']);
    expect((await list(admin.cookie, '?pageSize=25')).items).toHaveLength(12);
    expect((await list(admin.cookie, '?pageSize=50&page=3')).items).toEqual([]);

    // By cursor: the same pages, records of one millisecond in order, and back again.
    await env.DB.prepare(
      "UPDATE customer_service SET created_at = '2026-01-01T00:00:00.000Z' WHERE title IN ('Catatan 3', 'Catatan 2', 'Catatan 1')",
    ).run();
    const titles = (page: SeekPage<CustomerServiceRecord>) => page.items.map((r) => r.title);
    const top = await list(admin.cookie);
    expect(top.previousCursor).toBeNull();
    const next = await list(admin.cookie, `?page=2&after=${top.nextCursor}`);
    expect(titles(next)).toEqual(['Catatan 2', 'Catatan 1']);
    expect(next.nextCursor).toBeNull();
    const back = await list(admin.cookie, `?before=${next.previousCursor}`);
    expect(titles(back)).toEqual(titles(top));
    expect(back.previousCursor).toBeNull();

    const res = await call(`${BASE}?pageSize=7`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.message).toBe('Ukuran halaman harus 10, 25 atau 50');
  });

  it('filters by search text (title or description, any case), status, category and priority', async () => {
    const admin = await createUser('admin');
    await create(admin.cookie, { title: 'Parfum tumpah', category: 'complaint', priority: 'high' });
    await create(admin.cookie, {
      title: 'Pertanyaan',
      description: 'Apakah ada diskon 50% untuk PARFUM?',
      status: 'resolved',
    });
    await create(admin.cookie, { title: 'Saran kemasan', category: 'suggestion', status: 'closed' });

    const titles = async (query: string) => (await list(admin.cookie, query)).items.map((r) => r.title);
    expect(await titles('?q=parfum')).toEqual(['Pertanyaan', 'Parfum tumpah']);
    expect(await titles('?q=50%25')).toEqual(['Pertanyaan']);
    // Words match from their start (customer_service_fts); punctuation alone matches nothing.
    expect(await titles('?q=tump')).toEqual(['Parfum tumpah']);
    expect(await titles('?q=kemasan%20saran')).toEqual(['Saran kemasan']);
    expect(await titles('?q=umpah')).toEqual([]);
    expect(await titles('?q=%25')).toEqual([]);
    expect(await titles('?q=_')).toEqual([]);
    expect(await titles('?status=closed')).toEqual(['Saran kemasan']);
    expect(await titles('?category=complaint')).toEqual(['Parfum tumpah']);
    expect(await titles('?priority=high')).toEqual(['Parfum tumpah']);
    expect(await titles('?q=parfum&status=active')).toEqual(['Parfum tumpah']);
    const page = await list(admin.cookie, '?status=resolved');
    expect(page.total).toBe(1);

    expect((await call(`${BASE}?status=open`, { cookie: admin.cookie })).status).toBe(400);
  });

  it('keeps the totals exact through writes, and reads deep pages and searches in either form', async () => {
    const admin = await createUser('admin');
    const made: CustomerServiceRecord[] = [];
    for (let i = 1; i <= 23; i++) {
      made.push(
        await create(admin.cookie, {
          title: `Pengiriman ${i}`,
          status: i % 2 ? 'pending' : 'active',
          priority: i % 3 ? 'high' : 'low',
        }),
      );
    }
    await create(admin.cookie, { title: 'Botol bocor', category: 'complaint' });
    // FAQ and policy records neither count nor match.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO customer_service (id, title, category) VALUES ('f1', 'Pengiriman FAQ', 'faq')",
      ),
      env.DB.prepare(
        "INSERT INTO customer_service (id, title, category) VALUES ('p1', 'Pengiriman kebijakan', 'shipping-policy')",
      ),
    ]);
    const newest = [...made].reverse().map((r) => r.title);
    const titles = (page: SeekPage<CustomerServiceRecord>) => page.items.map((r) => r.title);
    const expectPages = async (query: string, expected: string[]) => {
      for (const page of [1, 2, 3, 4]) {
        const got = await list(admin.cookie, `?pageSize=10&page=${page}${query}`);
        expect(titles(got), `${query} page ${page}`).toEqual(expected.slice((page - 1) * 10, page * 10));
        expect(got.total, query).toBe(expected.length);
      }
    };
    await expectPages('', ['Botol bocor', ...newest]);
    await expectPages('&q=pengiriman', newest);
    await expectPages('&q=pengiriman%2023', ['Pengiriman 23']);
    await expectPages(
      '&q=pengiriman&status=pending',
      newest.filter((t) => Number(t.split(' ')[1]) % 2 === 1),
    );
    await expectPages(
      '&status=pending&priority=high',
      newest.filter((t) => Number(t.split(' ')[1]) % 2 === 1 && Number(t.split(' ')[1]) % 3 !== 0),
    );

    // Status, category and priority changes and deletes move the counted totals.
    const [one, two] = made;
    await call(`${BASE}/${one?.id}`, {
      method: 'PUT',
      json: { title: 'Pengiriman 1', status: 'closed', category: 'billing', priority: 'urgent' },
      cookie: admin.cookie,
    });
    expect((await call(`${BASE}/${two?.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200);
    expect((await list(admin.cookie)).total).toBe(23);
    expect((await list(admin.cookie, '?status=closed&category=billing&priority=urgent')).total).toBe(1);
    expect((await list(admin.cookie, '?status=active')).total).toBe(11);
    expect((await list(admin.cookie, '?q=pengiriman')).total).toBe(22);
  });

  it('reads, updates (with updated_at) and deletes one record', async () => {
    const admin = await createUser('admin');
    const record = await create(admin.cookie, { title: 'Kiriman terlambat', category: 'technical' });

    const read = await call(`${BASE}/${record.id}`, { cookie: admin.cookie });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(record);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const put = await call(`${BASE}/${record.id}`, {
      method: 'PUT',
      json: { title: 'Kiriman terlambat', description: 'Sudah dihubungi', status: 'resolved' },
      cookie: admin.cookie,
    });
    expect(put.status).toBe(200);
    const updated = await put.json<CustomerServiceRecord>();
    expect(updated).toMatchObject({
      id: record.id,
      description: 'Sudah dihubungi',
      status: 'resolved',
      // PUT replaces the record: an omitted field goes back to its default.
      category: 'general',
      created_at: record.created_at,
    });
    expect(updated.updated_at > record.updated_at).toBe(true);

    const del = await call(`${BASE}/${record.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ ok: true });
    expect(await countRows('customer_service')).toBe(0);
  });

  it('answers 404 "Data tidak ditemukan" for a missing record or a content record', async () => {
    const admin = await createUser('admin');
    await env.DB.prepare(
      "INSERT INTO customer_service (id, title, category) VALUES ('faq-1', 'Tanya', 'faq')",
    ).run();
    for (const id of ['tidak-ada', 'faq-1']) {
      for (const [method, json] of [
        ['GET', undefined],
        ['PUT', { title: 'Baru' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(`${BASE}/${id}`, { method, json, cookie: admin.cookie });
        expect(res.status, `${method} ${id}`).toBe(404);
        expect((await res.json<ErrorBody>()).error).toEqual({
          code: 'not_found',
          message: 'Data tidak ditemukan',
        });
      }
    }
    const faq = await env.DB.prepare("SELECT title FROM customer_service WHERE id = 'faq-1'").first();
    expect(faq).toEqual({ title: 'Tanya' });
  });

  it('refuses guests (401) and customers (403) on every route, writing nothing', async () => {
    const admin = await createUser('admin');
    const record = await create(admin.cookie, { title: 'Rahasia' });
    const customer = await createUser('customer');
    const routes = [
      ['GET', BASE, undefined],
      ['GET', `${BASE}/${record.id}`, undefined],
      ['POST', BASE, { title: 'Baru' }],
      ['PUT', `${BASE}/${record.id}`, { title: 'Diubah' }],
      ['DELETE', `${BASE}/${record.id}`, undefined],
    ] as const;
    for (const [method, path, json] of routes) {
      expect((await call(path, { method, json })).status, `guest ${method} ${path}`).toBe(401);
      const res = await call(path, { method, json, cookie: customer.cookie });
      expect(res.status, `customer ${method} ${path}`).toBe(403);
    }
    const rows = await env.DB.prepare('SELECT id, title FROM customer_service').all();
    expect(rows.results).toEqual([{ id: record.id, title: 'Rahasia' }]);
  });
});
