import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { CollectionEditor } from './collection-editor.tsx';
import { CollectionForm } from './collection-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const product = (id: string, name: string) => ({
  id,
  name,
  description: 'Parfum uji coba',
  price: 250_000,
  image: `/images/${id}.webp`,
  created_at: '',
  updated_at: '',
});
const products = [product('p1', 'Oud Royale'), product('p2', 'Citrus Bloom'), product('p3', 'Rose Noir')];

it("requires a name after trimming ('Nama koleksi harus diisi') without calling the API", async () => {
  const fetch = mockApi({ 'GET /api/products': page(products) });
  renderPage('/admin', <CollectionForm onSaved={() => {}} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText('Nama Koleksi'), '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Koleksi' }));
  expect(screen.getByText('Nama koleksi harus diisi')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/collections')).toHaveLength(0);
});

it('adds a collection with its chosen products, an image URL and no description', async () => {
  const fetch = mockApi({
    'GET /api/products': page(products),
    'POST /api/collections': (_, init) =>
      Response.json(
        { id: 'c9', slug: 'malam', ...JSON.parse(String(init.body)), created_at: '' },
        { status: 201 },
      ),
  });
  const onSaved = vi.fn();
  const { toasts } = renderPage('/admin', <CollectionForm onSaved={onSaved} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText('Nama Koleksi'), '  Koleksi Malam ');
  await userEvent.type(screen.getByLabelText('atau URL gambar'), 'https://contoh.id/malam.jpg');
  const picker = screen.getByRole('group', { name: 'Produk dalam Koleksi' });
  await userEvent.click(await within(picker).findByRole('checkbox', { name: 'Rose Noir' }));
  await userEvent.click(within(picker).getByRole('checkbox', { name: 'Oud Royale' }));
  expect(within(picker).getByText('2 produk dipilih')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Koleksi' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Koleksi berhasil ditambahkan' }));
  expect(callsTo(fetch, 'POST /api/collections')[0]?.body).toEqual({
    name: 'Koleksi Malam',
    description: null,
    image: 'https://contoh.id/malam.jpg',
    productIds: ['p3', 'p1'],
  });
  expect(onSaved).toHaveBeenCalled();
});

it("toasts 'Gagal menambahkan koleksi' and shows the server's field message", async () => {
  mockApi({
    'GET /api/products': page(products),
    'POST /api/collections': () =>
      Response.json(
        {
          error: {
            code: 'slug_taken',
            message: 'Koleksi dengan nama ini sudah ada',
            fields: { name: 'Koleksi dengan nama ini sudah ada' },
          },
        },
        { status: 409 },
      ),
  });
  const { toasts } = renderPage('/admin', <CollectionForm onSaved={() => {}} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText('Nama Koleksi'), 'Aroma Citrus');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Koleksi' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal menambahkan koleksi',
      variant: 'destructive',
    }),
  );
  expect(screen.getByText('Koleksi dengan nama ini sudah ada')).toBeTruthy();
});

it('edits a collection by its slug, keeping and changing its products', async () => {
  const fetch = mockApi({
    'GET /api/collections/citrus': () =>
      Response.json({
        id: 'c2',
        slug: 'citrus',
        name: 'Aroma Citrus',
        description: 'Segar',
        image: null,
        created_at: '',
        product_count: 1,
        products: [products[1]],
      }),
    'GET /api/products': page(products),
    'PUT /api/collections/c2': (_, init) => Response.json({ id: 'c2', ...JSON.parse(String(init.body)) }),
  });
  const onDone = vi.fn();
  const { toasts } = renderPage('/admin', <CollectionEditor slug="citrus" onDone={onDone} />);
  expect(await screen.findByLabelText('Nama Koleksi')).toHaveProperty('value', 'Aroma Citrus');
  const picker = screen.getByRole('group', { name: 'Produk dalam Koleksi' });
  expect(await within(picker).findByRole('checkbox', { name: 'Citrus Bloom' })).toHaveProperty(
    'checked',
    true,
  );
  await userEvent.click(within(picker).getByRole('checkbox', { name: 'Oud Royale' }));
  await userEvent.click(within(picker).getByRole('button', { name: 'Keluarkan Citrus Bloom dari koleksi' }));
  await userEvent.click(screen.getByRole('button', { name: 'Perbarui Koleksi' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Koleksi berhasil diperbarui' }));
  expect(callsTo(fetch, 'PUT /api/collections/c2')[0]?.body).toEqual({
    name: 'Aroma Citrus',
    description: 'Segar',
    image: null,
    productIds: ['p1'],
  });
  // The whole membership, not the storefront's first page: a save replaces it.
  expect(callsTo(fetch, 'GET /api/collections/citrus')[0]?.url.search).toBe('?pageSize=200');
  expect(onDone).toHaveBeenCalled();
});

it('searches the products to choose from on the server', async () => {
  const fetch = mockApi({ 'GET /api/products': page(products) });
  renderPage('/admin', <CollectionForm onSaved={() => {}} onCancel={() => {}} />);
  await userEvent.type(screen.getByLabelText('Cari produk untuk koleksi'), 'rose{Enter}');
  await waitFor(() =>
    expect(callsTo(fetch, 'GET /api/products').at(-1)?.url.search).toBe('?page=1&pageSize=50&q=rose'),
  );
  // Enter searched; it did not submit the collection form.
  expect(screen.queryByText('Nama koleksi harus diisi')).toBeNull();
});

it('shows the error for an unknown collection', async () => {
  mockApi({ 'GET /api/collections/x': apiError(404, 'Koleksi tidak ditemukan', 'not_found') });
  renderPage('/admin', <CollectionEditor slug="x" onDone={() => {}} />);
  expect(await screen.findByText('Koleksi tidak ditemukan')).toBeTruthy();
});
