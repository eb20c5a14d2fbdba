import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useScrollPast } from './use-scroll-past.ts';

function Probe() {
  return <p>{useScrollPast(50) ? 'past' : 'top'}</p>;
}

let offset = 0;
const readScrollY = vi.fn(() => offset);
Object.defineProperty(window, 'scrollY', { configurable: true, get: readScrollY });

afterEach(() => {
  offset = 0;
  readScrollY.mockClear();
});

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

it('reads the scroll position in the next frame, never while React renders and commits', async () => {
  offset = 400; // scrolled while the page waited for its scripts
  render(<Probe />);
  expect(readScrollY).not.toHaveBeenCalled();
  expect(screen.getByText('top')).toBeTruthy();
  await nextFrame();
  expect(screen.getByText('past')).toBeTruthy();
});

it('follows scrolling both ways', async () => {
  render(<Probe />);
  await nextFrame();
  expect(screen.getByText('top')).toBeTruthy();
  offset = 120;
  act(() => void window.dispatchEvent(new Event('scroll')));
  expect(screen.getByText('past')).toBeTruthy();
  offset = 10;
  act(() => void window.dispatchEvent(new Event('scroll')));
  expect(screen.getByText('top')).toBeTruthy();
});
