import { formatDateTime } from '@gi/contracts/web';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { adminProduct as existing } from '../../test/products.ts';
import { admin, apiError, callsTo, mockApi, renderPage, session } from '../../test/render.tsx';
import { ProductEditor } from './product-editor.tsx';
import { ProductForm } from './product-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const uploaded = (key = 'abc123') =>
  Response.json(
    { url: `/images/${key}.webp`, key: `${key}.webp`, contentType: 'image/webp', size: 1000, widths: [] },
    { status: 201 },
  );
const noNotes = { top: [], heart: [], base: [] };
/** Blank trust-mark fields: the product has none (decision 043). */
const noTrustMarks = { bpom_number: null, bpom_valid_until: null, halal_number: null, ingredients: null };
/** The API calls but the session's read (the form asks it for the role's fields, decision 052). */
const saveCalls = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([url]) => !String(url).includes('/api/auth/session'));
const photo = () => new File([new Uint8Array([1, 2, 3])], 'parfum.webp', { type: 'image/webp' });

/** Name, description and the first size's price; its size (50 ml), stock (12) and weight (270 g) unless told. */
async function fill(
  name: string,
  description: string,
  price: string,
  size = '50',
  stock = '12',
  weight = '270',
) {
  await userEvent.type(screen.getByLabelText('Nama Produk'), name);
  await userEvent.type(screen.getByLabelText('Deskripsi'), description);
  if (size) await userEvent.type(screen.getByLabelText('Ukuran (ml)'), size);
  await userEvent.type(screen.getByLabelText('Harga'), price);
  if (stock) await userEvent.type(screen.getByLabelText('Stok'), stock);
  if (weight) await userEvent.type(screen.getByLabelText('Berat (gram)'), weight);
}

it('shows the spec messages and the image toast, without calling the API', async () => {
  const fetch = mockApi({});
  const { toasts } = renderPage('/admin', <ProductForm />);
  await fill('Ou', 'Pendek', ' ', '', '');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  expect(screen.getByText('Nama produk minimal 3 karakter')).toBeTruthy();
  expect(screen.getByText('Deskripsi produk minimal 10 karakter')).toBeTruthy();
  expect(screen.getByText('Ukuran harus diisi')).toBeTruthy();
  expect(screen.getByText('Harga tidak boleh kosong')).toBeTruthy();
  expect(screen.getByText('Stok harus diisi')).toBeTruthy();
  expect(toasts).toContainEqual({
    title: 'Gambar diperlukan',
    description: 'Silakan pilih gambar untuk produk',
    variant: 'destructive',
  });
  expect(saveCalls(fetch)).toEqual([]);
});

