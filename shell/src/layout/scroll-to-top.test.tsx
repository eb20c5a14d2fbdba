import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top.tsx';

let offset = 0;
Object.defineProperty(window, 'scrollY', { configurable: true, get: () => offset });
afterEach(() => {
  offset = 0;
});

const scrollTo = (y: number) =>
  act(() => {
    offset = y;
    window.dispatchEvent(new Event('scroll'));
  });

it("appears after 300 px of scroll as 'Kembali ke atas' and takes the page back to its top", async () => {
  const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  render(<ScrollToTop />);
  await scrollTo(300);
  expect(screen.queryByRole('button')).toBeNull();
  await scrollTo(301);
  await userEvent.click(screen.getByRole('button', { name: 'Kembali ke atas' }));
  expect(scroll).toHaveBeenCalledExactlyOnceWith({ top: 0, behavior: 'smooth' });
});
