import { BrowserRouter } from '@gi/platform';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { expect, it, vi } from 'vitest';
import { ListBody, ListHead } from './list-view.tsx';

type Answer = { items: { id: string; name: string }[]; total: number };

function renderList(query: Partial<ComponentProps<typeof ListBody<Answer>>['query']>, page = 1) {
  const refetch = vi.fn();
  render(
    <BrowserRouter>
      <ListBody<Answer>
        query={{ isPending: false, isError: false, isFetching: false, data: undefined, refetch, ...query }}
        loading={<p>Memuat produk...</p>}
        error="Gagal memuat produk. Silakan coba lagi."
        empty={<p>Belum ada produk tersedia.</p>}
        table={{ label: 'Tabel data produk', caption: 'Data produk', columns: ['No.', 'Nama'] }}
        page={page}
        pageSize={2}
        pageSearch={(target) => `?page=${target}`}
        pagesLabel="Halaman data produk"
        row={(item, number) => (
          <tr key={item.id}>
            <td>{number}</td>
            <td>{item.name}</td>
          </tr>
        )}
      />
    </BrowserRouter>,
  );
  return refetch;
}

it('shows the loading content while the first answer is on its way', () => {
  renderList({ isPending: true });
  screen.getByText('Memuat produk...');
  expect(screen.queryByRole('table')).toBeNull();
});

it('offers a retry when the list failed to load', () => {
  const refetch = renderList({ isError: true });
  screen.getByText('Gagal memuat produk. Silakan coba lagi.');
  fireEvent.click(screen.getByRole('button', { name: /coba lagi/i }));
  expect(refetch).toHaveBeenCalledOnce();
});

it('shows the empty content for an answer without rows', () => {
  renderList({ data: { items: [], total: 0 } });
  screen.getByText('Belum ada produk tersedia.');
  expect(screen.queryByRole('table')).toBeNull();
});

it('numbers the rows across pages and links the pages beside the summary', () => {
  renderList(
    {
      isFetching: true,
      data: {
        items: [
          { id: 'p3', name: 'Oud' },
          { id: 'p4', name: 'Musk' },
        ],
        total: 5,
      },
    },
    2,
  );
  const table = screen.getByRole('table', { name: 'Data produk' });
  expect(table.getAttribute('aria-busy')).toBe('true');
  expect(screen.getByRole('region', { name: 'Tabel data produk' }).contains(table)).toBe(true);
  expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual(['No.Nama', '3Oud', '4Musk']);
  screen.getByText('Menampilkan 3–4 dari 5 data');
  screen.getByRole('navigation', { name: 'Halaman data produk' });
});

it('heads a section with its intro and an add link', () => {
  render(
    <BrowserRouter>
      <ListHead
        intro="Kelola produk yang tampil di toko."
        addTo={{ search: '?section=add-product' }}
        addText="Tambah Data"
      />
    </BrowserRouter>,
  );
  screen.getByText('Kelola produk yang tampil di toko.');
  expect(screen.getByRole('link', { name: 'Tambah Data' }).getAttribute('href')).toBe(
    '/?section=add-product',
  );
});