it('says a price that is not a rupiah amount is not valid, without calling the API', async () => {
  const fetch = mockApi({});
  renderPage('/admin', <ProductForm />);
  await fill('Oud Royale', 'Perpaduan oud dan mawar yang hangat', 'abc');
  expect(screen.getByText('Contoh: Rp 250.000')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  expect(screen.getByText('Harga harus berupa angka rupiah, contoh: Rp 250.000')).toBeTruthy();
  expect(screen.queryByText('Harga tidak boleh kosong')).toBeNull();
  expect(saveCalls(fetch)).toEqual([]);
});

it('asks for each size’s weight in grams and a sensible box, per field, without calling the API', async () => {
  const fetch = mockApi({ 'POST /api/images': () => uploaded() });
  renderPage('/admin', <ProductForm />);
  await userEvent.upload(screen.getByLabelText('Pilih gambar'), photo());
  await screen.findByRole('img', { name: 'Pratinjau foto sampul' });
  await fill('Oud Royale', 'Perpaduan oud dan mawar yang hangat', 'Rp 250.000', '50', '12', '');
  const weight = screen.getByLabelText('Berat (gram)');
  expect(weight).toHaveProperty('required', true);
  expect(screen.getByRole('group', { name: 'Dimensi (cm, opsional)' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  expect(screen.getByText('Berat harus diisi dalam gram')).toBeTruthy();
  await userEvent.type(weight, '40000');
  await userEvent.type(screen.getByLabelText('Tinggi (cm)'), '200');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  expect(screen.getByText('Berat maksimal 30.000 gram (30 kg)')).toBeTruthy();
  expect(screen.getByText('Ukuran maksimal 150 cm')).toBeTruthy();
  expect(weight.getAttribute('aria-invalid')).toBe('true');
  expect(callsTo(fetch, 'POST /api/products')).toHaveLength(0);
});

it('leaves a weight that is still the estimate blank, so the save asks for the real one', async () => {
  const estimated = {
    ...existing,
    variants: [
      {
        ...existing.variants[0],
        weight_grams: 270,
        weight_estimated: true,
        length_cm: null,
        width_cm: null,
        height_cm: null,
      },
    ],
  };
  const fetch = mockApi({
    'GET /api/admin/products/p1': () => Response.json(estimated),
    'PUT /api/products/p1': (_, init) => Response.json({ ...estimated, ...JSON.parse(String(init.body)) }),
  });
  renderPage('/admin', <ProductEditor id="p1" onDone={() => {}} />);
  const weight = await screen.findByLabelText('Berat (gram)');
  expect(weight).toHaveProperty('value', '');
  expect(weight.getAttribute('placeholder')).toBe('270');
  expect(screen.getByText('Masih perkiraan (270 g): timbang paketnya lalu isi beratnya')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  expect(await screen.findByText('Berat harus diisi dalam gram')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/products/p1')).toHaveLength(0);
  await userEvent.type(weight, '265');
  await userEvent.type(screen.getByLabelText('Panjang (cm)'), '6');
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  await waitFor(() => expect(callsTo(fetch, 'PUT /api/products/p1')).toHaveLength(1));
  expect(callsTo(fetch, 'PUT /api/products/p1')[0]?.body).toMatchObject({
    variants: [{ id: 'v1', weight_grams: 265, length_cm: 6, width_cm: null, height_cm: null }],
  });
});

it('previews the typed price in rupiah', async () => {
  mockApi({});
  renderPage('/admin', <ProductForm />);
  expect(screen.getByText('Contoh: Rp 250.000')).toBeTruthy();
  await userEvent.type(screen.getByLabelText('Harga'), 'Rp 250.000');
  expect(screen.getByText('Tersimpan sebagai Rp 250.000')).toBeTruthy();
});

it("uploads the chosen image with 'Mengunggah...', saves the product, resets and hands back", async () => {
  let release: () => void = () => {};
  const fetch = mockApi({
    'POST /api/images': () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(uploaded());
      }),
    'POST /api/products': (_, init) =>
      Response.json(
        { id: 'p9', ...JSON.parse(String(init.body)), created_at: '', updated_at: '' },
        { status: 201 },
      ),
  });
  const onSaved = vi.fn();
  const { toasts } = renderPage('/admin', <ProductForm onSaved={onSaved} />);
  const file = screen.getByLabelText('Pilih gambar');
  expect(file.getAttribute('accept')).toBe('image/*');
  expect(screen.getByText(/^PNG, JPG, GIF hingga 5MB\. Foto pertama menjadi sampul/)).toBeTruthy();
  await userEvent.upload(file, photo());
  expect(await screen.findByText('Mengunggah...')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Simpan Produk' })).toHaveProperty('disabled', true);
  release();
  const preview = await screen.findByRole('img', { name: 'Pratinjau foto sampul' });
  expect(preview.getAttribute('src')).toBe('/images/abc123.webp');
  expect(screen.getByLabelText('Tambah foto')).toBeTruthy();
  const sent = callsTo(fetch, 'POST /api/images')[0]?.body as FormData;
  expect((sent.get('file') as File).name).toBe('parfum.webp');

  await fill('Oud Royale', 'Perpaduan oud dan mawar yang hangat', 'Rp 250.000');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Produk berhasil disimpan' }));
  expect(callsTo(fetch, 'POST /api/products')[0]?.body).toEqual({
    name: 'Oud Royale',
    description: 'Perpaduan oud dan mawar yang hangat',
    variants: [
      {
        size_ml: 50,
        price: 250_000,
        stock: 12,
        sku: null,
        max_per_order: 5,
        weight_grams: 270,
        length_cm: null,
        width_cm: null,
        height_cm: null,
        sample_credit: null,
      },
    ],
    images: [{ url: '/images/abc123.webp', widths: [] }],
    notes: noNotes,
    trust_marks: noTrustMarks,
    concentration: null,
    gender: null,
  });
  expect(onSaved).toHaveBeenCalled();
  expect(screen.getByLabelText('Nama Produk')).toHaveProperty('value', '');
  expect(screen.getByLabelText('Harga')).toHaveProperty('value', '');
  expect(screen.getByLabelText('Ukuran (ml)')).toHaveProperty('value', '');
  expect(screen.queryByRole('img', { name: 'Pratinjau foto sampul' })).toBeNull();
});

it("toasts the upload failure with the server's message", async () => {
  mockApi({
    'POST /api/images': () =>
      Response.json(
        { error: { code: 'unsupported_image_type', message: 'Format gambar tidak didukung.' } },
        { status: 415 },
      ),
  });
  const { toasts } = renderPage('/admin', <ProductForm />);
  await userEvent.upload(screen.getByLabelText('Pilih gambar'), photo());
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Format gambar tidak didukung.',
      variant: 'destructive',
    }),
  );
  expect(screen.queryByText('Mengunggah...')).toBeNull();
});

it("edits a product with PUT and toasts 'Produk berhasil diperbarui'", async () => {
  const fetch = mockApi({
    'GET /api/admin/products/p1': () => Response.json(existing),
    'PUT /api/products/p1': (_, init) => Response.json({ ...existing, ...JSON.parse(String(init.body)) }),
  });
  const onDone = vi.fn();
  const { toasts } = renderPage('/admin', <ProductEditor id="p1" onDone={onDone} />);
  const name = await screen.findByLabelText('Nama Produk');
  expect(name).toHaveProperty('value', 'Oud Royale');
  expect(screen.getByLabelText('Harga')).toHaveProperty('value', 'Rp 250.000');
  await userEvent.clear(screen.getByLabelText('Harga'));
  await userEvent.type(screen.getByLabelText('Harga'), '275000');
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Produk berhasil diperbarui' }));
  expect(callsTo(fetch, 'PUT /api/products/p1')[0]?.body).toEqual({
    name: 'Oud Royale',
    description: 'Perpaduan oud dan mawar yang hangat',
    // The stock the form read goes with the size (decision 025).
    variants: [
      {
        id: 'v1',
        size_ml: 50,
        price: 275_000,
        stock: 4,
        expected_stock: 4,
        sku: 'OUD-50',
        max_per_order: 5,
        weight_grams: 280,
        length_cm: 6,
        width_cm: 6,
        height_cm: 14,
        sample_credit: null,
      },
    ],
    images: [{ url: '/images/oud.webp', widths: [] }],
    notes: noNotes,
    trust_marks: noTrustMarks,
    concentration: null,
    gender: null,
  });
  expect(onDone).toHaveBeenCalled();
});

it('offers to reload the form when the stock changed since it was opened, and saves the maximum per order', async () => {
  let stock = 4;
  const fetch = mockApi({
    'GET /api/admin/products/p1': () =>
      Response.json({ ...existing, variants: [{ ...existing.variants[0], stock }] }),
    'PUT /api/products/p1': apiError(
      409,
      'Stok berubah sejak formulir dibuka. Muat ulang formulir untuk melihat stok terkini.',
      'stock_changed',
      { 'variants.0.stock': 'Stok berubah sejak formulir dibuka. Muat ulang formulir.' },
    ),
  });
  renderPage('/admin', <ProductEditor id="p1" onDone={vi.fn()} />);
  const max = await screen.findByLabelText('Maks. per pesanan');
  expect(max).toHaveProperty('value', '5');
  await userEvent.clear(max);
  await userEvent.type(max, '2');
  await userEvent.clear(screen.getByLabelText('Stok'));
  await userEvent.type(screen.getByLabelText('Stok'), '10');
  // A customer buys meanwhile.
  stock = 1;
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  expect(
    await screen.findByText(
      'Stok berubah sejak formulir dibuka. Muat ulang formulir untuk melihat stok terkini.',
    ),
  ).toBeTruthy();
  expect(screen.getByText('Stok berubah sejak formulir dibuka. Muat ulang formulir.')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/products/p1')[0]?.body).toMatchObject({
    variants: [{ id: 'v1', stock: 10, expected_stock: 4, max_per_order: 2 }],
  });
  await userEvent.click(screen.getByRole('button', { name: 'Muat Ulang Formulir' }));
  await waitFor(() => expect(screen.getByLabelText('Stok')).toHaveProperty('value', '1'));
  expect(screen.queryByRole('button', { name: 'Muat Ulang Formulir' })).toBeNull();
});

it('shows the refusal of a save that leaves out a sample a discovery set holds', async () => {
  const inSet = 'Ukuran 50 ml ada di Set Discovery "Set Pria 10 ml"; keluarkan dulu dari set itu.';
  mockApi({
    'GET /api/admin/products/p1': () => Response.json(existing),
    'PUT /api/products/p1': apiError(409, inSet, 'sample_in_set'),
  });
  renderPage('/admin', <ProductEditor id="p1" onDone={vi.fn()} />);
  await screen.findByLabelText('Maks. per pesanan');
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  expect((await screen.findByRole('alert')).textContent).toContain(inSet);
});

it("shows a saved size's stock history: from, to, why, who and when, a page at a time", async () => {
  const change = (n: number) => ({
    id: `c${n}`,
    from_stock: 10 - n,
    to_stock: 9 - n,
    reason: 'order',
    order_id: '3f2a9c1e-7b5d-4e11-9a00-1234567890ab',
    actor: 'customer',
    actor_name: 'Siti Aminah',
    created_at: '2026-11-21T03:05:00.000Z',
  });
  const fetch = mockApi({
    'GET /api/admin/products/p1': () => Response.json(existing),
    'GET /api/admin/stock/v1/changes': (url) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return Response.json({
        items: page === 2 ? [change(10)] : [0, 1].map(change),
        total: 11,
        page,
        pageSize: 10,
      });
    },
  });
  renderPage('/admin', <ProductEditor id="p1" onDone={vi.fn()} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Riwayat Stok' }));
  const history = await screen.findByRole('list', { name: 'Riwayat stok' });
  expect(within(history).getAllByRole('listitem')[0]?.textContent).toBe(
    `10 → 9 · Pesanan dibuat #3f2a9c1e · Pelanggan (Siti Aminah) · ${formatDateTime('2026-11-21T03:05:00.000Z')}`,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Berikutnya →' }));
  await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(1));
  expect(callsTo(fetch, 'GET /api/admin/stock/v1/changes')).toHaveLength(2);
});

it("toasts 'Gagal menyimpan produk' when saving fails", async () => {
  mockApi({
    'GET /api/admin/products/p1': () => Response.json(existing),
    'PUT /api/products/p1': apiError(500),
  });
  const onDone = vi.fn();
  const { toasts } = renderPage('/admin', <ProductEditor id="p1" onDone={onDone} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Perbarui Produk' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal menyimpan produk',
      variant: 'destructive',
    }),
  );
  expect(onDone).not.toHaveBeenCalled();
});

