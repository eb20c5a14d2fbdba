import { env } from 'cloudflare:test';
import { type FaqEntry, type Policy, policyKinds, policyTitles } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const faqList = async () => (await (await call('/api/content/faq')).json<{ items: FaqEntry[] }>()).items;

async function addFaq(cookie: string, question: string, answer: string): Promise<FaqEntry> {
  const res = await call('/api/content/faq', { method: 'POST', json: { question, answer }, cookie });
  expect(res.status).toBe(201);
  return res.json<FaqEntry>();
}

const putPolicy = (kind: string, content: string, cookie?: string) =>
  call(`/api/content/policies/${kind}`, { method: 'PUT', json: { content }, cookie });

describe('FAQ', () => {
  it('is empty before the admin adds entries', async () => {
    const res = await call('/api/content/faq');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [] });
  });

  it('shows the admin’s additions, edits and deletions to everyone, oldest first', async () => {
    const admin = await createUser('admin');
    const first = await addFaq(admin.cookie, ' Apakah produk asli? ', 'Ya, semua asli.');
    expect(first).toEqual({
      id: expect.any(String),
      question: 'Apakah produk asli?',
      answer: 'Ya, semua asli.',
    });
    const second = await addFaq(admin.cookie, 'Berapa lama pengiriman?', '2-5 hari kerja.');
    const third = await addFaq(admin.cookie, 'Bisa retur?', 'Dalam 7 hari.');
    expect(await faqList()).toEqual([first, second, third]);

    const stored = await env.DB.prepare(
      'SELECT category, priority, status FROM customer_service WHERE id = ?',
    )
      .bind(first.id)
      .first();
    expect(stored).toEqual({ category: 'faq', priority: 'medium', status: 'active' });

    const put = await call(`/api/content/faq/${second.id}`, {
      method: 'PUT',
      json: { question: 'Berapa lama pengiriman ke Jabodetabek?', answer: '2-5 hari kerja.' },
      cookie: admin.cookie,
    });
    expect(put.status).toBe(200);
    const edited = { ...second, question: 'Berapa lama pengiriman ke Jabodetabek?' };
    expect(await put.json()).toEqual(edited);

    const del = await call(`/api/content/faq/${first.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(del.status).toBe(200);
    expect(await faqList()).toEqual([edited, third]);
  });

  it('requires a non-blank question and answer, saving nothing', async () => {
    const admin = await createUser('admin');
    const res = await call('/api/content/faq', {
      method: 'POST',
      json: { question: '  ', answer: '' },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.fields).toEqual({
      question: 'Pertanyaan harus diisi',
      answer: 'Jawaban harus diisi',
    });
    expect(await countRows('customer_service')).toBe(0);
  });

  it('answers 404 for a missing entry and for a record that is not an FAQ entry', async () => {
    const admin = await createUser('admin');
    await env.DB.prepare("INSERT INTO customer_service (id, title) VALUES ('cs-1', 'Keluhan')").run();
    for (const id of ['tidak-ada', 'cs-1']) {
      const put = await call(`/api/content/faq/${id}`, {
        method: 'PUT',
        json: { question: 'T', answer: 'J' },
        cookie: admin.cookie,
      });
      expect(put.status).toBe(404);
      expect((await put.json<ErrorBody>()).error.message).toBe('Data tidak ditemukan');
      expect((await call(`/api/content/faq/${id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(
        404,
      );
    }
    expect(await env.DB.prepare('SELECT title, category FROM customer_service').first()).toEqual({
      title: 'Keluhan',
      category: 'general',
    });
  });

  it('refuses guests (401) and customers (403) on every write, changing nothing', async () => {
    const admin = await createUser('admin');
    const entry = await addFaq(admin.cookie, 'Tanya', 'Jawab');
    const customer = await createUser('customer');
    const routes = [
      ['POST', '/api/content/faq', { question: 'Q', answer: 'A' }],
      ['PUT', `/api/content/faq/${entry.id}`, { question: 'Q', answer: 'A' }],
      ['DELETE', `/api/content/faq/${entry.id}`, undefined],
    ] as const;
    for (const [method, path, json] of routes) {
      expect((await call(path, { method, json })).status, `guest ${method}`).toBe(401);
      expect((await call(path, { method, json, cookie: customer.cookie })).status, `customer ${method}`).toBe(
        403,
      );
    }
    expect(await faqList()).toEqual([entry]);
  });
});

describe('policies', () => {
  it('answers 404 before a policy exists and for an unknown kind', async () => {
    for (const path of ['/api/content/policies/privacy-policy', '/api/content/policies/cookie-policy']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect((await res.json<ErrorBody>()).error.message).toBe('Data tidak ditemukan');
    }
    const admin = await createUser('admin');
    expect((await putPolicy('cookie-policy', 'Isi', admin.cookie)).status).toBe(404);
    expect(await countRows('customer_service')).toBe(0);
  });

  it('creates each policy once with its fixed title, then updates that record', async () => {
    const admin = await createUser('admin');
    for (const kind of policyKinds) {
      const created = await putPolicy(kind, `Versi pertama ${kind}`, admin.cookie);
      expect(created.status).toBe(200);
      const policy = await created.json<Policy>();
      expect(policy).toEqual({
        kind,
        title: policyTitles[kind],
        content: `Versi pertama ${kind}`,
        updated_at: expect.any(String),
      });
      const row = await env.DB.prepare(
        'SELECT id, title, priority, status FROM customer_service WHERE category = ?',
      )
        .bind(kind)
        .first<{ id: string }>();
      expect(row).toMatchObject({ title: policyTitles[kind], priority: 'high', status: 'active' });

      await new Promise((resolve) => setTimeout(resolve, 5));
      const updated = await (await putPolicy(kind, '  Versi kedua  ', admin.cookie)).json<Policy>();
      expect(updated).toMatchObject({ kind, title: policyTitles[kind], content: 'Versi kedua' });
      expect(updated.updated_at > policy.updated_at).toBe(true);

      const rows = await env.DB.prepare('SELECT id, title FROM customer_service WHERE category = ?')
        .bind(kind)
        .all();
      expect(rows.results).toEqual([{ id: row?.id, title: policyTitles[kind] }]);

      const read = await call(`/api/content/policies/${kind}`);
      expect(await read.json()).toEqual(updated);
    }
    expect(await countRows('customer_service')).toBe(policyKinds.length);
  });

  it('restores the fixed title of a record whose title was changed elsewhere', async () => {
    await env.DB.prepare(
      "INSERT INTO customer_service (id, title, description, category) VALUES ('t1', 'Judul lama', 'Isi', 'terms-conditions')",
    ).run();
    const admin = await createUser('admin');
    const policy = await (await putPolicy('terms-conditions', 'Isi baru', admin.cookie)).json<Policy>();
    expect(policy.title).toBe('Syarat & Ketentuan');
    expect(await countRows('customer_service')).toBe(1);
  });

  it('requires content and refuses guests (401) and customers (403), writing nothing', async () => {
    const admin = await createUser('admin');
    const blank = await putPolicy('shipping-policy', '   ', admin.cookie);
    expect(blank.status).toBe(400);
    expect((await blank.json<ErrorBody>()).error.message).toBe('Isi kebijakan harus diisi');
    expect((await putPolicy('shipping-policy', 'Isi')).status).toBe(401);
    const customer = await createUser('customer');
    expect((await putPolicy('shipping-policy', 'Isi', customer.cookie)).status).toBe(403);
    expect(await countRows('customer_service')).toBe(0);
  });
});
