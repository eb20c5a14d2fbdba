import { BrowserRouter, Link } from '@gi/platform';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, SearchBox } from './list-controls.tsx';
import { useListParams } from './list-params.ts';

function ProductsView() {
  const list = useListParams({});
  return (
    <>
      <SearchBox label="Cari produk" value={list.q} onSearch={list.setQuery} />
      <Link to="?section=edit-product&id=p1">Edit Parfum 1</Link>
    </>
  );
}

afterEach(() => vi.useRealTimers());

it('searches once typing pauses', () => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/admin?section=products');
  render(
    <BrowserRouter>
      <ProductsView />
    </BrowserRouter>,
  );
  fireEvent.change(screen.getByLabelText('Cari produk'), { target: { value: 'oud' } });
  act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
  expect(window.location.search).toBe('?section=products&q=oud');
});

it('keeps a click on a row made before the typed search ran: the late search does not undo it', () => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/admin?section=products');
  render(
    <BrowserRouter>
      <ProductsView />
    </BrowserRouter>,
  );
  fireEvent.change(screen.getByLabelText('Cari produk'), { target: { value: 'Parfum 1' } });
  // The click's view renders in a transition; the search's timer runs out before it is on screen.
  act(() => {
    screen.getByRole('link', { name: 'Edit Parfum 1' }).click();
    vi.advanceTimersByTime(SEARCH_DELAY_MS);
  });
  expect(window.location.search).toBe('?section=edit-product&id=p1');
});