it("says 'Produk tidak ditemukan.' for an unknown product", async () => {
  mockApi({ 'GET /api/admin/products/x': apiError(404, 'Produk tidak ditemukan.', 'not_found') });
  renderPage('/admin', <ProductEditor id="x" onDone={() => {}} />);
  expect(await screen.findByText('Produk tidak ditemukan.')).toBeTruthy();
});

it('adds several photos at once, makes another the cover, moves and removes them, and saves the order', async () => {
  let n = 0;
  const fetch = mockApi({
    'GET /api/admin/products/p1': () => Response.json(existing),
    'POST /api/images': () => uploaded(`baru${++n}`),
    'PUT /api/products/p1': (_, init) => Response.json({ ...existing, ...JSON.parse(String(init.body)) }),
  });
  renderPage('/admin', <ProductEditor id="p1" onDone={() => {}} />);
  await screen.findByRole('img', { name: 'Pratinjau foto sampul' });
  await userEvent.upload(screen.getByLabelText('Tambah foto'), [photo(), photo()]);
  await screen.findByRole('img', { name: 'Pratinjau foto 3' });
  expect(callsTo(fetch, 'POST /api/images')).toHaveLength(2);
  const order = () =>
    within(screen.getByRole('list', { name: 'Urutan foto' }))
      .getAllByRole('img')
      .map((img) => img.getAttribute('src'));
  expect(order()).toEqual(['/images/oud.webp', '/images/baru1.webp', '/images/baru2.webp']);

  await userEvent.click(screen.getByRole('button', { name: 'Jadikan foto 3 sampul' }));
  expect(order()).toEqual(['/images/baru2.webp', '/images/oud.webp', '/images/baru1.webp']);
  // The cover cannot move further left, the last photo not further right.
  expect(screen.getByRole('button', { name: 'Geser foto sampul ke kiri' })).toHaveProperty('disabled', true);
  expect(screen.getByRole('button', { name: 'Geser foto 3 ke kanan' })).toHaveProperty('disabled', true);
  await userEvent.click(screen.getByRole('button', { name: 'Geser foto 2 ke kanan' }));
  expect(order()).toEqual(['/images/baru2.webp', '/images/baru1.webp', '/images/oud.webp']);
  await userEvent.click(screen.getByRole('button', { name: 'Hapus foto 2' }));
  expect(order()).toEqual(['/images/baru2.webp', '/images/oud.webp']);

  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  await waitFor(() => expect(callsTo(fetch, 'PUT /api/products/p1')).toHaveLength(1));
  expect(callsTo(fetch, 'PUT /api/products/p1')[0]?.body).toHaveProperty('images', [
    { url: '/images/baru2.webp', widths: [] },
    { url: '/images/oud.webp', widths: [] },
  ]);
});

