import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { ProductEditor } from './product-editor.tsx';
import { ProductForm } from './product-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const uploaded = () =>
  Response.json(
    { url: '/images/abc123.webp', key: 'abc123.webp', contentType: 'image/webp', size: 1000 },
    { status: 201 },
  );
const photo = () => new File([new Uint8Array([1, 2, 3])], 'parfum.webp', { type: 'image/webp' });

/** Name, description and the first size's price; its size (50 ml) and stock (12) unless told. */
async function fill(name: string, description: string, price: string, size = '50', stock = '12') {
  await userEvent.type(screen.getByLabelText('Nama Produk'), name);
  await userEvent.type(screen.getByLabelText('Deskripsi'), description);
  if (size) await userEvent.type(screen.getByLabelText('Ukuran (ml)'), size);
  await userEvent.type(screen.getByLabelText('Harga'), price);
  if (stock) await userEvent.type(screen.getByLabelText('Stok'), stock);
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
  expect(fetch).not.toHaveBeenCalled();
});

it('says a price that is not a rupiah amount is not valid, without calling the API', async () => {
  const fetch = mockApi({});
  renderPage('/admin', <ProductForm />);
  await fill('Oud Royale', 'Perpaduan oud dan mawar yang hangat', 'abc');
  expect(screen.getByText('Contoh: Rp 250.000')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  expect(screen.getByText('Harga harus berupa angka rupiah, contoh: Rp 250.000')).toBeTruthy();
  expect(screen.queryByText('Harga tidak boleh kosong')).toBeNull();
  expect(fetch).not.toHaveBeenCalled();
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
  expect(screen.getByText('PNG, JPG, GIF hingga 5MB')).toBeTruthy();
  await userEvent.upload(file, photo());
  expect(await screen.findByText('Mengunggah...')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Simpan Produk' })).toHaveProperty('disabled', true);
  release();
  const preview = await screen.findByRole('img', { name: 'Pratinjau Gambar Produk' });
  expect(preview.getAttribute('src')).toBe('/images/abc123.webp');
  expect(screen.getByLabelText('Ganti gambar')).toBeTruthy();
  const sent = callsTo(fetch, 'POST /api/images')[0]?.body as FormData;
  expect((sent.get('file') as File).name).toBe('parfum.webp');

  await fill('Oud Royale', 'Perpaduan oud dan mawar yang hangat', 'Rp 250.000');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Produk berhasil disimpan' }));
  expect(callsTo(fetch, 'POST /api/products')[0]?.body).toEqual({
    name: 'Oud Royale',
    description: 'Perpaduan oud dan mawar yang hangat',
    image: '/images/abc123.webp',
    variants: [{ size_ml: 50, price: 250_000, stock: 12, sku: null }],
  });
  expect(onSaved).toHaveBeenCalled();
  expect(screen.getByLabelText('Nama Produk')).toHaveProperty('value', '');
  expect(screen.getByLabelText('Harga')).toHaveProperty('value', '');
  expect(screen.getByLabelText('Ukuran (ml)')).toHaveProperty('value', '');
  expect(screen.queryByRole('img', { name: 'Pratinjau Gambar Produk' })).toBeNull();
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
  const existing = {
    id: 'p1',
    name: 'Oud Royale',
    description: 'Perpaduan oud dan mawar yang hangat',
    price: 250_000,
    image: '/images/oud.webp',
    variants: [{ id: 'v1', size_ml: 50, price: 250_000, stock: 4, sku: 'OUD-50' }],
    created_at: '',
    updated_at: '',
  };
  const fetch = mockApi({
    'GET /api/products/p1': () => Response.json(existing),
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
    image: '/images/oud.webp',
    variants: [{ id: 'v1', size_ml: 50, price: 275_000, stock: 4, sku: 'OUD-50' }],
  });
  expect(onDone).toHaveBeenCalled();
});

it("toasts 'Gagal menyimpan produk' when saving fails", async () => {
  const existing = {
    id: 'p1',
    name: 'Oud Royale',
    description: 'Perpaduan oud dan mawar yang hangat',
    price: 250_000,
    image: '/images/oud.webp',
    variants: [{ id: 'v1', size_ml: 50, price: 250_000, stock: 4, sku: null }],
    created_at: '',
    updated_at: '',
  };
  mockApi({
    'GET /api/products/p1': () => Response.json(existing),
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
  mockApi({ 'GET /api/products/x': apiError(404, 'Produk tidak ditemukan.', 'not_found') });
  renderPage('/admin', <ProductEditor id="x" onDone={() => {}} />);
  expect(await screen.findByText('Produk tidak ditemukan.')).toBeTruthy();
});

it("adds and removes sizes, each with its price, stock and SKU, and shows the server's SKU conflict on its field", async () => {
  const fetch = mockApi({
    'POST /api/images': uploaded,
    'POST /api/products': apiError(409, 'SKU sudah dipakai produk lain', 'sku_taken', {
      'variants.1.sku': 'SKU sudah dipakai produk lain',
    }),
  });
  renderPage('/admin', <ProductForm />);
  await userEvent.upload(screen.getByLabelText('Pilih gambar'), photo());
  await screen.findByRole('img', { name: 'Pratinjau Gambar Produk' });
  await fill('Melati Malam', 'Melati sambac yang mekar di malam hari', 'Rp 279.000', '30', '5');
  expect(screen.queryByRole('button', { name: 'Hapus Ukuran' })).toBeNull();
  for (const _ of [1, 2]) await userEvent.click(screen.getByRole('button', { name: '+ Tambah Ukuran' }));
  const row = (n: number) => within(screen.getByRole('group', { name: `Ukuran ${n}` }));
  await userEvent.type(row(2).getByLabelText('Ukuran (ml)'), '50');
  await userEvent.type(row(2).getByLabelText('Harga'), '459.000');
  await userEvent.type(row(2).getByLabelText('Stok'), '0');
  await userEvent.type(row(2).getByLabelText('SKU (opsional)'), 'MM-50');
  await userEvent.click(row(3).getByRole('button', { name: 'Hapus Ukuran' }));
  expect(screen.queryByRole('group', { name: 'Ukuran 3' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Produk' }));
  expect(await row(2).findByText('SKU sudah dipakai produk lain')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/products')[0]?.body).toMatchObject({
    variants: [
      { size_ml: 30, price: 279_000, stock: 5, sku: null },
      { size_ml: 50, price: 459_000, stock: 0, sku: 'MM-50' },
    ],
  });
});
