import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi, page, renderPage } from '../../test/render.tsx';
import { ProductList } from './product-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const CSV = 'SKU,Nama Produk\r\nA-50,Parfum A\r\n,Tanpa SKU\r\n';
const report = (invalid: number) => ({
  rows: [
    { row: 2, sku: 'A-50', name: 'Parfum A', action: 'update', errors: [] },
    {
      row: 3,
      sku: '',
      name: 'Tanpa SKU',
      action: 'create',
      errors: invalid
        ? ['SKU: SKU harus diisi (impor mencocokkan produk menurut SKU)', 'Foto: Gambar diperlukan']
        : [],
    },
  ],
  invalid,
  written: 0,
});

async function choose(text: string) {
  await userEvent.click(screen.getByText('Impor produk dari CSV'));
  await userEvent.upload(
    screen.getByLabelText('Berkas CSV'),
    new File([text], 'produk.csv', { type: 'text/csv' }),
  );
}

it("carries the search into 'Ekspor CSV'", async () => {
  mockApi({ 'GET /api/products': page([]) });
  renderPage('/admin?section=products&q=melati', <ProductList />);
  const link = await screen.findByRole('link', { name: 'Ekspor CSV produk sesuai pencarian' });
  expect(link.getAttribute('href')).toBe('/api/admin/exports/products.csv?q=melati');
});

it('shows every row’s errors from the dry run and offers no import while any is left', async () => {
  const fetch = mockApi({
    'GET /api/products': page([]),
    'POST /api/admin/imports/products/check': () => Response.json(report(1)),
  });
  renderPage('/admin?section=products', <ProductList />);
  await choose(CSV);
  const table = await screen.findByRole('table', { name: 'Hasil uji coba impor' });
  const rows = within(table).getAllByRole('row');
  expect(within(rows[2] as HTMLElement).getByText('Foto: Gambar diperlukan')).toBeTruthy();
  expect(within(rows[1] as HTMLElement).getByText('OK')).toBeTruthy();
  expect(screen.getByText(/1 baris salah/)).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Impor 2 baris' }) as HTMLButtonElement).disabled).toBe(true);
  expect(callsTo(fetch, 'POST /api/admin/imports/products/check')[0]?.body).toEqual({ csv: CSV });
});

it('imports a file the dry run passed and says how many products were saved', async () => {
  const fetch = mockApi({
    'GET /api/products': page([]),
    'POST /api/admin/imports/products/check': () => Response.json(report(0)),
    'POST /api/admin/imports/products': () => Response.json({ ...report(0), written: 2 }),
  });
  const { toasts } = renderPage('/admin?section=products', <ProductList />);
  await choose(CSV);
  await userEvent.click(await screen.findByRole('button', { name: 'Impor 2 baris' }));
  expect(callsTo(fetch, 'POST /api/admin/imports/products')[0]?.body).toEqual({ csv: CSV });
  await vi.waitFor(() => expect(toasts).toContainEqual({ title: '2 produk tersimpan dari CSV' }));
});
