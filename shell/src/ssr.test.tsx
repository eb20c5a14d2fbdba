import {
  HYDRATE_ATTRIBUTE,
  INERT_ATTRIBUTE,
  matchPageRoute,
  PAGE_SLOT,
  URL_STATE_ATTRIBUTE,
} from '@gi/contracts/web';
import { createRenderer } from '@gi/ui/ssr';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentType, useId, useState } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { startApp } from './app/start.tsx';
import { holdPresses } from './boot/boot.ts';
import { renderShell } from './ssr.tsx';

const loadRemoteComponent = vi.hoisted(() => vi.fn());
vi.mock('./remotes/load-remote.ts', () => ({ loadRemoteComponent }));

/** A remote's page with what hydration must get right: a generated id, controls, state. */
function SearchPage() {
  const id = useId();
  const [found, setFound] = useState(false);
  const urlState = { [URL_STATE_ATTRIBUTE]: '' };
  return (
    <section>
      <label htmlFor={id}>Cari produk</label>
      <input id={id} name="q" />
      <select name="size" aria-label="Ukuran" {...urlState}>
        <option value="">Semua ukuran</option>
        <option value="100">100 ml</option>
      </select>
      <button type="button" onClick={() => setFound(true)}>
        Cari
      </button>
      {found && <p>Ditemukan</p>}
    </section>
  );
}

const url = '/products?q=melati';
const route = matchPageRoute('/products')?.route;

/** The page as the Worker sends it: the shell's layout with the remote's page in its slot. */
async function serverPage(): Promise<string> {
  const renderer = createRenderer({ remote: 'shop', pages: { [route?.module ?? '']: SearchPage } });
  const res = await renderer.fetch(
    new Request('https://render.invalid/', {
      method: 'POST',
      body: JSON.stringify({ url, data: {}, cart: null }),
    }),
  );
  // The Worker marks the page's controls to wait for its code (worker/src/pages/render.ts).
  const page = (await res.text())
    .replaceAll('<button', `<button ${INERT_ATTRIBUTE}=""`)
    .replaceAll('<input', `<input disabled ${INERT_ATTRIBUTE}=""`);
  const layout = renderShell({ url });
  expect(layout.split(PAGE_SLOT)).toHaveLength(2);
  return layout.replace(PAGE_SLOT, page);
}

let root: Root | undefined;
const errors = vi.fn();

beforeEach(() => {
  window.history.pushState({}, '', url);
  // No one is signed in; the navbar asks.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ user: null })),
  );
  vi.spyOn(console, 'error').mockImplementation(errors);
});

afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  errors.mockReset();
  vi.unstubAllGlobals();
});

it("hydrates the server's page: the layout at once, the page when its remote arrives, on the same nodes and ids", async () => {
  document.body.innerHTML = `<div id="root" ${HYDRATE_ATTRIBUTE}="">${await serverPage()}</div>`;
  const container = document.getElementById('root') as HTMLElement;
  const input = screen.getByRole('textbox', { name: 'Cari produk' });
  const serverId = input.id;
  let arrive: (page: ComponentType) => void = () => {};
  loadRemoteComponent.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));

  // A GET form's control works in the server's HTML (no JavaScript needed).
  expect(screen.getByRole('combobox', { name: 'Ukuran' })).toHaveProperty('disabled', false);

  // The page's inline boot loader runs first, as soon as the HTML is parsed.
  holdPresses(document);
  // A press before the page's code (before the shell's even) is held, not lost.
  const search = screen.getByRole('button', { name: 'Cari' });
  expect(search).toHaveProperty('disabled', false);
  await userEvent.click(search);
  await act(async () => {
    root = startApp(container);
  });
  // The layout is live before the remote's code: the menu opens.
  const menu = screen.getByRole('button', { name: 'Buka menu' });
  await userEvent.click(menu);
  expect(menu.getAttribute('aria-expanded')).toBe('true');
  // The page waits as the server drew it, its controls inert.
  expect(screen.getByRole('textbox', { name: 'Cari produk' })).toBe(input);
  expect(input).toHaveProperty('disabled', true);
  expect(screen.queryByText('Ditemukan')).toBeNull();
  // With scripts a choice there would not reach the page's state before it hydrates: it waits too.
  expect(screen.getByRole('combobox', { name: 'Ukuran' })).toHaveProperty('disabled', true);

  await act(async () => arrive(SearchPage));
  // The press made before is carried out once the page has hydrated, on the same button.
  expect(await screen.findByText('Ditemukan')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Cari' })).toBe(search);
  expect(search.hasAttribute(INERT_ATTRIBUTE)).toBe(false);
  expect(input).toHaveProperty('disabled', false);
  expect(screen.getByRole('combobox', { name: 'Ukuran' })).toHaveProperty('disabled', false);
  // The same nodes, with the id the server generated: nothing was rendered anew.
  expect(screen.getByRole('textbox', { name: 'Cari produk' })).toBe(input);
  expect(input.id).toBe(serverId);
  expect(screen.getByRole('link', { name: 'Produk' }).getAttribute('aria-current')).toBe('page');
  // React reports every difference between the server's HTML and its render (ids, texts, attributes).
  expect(errors).not.toHaveBeenCalled();
});

it("hydrates the shell's own 404 page, whole", async () => {
  window.history.pushState({}, '', '/tidak-ada');
  document.body.innerHTML = `<div id="root" ${HYDRATE_ATTRIBUTE}="">${renderShell({ url: '/tidak-ada' })}</div>`;
  const heading = screen.getByRole('heading', { name: 'Halaman Tidak Ditemukan' });
  await act(async () => {
    root = startApp(document.getElementById('root') as HTMLElement);
  });
  expect(screen.getByRole('heading', { name: 'Halaman Tidak Ditemukan' })).toBe(heading);
  expect(errors).not.toHaveBeenCalled();
});
