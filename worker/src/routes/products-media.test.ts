import { env } from 'cloudflare:test';
import type { Page, Product, ProductDetail, ScentNoteOption, UploadedImage } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';

// Decision 017: photos (ordered, cover first), their widths, scent notes and what reads them.

const photo = (name: string, widths: number[] = [320, 720, 1200]) => ({
  url: `/images/${name}.webp`,
  widths,
});

const citrus = {
  name: 'Citrus Bloom',
  description: 'Parfum ringan untuk pagi yang cerah.',
  variants: [{ size_ml: 50, price: 229_000, stock: 10, weight_grams: 270 }],
  images: [photo('citrus-a'), photo('citrus-b')],
  notes: { top: ['Jeruk', 'Lemon'], heart: ['Néroli'], base: ['Kasturi'] },
  concentration: 'EDT',
  gender: 'unisex',
};

async function create(json: unknown, cookie: string): Promise<ProductDetail> {
  const res = await call('/api/products', { method: 'POST', json, cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ProductDetail;
}

const detail = async (id: string) => (await (await call(`/api/products/${id}`)).json()) as ProductDetail;
const list = async (query: string) => (await (await call(`/api/products${query}`)).json()) as Page<Product>;

describe('product photos', () => {
  it('keeps the order, makes the first the cover, and reorders and removes on update', async () => {
    const admin = await createUser('admin');
    const made = await create({ ...citrus, images: [photo('a'), photo('b'), photo('c', [])] }, admin.cookie);
    expect(made.images).toEqual([photo('a'), photo('b'), photo('c', [])]);
    expect(made).toMatchObject({ image: '/images/a.webp', image_widths: [320, 720, 1200] });

    // The admin moves c to the front and removes a.
    const res = await call(`/api/products/${made.id}`, {
      method: 'PUT',
      json: { ...citrus, images: [photo('c', []), photo('b')] },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const updated = await detail(made.id);
    expect(updated.images).toEqual([photo('c', []), photo('b')]);
    // Cards, the cart and orders read the cover from the product row.
    const card = (await list('')).items[0];
    expect(card).toMatchObject({ image: '/images/c.webp', image_widths: [] });
    expect(await countRows('product_images')).toBe(2);
  });

  it('refuses widths on an external photo and widths that are not the copies made, writing nothing', async () => {
    const admin = await createUser('admin');
    for (const images of [
      [{ url: 'https://cdn.contoh.id/a.jpg', widths: [320, 1200] }],
      [{ url: '/images/a.webp', widths: [500, 1200] }],
      [{ url: '/images/a.webp', widths: [720, 320] }],
      [],
    ]) {
      const res = await call('/api/products', {
        method: 'POST',
        json: { ...citrus, images },
        cookie: admin.cookie,
      });
      expect(res.status).toBe(400);
    }
    expect(await countRows('products')).toBe(0);
    expect(await countRows('product_images')).toBe(0);
  });

  it('lets only an admin write photos and notes', async () => {
    const admin = await createUser('admin');
    const customer = await createUser('customer');
    const made = await create(citrus, admin.cookie);
    const changed = { ...citrus, images: [photo('lain')], notes: { top: ['Oud'], heart: [], base: [] } };
    const asCustomer = await call(`/api/products/${made.id}`, {
      method: 'PUT',
      json: changed,
      cookie: customer.cookie,
    });
    expect(asCustomer.status).toBe(403);
    const asGuest = await call(`/api/products/${made.id}`, { method: 'PUT', json: changed });
    expect(asGuest.status).toBe(401);
    expect((await detail(made.id)).images).toEqual(citrus.images);
  });

  it('deletes the photos and notes with the product', async () => {
    const admin = await createUser('admin');
    const made = await create(citrus, admin.cookie);
    expect((await call(`/api/products/${made.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(
      204,
    );
    expect(await countRows('product_images')).toBe(0);
    expect(await countRows('product_notes')).toBe(0);
    expect(await countRows('scent_notes')).toBe(0);
  });
});

describe('scent notes', () => {
  it('shows the notes by layer with concentration and gender', async () => {
    const admin = await createUser('admin');
    const made = await create(citrus, admin.cookie);
    expect(await detail(made.id)).toMatchObject({
      notes: { top: ['Jeruk', 'Lemon'], heart: ['Néroli'], base: ['Kasturi'] },
      concentration: 'EDT',
      gender: 'unisex',
    });
  });

  it('finds a product by a note its name and description do not mention, accents folded', async () => {
    const admin = await createUser('admin');
    const made = await create(citrus, admin.cookie);
    await create(
      { ...citrus, name: 'Oud Royale', notes: { top: ['Oud'], heart: [], base: [] } },
      admin.cookie,
    );
    expect((await list('?q=jeruk')).items.map((p) => p.id)).toEqual([made.id]);
    expect((await list('?q=neroli')).items.map((p) => p.id)).toEqual([made.id]);

    // Changing the notes changes what search finds.
    await call(`/api/products/${made.id}`, {
      method: 'PUT',
      json: { ...citrus, notes: { top: ['Bergamot'], heart: [], base: [] } },
      cookie: admin.cookie,
    });
    expect((await list('?q=jeruk')).total).toBe(0);
    expect((await list('?q=bergamot')).items.map((p) => p.id)).toEqual([made.id]);
  });

  it('filters by a note in the URL, case and accents folded, with the other filters', async () => {
    const admin = await createUser('admin');
    const bloom = await create(citrus, admin.cookie);
    const pagi = await create(
      {
        ...citrus,
        name: 'Bergamot Pagi',
        variants: [{ size_ml: 50, price: 289_000, stock: 10, weight_grams: 270 }],
      },
      admin.cookie,
    );
    await create(
      { ...citrus, name: 'Oud Royale', notes: { top: ['Oud'], heart: [], base: [] } },
      admin.cookie,
    );
    expect((await list('?note=NEROLI&sort=price-asc')).items.map((p) => p.id)).toEqual([bloom.id, pagi.id]);
    expect((await list('?note=jeruk&min=250000')).items.map((p) => p.id)).toEqual([pagi.id]);
    expect((await list('?note=vanila')).total).toBe(0);
    expect((await list('?note=')).total).toBe(3);
  });

  it('lists the notes in use once each, alphabetical, and forgets unused ones', async () => {
    const admin = await createUser('admin');
    const made = await create(citrus, admin.cookie);
    await create({ ...citrus, name: 'Bergamot Pagi' }, admin.cookie);
    const notes = async () =>
      ((await (await call('/api/products/notes')).json()) as { items: ScentNoteOption[] }).items;
    expect(await notes()).toEqual([
      { key: 'jeruk', name: 'Jeruk' },
      { key: 'kasturi', name: 'Kasturi' },
      { key: 'lemon', name: 'Lemon' },
      { key: 'neroli', name: 'Néroli' },
    ]);
    await call(`/api/products/${made.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(await notes()).toHaveLength(4);
    await env.DB.prepare('DELETE FROM products').run();
    expect(await notes()).toEqual([]);
  });
});

describe('related products', () => {
  it('answers products sharing a collection or notes, most shared first, never the product itself', async () => {
    const admin = await createUser('admin');
    const none = { top: [], heart: [], base: [] };
    const bloom = await create(citrus, admin.cookie);
    const pagi = await create(
      { ...citrus, name: 'Bergamot Pagi', notes: { ...none, top: ['Jeruk'] } },
      admin.cookie,
    );
    const yuzu = await create(
      { ...citrus, name: 'Yuzu & Teh', notes: { ...none, top: ['Jeruk', 'Lemon'], base: ['Kasturi'] } },
      admin.cookie,
    );
    const oud = await create(
      { ...citrus, name: 'Oud Royale', notes: { ...none, base: ['Oud'] } },
      admin.cookie,
    );
    const santal = await create(
      { ...citrus, name: 'Santal Kraton', notes: { ...none, base: ['Kasturi'] } },
      admin.cookie,
    );
    await env.DB.batch([
      env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('c1', 'segar', 'Segar')"),
      env.DB.prepare(
        "INSERT INTO collection_products (collection_id, product_id) VALUES ('c1', ?), ('c1', ?)",
      ).bind(bloom.id, santal.id),
    ]);
    const res = await call(`/api/products/${bloom.id}/related`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: Product[] };
    // Yuzu shares three notes, Santal a note and the collection, Pagi one note.
    expect(items.map((p) => p.id)).toEqual([yuzu.id, santal.id, pagi.id]);
    expect(items.map((p) => p.id)).not.toContain(oud.id);
    expect((await (await call('/api/products/tidak-ada/related')).json()) as { items: Product[] }).toEqual({
      items: [],
    });
  });
});

describe('POST /api/images with smaller copies', () => {
  const upload = (body: FormData, cookie: string) => call('/api/images', { method: 'POST', body, cookie });
  const webp = () => new File([imageFixtures.webp.bytes], 'x.webp', { type: 'image/webp' });

  it('stores each copy beside the photo and answers the widths', async () => {
    const admin = await createUser('admin');
    const form = new FormData();
    form.set('file', webp());
    form.set('widths', '320,720,1600');
    form.set('w320', webp());
    form.set('w720', webp());
    const res = await upload(form, admin.cookie);
    expect(res.status).toBe(201);
    const body = (await res.json()) as UploadedImage;
    expect(body.widths).toEqual([320, 720, 1600]);
    const id = body.key.replace(/\.webp$/, '');
    for (const key of [body.key, `${id}-320w.webp`, `${id}-720w.webp`])
      expect(await env.IMAGES.head(key)).not.toBeNull();
    const served = await call(`/images/${id}-320w.webp`);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a copy that is missing, of an unknown width or not WebP, storing nothing', async () => {
    const admin = await createUser('admin');
    const png = new File([imageFixtures.png.bytes], 'x.png', { type: 'image/png' });
    const cases: [string, Record<string, File>, number][] = [
      ['320,720,1600', { w320: webp() }, 400],
      ['500,1600', { w500: webp() }, 400],
      ['720,320,1600', { w320: webp(), w720: webp() }, 400],
      ['320,1600', { w320: png }, 415],
    ];
    for (const [widths, copies, status] of cases) {
      const form = new FormData();
      form.set('file', webp());
      form.set('widths', widths);
      for (const [name, file] of Object.entries(copies)) form.set(name, file);
      expect((await upload(form, admin.cookie)).status, widths).toBe(status);
    }
    expect((await env.IMAGES.list()).objects).toHaveLength(0);
  });
});
