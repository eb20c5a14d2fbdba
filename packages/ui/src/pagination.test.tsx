import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { Pagination } from './pagination.tsx';

const renderAt = (page: number, pageCount: number) =>
  render(
    <MemoryRouter>
      <Pagination
        page={page}
        pageCount={pageCount}
        linkTo={(n) => `/products?page=${n}`}
        label="Halaman produk"
      />
    </MemoryRouter>,
  );

it('links the previous and next pages by URL, with the position in between', () => {
  renderAt(2, 3);
  const nav = screen.getByRole('navigation', { name: 'Halaman produk' });
  expect(nav.textContent).toContain('Halaman 2 dari 3');
  expect(screen.getByRole('link', { name: '← Sebelumnya' }).getAttribute('href')).toBe('/products?page=1');
  expect(screen.getByRole('link', { name: 'Berikutnya →' }).getAttribute('href')).toBe('/products?page=3');
});

it('shows the steps past either end as disabled text, not links', () => {
  renderAt(1, 2);
  expect(screen.queryByRole('link', { name: '← Sebelumnya' })).toBeNull();
  expect(screen.getByText('← Sebelumnya').getAttribute('aria-disabled')).toBe('true');
  expect(screen.getByRole('link', { name: 'Berikutnya →' }).getAttribute('rel')).toBe('next');
});

it('shows nothing when everything fits one page', () => {
  renderAt(1, 1);
  expect(screen.queryByRole('navigation')).toBeNull();
});
