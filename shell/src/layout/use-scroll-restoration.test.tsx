import { BrowserRouter, useNavigate } from '@gi/platform';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useScrollRestoration } from './use-scroll-restoration.ts';

let offset = 0;
Object.defineProperty(window, 'scrollY', { configurable: true, get: () => offset });
Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => 5000 });
const scrollTo = vi.fn((_x: number, y: number) => {
  offset = y;
});

let navigate: ReturnType<typeof useNavigate> = () => {};
function Probe() {
  useScrollRestoration();
  navigate = useNavigate();
  return null;
}

function scrollBy(y: number) {
  offset = y;
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  window.history.replaceState(null, '', '/products');
  sessionStorage.clear();
  offset = 0;
});
afterEach(() => scrollTo.mockClear());

it('opens a new page at its top and returns to the place on Back and Forward (issue 29)', async () => {
  render(
    <BrowserRouter>
      <Probe />
    </BrowserRouter>,
  );
  // The document's own load is the browser's: nothing scrolls on the first render.
  expect(scrollTo).not.toHaveBeenCalled();
  scrollBy(1849);
  act(() => navigate('/product/p1'));
  expect(offset).toBe(0);
  scrollBy(300);

  act(() => navigate(-1));
  await waitFor(() => expect(offset).toBe(1849));
  act(() => navigate(1));
  await waitFor(() => expect(offset).toBe(300));
});

it('keeps the place when a page replaces its own entry (typing a search)', () => {
  render(
    <BrowserRouter>
      <Probe />
    </BrowserRouter>,
  );
  scrollBy(400);
  act(() => navigate('/products?q=oud', { replace: true }));
  expect(scrollTo).not.toHaveBeenCalled();
  act(() => navigate('/cart', { replace: true }));
  expect(offset).toBe(0);
});