it('says a photo is needed when the last one is removed, without calling the API', async () => {
  const fetch = mockApi({ 'GET /api/admin/products/p1': () => Response.json(existing) });
  renderPage('/admin', <ProductEditor id="p1" onDone={() => {}} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Hapus foto sampul' }));
  expect(screen.getByText('Belum ada gambar')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  expect(await screen.findByText('Gambar diperlukan')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/products/p1')).toHaveLength(0);
});

it('edits concentration, gender and the notes of each layer, typed separated by commas', async () => {
  const scented = {
    ...existing,
    concentration: 'EDP',
    gender: 'pria',
    notes: { top: ['Jeruk', 'Lemon'], heart: [], base: ['Oud'] },
  };
  const fetch = mockApi({
    'GET /api/admin/products/p1': () => Response.json(scented),
    'PUT /api/products/p1': (_, init) => Response.json({ ...scented, ...JSON.parse(String(init.body)) }),
  });
  renderPage('/admin', <ProductEditor id="p1" onDone={() => {}} />);
  const top = await screen.findByLabelText('Nada Atas');
  expect(top).toHaveProperty('value', 'Jeruk, Lemon');
  expect(screen.getByLabelText('Konsentrasi')).toHaveProperty('value', 'EDP');
  await userEvent.selectOptions(screen.getByLabelText('Konsentrasi'), 'Extrait de Parfum');
  await userEvent.selectOptions(screen.getByLabelText('Gender'), 'Tidak disebutkan');
  await userEvent.type(screen.getByLabelText('Nada Tengah'), ' Melati ,  Mawar, ');
  await userEvent.clear(top);
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  await waitFor(() => expect(callsTo(fetch, 'PUT /api/products/p1')).toHaveLength(1));
  expect(callsTo(fetch, 'PUT /api/products/p1')[0]?.body).toMatchObject({
    concentration: 'Extrait',
    gender: null,
    notes: { top: [], heart: ['Melati', 'Mawar'], base: ['Oud'] },
  });
});

it('says a note that is too long, without calling the API', async () => {
  const fetch = mockApi({ 'GET /api/admin/products/p1': () => Response.json(existing) });
  renderPage('/admin', <ProductEditor id="p1" onDone={() => {}} />);
  await userEvent.click(await screen.findByLabelText('Nada Dasar'));
  await userEvent.paste(`Kayu, ${'a'.repeat(41)}`);
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  expect(await screen.findByText('Nama aroma maksimal 40 karakter')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/products/p1')).toHaveLength(0);
});
it("adds and removes sizes, each with its price, stock and SKU, and shows the server's SKU conflict on its field", async () => {
  const fetch = mockApi({
    'POST /api/images': () => uploaded(),
    'POST /api/products': apiError(409, 'SKU sudah dipakai produk lain', 'sku_taken', {
      'variants.1.sku': 'SKU sudah dipakai produk lain',
    }),
  });
  renderPage('/admin', <ProductForm />);
  await userEvent.upload(screen.getByLabelText('Pilih gambar'), photo());
  await screen.findByRole('img', { name: 'Pratinjau foto sampul' });
  await fill('Melati Malam', 'Melati sambac yang mekar di malam hari', 'Rp 279.000', '30', '5');
  expect(screen.queryByRole('button', { name: 'Hapus Ukuran' })).toBeNull();
  for (const _ of [1, 2]) await userEvent.click(screen.getByRole('button', { name: '+ Tambah Ukuran' }));
  const row = (n: number) => within(screen.getByRole('group', { name: `Ukuran ${n}` }));
  await userEvent.type(row(2).getByLabelText('Ukuran (ml)'), '50');
  await userEvent.type(row(2).getByLabelText('Harga'), '459.000');
  await userEvent.type(row(2).getByLabelText('Stok'), '0');
  await userEvent.type(row(2).getByLabelText('SKU (opsional)'), 'MM-50');
  await userEvent.type(row(2).getByLabelText('Berat (gram)'), '420');
  await userEvent.click(row(3).getByRole('button', { name: 'Hapus Ukuran' }));
  expect(screen.queryByRole('group', { name: 'Ukuran 3' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  expect(await row(2).findByText('SKU sudah dipakai produk lain')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/products')[0]?.body).toMatchObject({
    variants: [
      { size_ml: 30, price: 279_000, stock: 5, sku: null, weight_grams: 270 },
      { size_ml: 50, price: 459_000, stock: 0, sku: 'MM-50', weight_grams: 420 },
    ],
  });
});

it("shows a content editor a size's price and stock as text, sends them as read, and adds or removes no size", async () => {
  const fetch = mockApi({
    'GET /api/auth/session': session({ ...admin, role: 'content_editor' }),
    [`GET /api/admin/products/${existing.id}`]: () => Response.json(existing),
    [`PUT /api/products/${existing.id}`]: () => Response.json(existing),
  });
  renderPage('/admin', <ProductEditor id={existing.id} onDone={vi.fn()} />);
  const size = existing.variants[0] as (typeof existing.variants)[number];
  expect(await screen.findByText(/hanya Pemilik dan Admin yang dapat mengubahnya/)).toBeTruthy();
  expect(screen.queryByLabelText('Harga')).toBeNull();
  expect(screen.queryByLabelText('Stok')).toBeNull();
  expect(screen.queryByRole('button', { name: '+ Tambah Ukuran' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Riwayat Stok' })).toBeNull();
  await userEvent.clear(screen.getByLabelText('Nama Produk'));
  await userEvent.type(screen.getByLabelText('Nama Produk'), 'Nama Baru Editor');
  await userEvent.click(screen.getByRole('button', { name: /Perbarui Produk|Simpan Produk/ }));
  await waitFor(() => expect(callsTo(fetch, `PUT /api/products/${existing.id}`)).toHaveLength(1));
  const sent = callsTo(fetch, `PUT /api/products/${existing.id}`)[0]?.body;
  expect(sent.name).toBe('Nama Baru Editor');
  expect(sent.variants[0]).toMatchObject({ id: size.id, price: size.price, stock: size.stock });
  expect(sent.variants[0].expected_stock).toBe(size.stock);
});

it('composes a saved size as a discovery set of other products’ samples; the row then shows the set’s stock and sends it blank', async () => {
  const sample = (id: string, name: string, ml: number) => ({
    ...existing,
    id,
    name,
    variants: [{ ...existing.variants[0], id: `${id}-${ml}`, size_ml: ml, stock: 6 }],
  });
  const composed = {
    stock: 6,
    components: [
      {
        variant_id: 'melati-2',
        product_id: 'melati',
        product_name: 'Melati',
        size_ml: 2,
        quantity: 1,
        stock: 6,
      },
      {
        variant_id: 'gaharu-2',
        product_id: 'gaharu',
        product_name: 'Gaharu',
        size_ml: 2,
        quantity: 1,
        stock: 6,
      },
    ],
  };
  let read = { stock: 4, components: [] as typeof composed.components };
  const fetch = mockApi({
    'GET /api/admin/products/p1': () => Response.json(existing),
    'GET /api/admin/variants/v1/components': () => Response.json(read),
    'GET /api/products': () =>
      Response.json({
        items: [sample('melati', 'Melati', 2), sample('gaharu', 'Gaharu', 2), sample('botol', 'Botol', 50)],
        total: 3,
        page: 1,
        pageSize: 10,
      }),
    'PUT /api/admin/variants/v1/components': () => {
      read = composed;
      return Response.json(composed);
    },
    'PUT /api/products/p1': () => Response.json(existing),
  });
  const { toasts } = renderPage('/admin', <ProductEditor id="p1" onDone={vi.fn()} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Jadikan Set Discovery' }));
  const panel = await screen.findByRole('group', { name: 'Isi set discovery' });
  await userEvent.click(
    await within(panel)
      .findAllByRole('button', { name: 'Tambah 2 ml' })
      .then((b) => b[0] as HTMLElement),
  );
  await userEvent.click(within(panel).getAllByRole('button', { name: 'Tambah 2 ml' })[1] as HTMLElement);
  // A full bottle is no sample: nothing to add.
  expect(within(panel).getByText('Botol: tanpa sampel')).toBeTruthy();
  await userEvent.click(within(panel).getByRole('button', { name: 'Simpan Isi Set' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Isi set tersimpan' }));
  expect(callsTo(fetch, 'PUT /api/admin/variants/v1/components')[0]?.body).toEqual({
    components: [
      { variant_id: 'melati-2', quantity: '1' },
      { variant_id: 'gaharu-2', quantity: '1' },
    ],
  });
  expect(await screen.findByText('Stok set: 6, dari stok sampel isinya')).toBeTruthy();
  expect(screen.queryByLabelText('Stok')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  await waitFor(() => expect(callsTo(fetch, 'PUT /api/products/p1')).toHaveLength(1));
  expect(callsTo(fetch, 'PUT /api/products/p1')[0]?.body.variants[0]).toMatchObject({
    stock: null,
    expected_stock: null,
  });
});

it('lets a content editor save a discovery set’s product: its uncounted stock is left out, not sent blank', async () => {
  const set = {
    ...existing,
    variants: [
      {
        ...existing.variants[0],
        stock: 3,
        contents: [{ product_name: 'Melati', size_ml: 2, quantity: 1 }],
      },
    ],
  };
  const fetch = mockApi({
    'GET /api/auth/session': session({ ...admin, role: 'content_editor' }),
    [`GET /api/admin/products/${existing.id}`]: () => Response.json(set),
    [`PUT /api/products/${existing.id}`]: () => Response.json(set),
  });
  renderPage('/admin', <ProductEditor id={existing.id} onDone={vi.fn()} />);
  expect(await screen.findByText(/stok tidak dihitung/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Isi Set' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: /Perbarui Produk|Simpan Produk/ }));
  await waitFor(() => expect(callsTo(fetch, `PUT /api/products/${existing.id}`)).toHaveLength(1));
  expect(callsTo(fetch, `PUT /api/products/${existing.id}`)[0]?.body.variants[0]).toMatchObject({
    stock: null,
    expected_stock: null,
  });
});

it('reopens a saved discovery set with its samples’ stock as text and saves it uncounted', async () => {
  const set = {
    ...existing,
    variants: [
      { ...existing.variants[0], stock: 3, contents: [{ product_name: 'Melati', size_ml: 2, quantity: 1 }] },
    ],
  };
  const fetch = mockApi({
    [`GET /api/admin/products/${existing.id}`]: () => Response.json(set),
    [`PUT /api/products/${existing.id}`]: () => Response.json(set),
  });
  renderPage('/admin', <ProductEditor id={existing.id} onDone={vi.fn()} />);
  expect(await screen.findByText('Stok set: 3, dari stok sampel isinya')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Isi Set' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));
  await waitFor(() => expect(callsTo(fetch, `PUT /api/products/${existing.id}`)).toHaveLength(1));
  expect(callsTo(fetch, `PUT /api/products/${existing.id}`)[0]?.body.variants[0]).toMatchObject({
    stock: null,
    expected_stock: null,
  });
});

it("offers 'Kredit Sampel (Rp)' only on a sample size or a set, sends it (blank = null), and shows the server's refusal on its field", async () => {
  const refusal = 'Kredit Sampel hanya untuk ukuran sampel (paling besar 10 ml) atau set discovery';
  const fetch = mockApi({
    'POST /api/images': () => uploaded(),
    'POST /api/products': apiError(422, refusal, 'sample_credit_not_sample', {
      'variants.1.sample_credit': refusal,
    }),
  });
  renderPage('/admin', <ProductForm />);
  await userEvent.upload(screen.getByLabelText('Pilih gambar'), photo());
  await screen.findByRole('img', { name: 'Pratinjau foto sampul' });
  await fill('Melati Malam', 'Melati sambac yang mekar di malam hari', 'Rp 279.000', '50', '5');
  expect(screen.queryByLabelText('Kredit Sampel (Rp)')).toBeNull();
  for (const _ of [1, 2]) await userEvent.click(screen.getByRole('button', { name: '+ Tambah Ukuran' }));
  const row = (n: number) => within(screen.getByRole('group', { name: `Ukuran ${n}` }));
  for (const [n, size, price] of [
    [2, '2', '35000'],
    [3, '10', '99000'],
  ] as const) {
    await userEvent.type(row(n).getByLabelText('Ukuran (ml)'), size);
    await userEvent.type(row(n).getByLabelText('Harga'), price);
    await userEvent.type(row(n).getByLabelText('Stok'), '9');
    await userEvent.type(row(n).getByLabelText('Berat (gram)'), '40');
  }
  await userEvent.type(row(2).getByLabelText('Kredit Sampel (Rp)'), '30000');
  expect(row(3).getByLabelText('Kredit Sampel (Rp)')).toHaveProperty('value', '');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  expect(await row(2).findByText(refusal)).toBeTruthy();
  const sent = callsTo(fetch, 'POST /api/products')[0]?.body.variants;
  expect(
    sent.map((v: { size_ml: number; sample_credit: number | null }) => [v.size_ml, v.sample_credit]),
  ).toEqual([
    [50, null],
    [2, 30_000],
    [10, null],
  ]);
  // A sample grown to a full bottle gives none: the field goes.
  await userEvent.type(row(3).getByLabelText('Ukuran (ml)'), '0');
  expect(row(3).queryByLabelText('Kredit Sampel (Rp)')).toBeNull();
});
