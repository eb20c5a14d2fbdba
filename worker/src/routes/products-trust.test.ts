import { env } from 'cloudflare:test';
import type { AdminProductDetail, ProductDetail, TrustMarks } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from '../../test/helpers.ts';

// Trust marks on products (issue 41, decision 043): edited with the product, read in public.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const base = {
  name: 'Melati Senja',
  description: 'Melati Jawa yang lembut dengan dasar cendana.',
  image: '/images/melati-senja.webp',
  variants: [{ size_ml: 50, price: 350_000, stock: 12, sku: null, weight_grams: 270 }],
};

const MARKS: TrustMarks = {
  bpom_number: 'NA18201200456',
  bpom_valid_until: '2028-06-30',
  halal_number: 'ID00410000123450422',
  ingredients: 'Alcohol, Parfum, Aqua, Jasminum Sambac Flower Extract',
};

async function create(admin: TestUser, extra: object = {}): Promise<AdminProductDetail> {
  const res = await call('/api/products', {
    method: 'POST',
    cookie: admin.cookie,
    json: { ...base, ...extra },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as AdminProductDetail;
}

/** The admin's save of `product` as its form read it, with `extra`. */
const save = (admin: TestUser, product: AdminProductDetail, extra: object) =>
  call(`/api/products/${product.id}`, {
    method: 'PUT',
    cookie: admin.cookie,
    json: {
      ...base,
      variants: product.variants.map((v) => ({
        id: v.id,
        size_ml: v.size_ml,
        price: v.price,
        stock: v.stock,
        expected_stock: v.stock,
        sku: v.sku,
        weight_grams: v.weight_grams,
      })),
      ...extra,
    },
  });

const publicRead = async (id: string) => {
  const res = await call(`/api/products/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ProductDetail;
};

describe('trust marks on the product', () => {
  it('are saved with the product and answered on its public read; a number is written as printed', async () => {
    const admin = await createUser('admin');
    const created = await create(admin, {
      trust_marks: { ...MARKS, bpom_number: ' na18 2012 00456 ' },
    });
    expect(created.trust_marks).toEqual(MARKS);
    expect((await publicRead(created.id)).trust_marks).toEqual(MARKS);
  });

  it('a product without any answers null', async () => {
    const admin = await createUser('admin');
    const created = await create(admin);
    expect((await publicRead(created.id)).trust_marks).toBeNull();
  });

  it('a save that leaves them out keeps them; null clears them; an object replaces them whole', async () => {
    const admin = await createUser('admin');
    const created = await create(admin, { trust_marks: MARKS });
    const token = () => env.DB.prepare('SELECT token FROM cache_version WHERE id = 1').first<string>('token');

    // The admin's form as it is today sends no trust marks: they stay.
    expect((await save(admin, created, {})).status).toBe(200);
    expect((await publicRead(created.id)).trust_marks).toEqual(MARKS);

    const halalOnly = { bpom_number: null, bpom_valid_until: null, halal_number: 'ID0041', ingredients: '' };
    const before = await token();
    const res = await save(admin, created, { trust_marks: halalOnly });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminProductDetail).trust_marks).toEqual({
      bpom_number: null,
      bpom_valid_until: null,
      halal_number: 'ID0041',
      ingredients: null,
    });
    // Guests' cached product pages show the change.
    expect(await token()).not.toBe(before);

    expect((await save(admin, created, { trust_marks: null })).status).toBe(200);
    expect((await publicRead(created.id)).trust_marks).toBeNull();
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM product_trust_marks WHERE product_id = ?')
      .bind(created.id)
      .first<number>('n');
    expect(rows).toBe(0);
  });

  it('refuses a number BPOM does not issue, a lone number or date, and an impossible date, in Indonesian, with no change', async () => {
    const admin = await createUser('admin');
    const created = await create(admin, { trust_marks: MARKS });
    const refused = async (marks: object, field: string, message: string) => {
      const res = await save(admin, created, { trust_marks: { ...MARKS, ...marks } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.fields?.[`trust_marks.${field}`]).toBe(message);
    };
    const FORMAT =
      'Nomor notifikasi BPOM harus 2 huruf dan 11 angka, contoh: NA18201200456 (kit: NKIT dan 9 angka)';
    await refused({ bpom_number: 'MD 123456789012' }, 'bpom_number', FORMAT);
    await refused({ bpom_number: 'NA1820120045' }, 'bpom_number', FORMAT);
    await refused({ bpom_number: 'NF18201200456' }, 'bpom_number', FORMAT);
    await refused({ bpom_valid_until: null }, 'bpom_valid_until', 'Isi tanggal berakhirnya notifikasi BPOM');
    await refused({ bpom_number: '' }, 'bpom_number', 'Isi nomor notifikasi BPOM untuk tanggal berlaku ini');
    await refused({ bpom_valid_until: '2028-02-30' }, 'bpom_valid_until', 'Tanggal tidak valid');
    await refused(
      { bpom_valid_until: '30/06/2028' },
      'bpom_valid_until',
      'Tanggal harus ditulis TTTT-BB-HH, contoh: 2028-06-30',
    );
    await refused(
      { halal_number: 'ID<script>' },
      'halal_number',
      'Nomor sertifikat halal hanya boleh huruf, angka, titik, garis miring, spasi dan tanda hubung',
    );
    await refused({ ingredients: 'a'.repeat(2001) }, 'ingredients', 'Komposisi maksimal 2000 karakter');
    expect((await save(admin, created, { trust_marks: { ...MARKS, unknown: 1 } })).status).toBe(400);
    expect((await publicRead(created.id)).trust_marks).toEqual(MARKS);
  });

  it('a kit and an imported product’s numbers are accepted', async () => {
    const admin = await createUser('admin');
    for (const number of ['NKIT123456789', 'NC14191200789']) {
      const created = await create(admin, { trust_marks: { ...MARKS, bpom_number: number } });
      expect(created.trust_marks?.bpom_number).toBe(number);
    }
  });

  it('go with their product when it is deleted', async () => {
    const admin = await createUser('admin');
    const created = await create(admin, { trust_marks: MARKS });
    expect(
      (await call(`/api/products/${created.id}`, { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(204);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM product_trust_marks WHERE product_id = ?')
      .bind(created.id)
      .first<number>('n');
    expect(rows).toBe(0);
  });
});
