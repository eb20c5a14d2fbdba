import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { ProductGallery } from './product-gallery.tsx';

const photos = ['a', 'b', 'c'].map((name) => ({ url: `/images/${name}.webp`, widths: [320, 720, 1200] }));

/** jsdom lays nothing out: give the track a width and record where it is asked to scroll. */
function layOut(track: HTMLElement, width: number) {
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: width });
  const scrollTo = vi.fn((options: ScrollToOptions) => {
    track.scrollLeft = options.left ?? 0;
    fireEvent.scroll(track);
  });
  track.scrollTo = scrollTo as unknown as HTMLElement['scrollTo'];
  return scrollTo;
}

it('shows every photo in order in one swipeable row, the cover first and eager, the others lazy', () => {
  render(<ProductGallery images={photos} name="Citrus Bloom" />);
  const track = screen.getByRole('list', { name: 'Foto Citrus Bloom' });
  const slides = within(track).getAllByRole('listitem');
  expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
    'Foto 1 dari 3',
    'Foto 2 dari 3',
    'Foto 3 dari 3',
  ]);
  const images = within(track).getAllByRole('img');
  expect(images.map((img) => img.getAttribute('src'))).toEqual(photos.map((p) => p.url));
  expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
  expect(images[0]?.getAttribute('alt')).toBe('Citrus Bloom');
  expect(images[1]?.getAttribute('alt')).toBe('Citrus Bloom, foto 2 dari 3');
  // Keyboard users scroll it with the arrow keys.
  expect(track.tabIndex).toBe(0);
});

it('brings a photo into view from its thumbnail and marks the one in view as it swipes', async () => {
  render(<ProductGallery images={photos} name="Citrus Bloom" />);
  const track = screen.getByRole('list', { name: 'Foto Citrus Bloom' });
  const scrollTo = layOut(track, 360);
  const thumb = (n: number) => screen.getByRole('button', { name: `Lihat foto ${n} dari 3` });
  expect(thumb(1).getAttribute('aria-current')).toBe('true');
  // Thumbnails take the smallest copy.
  expect(thumb(2).querySelector('img')?.getAttribute('sizes')).toBe('4rem');

  await userEvent.click(thumb(3));
  expect(scrollTo).toHaveBeenCalledWith({ left: 720 });
  expect(thumb(3).getAttribute('aria-current')).toBe('true');
  expect(thumb(1).getAttribute('aria-current')).toBeNull();

  // A swipe back by hand to the second photo.
  track.scrollLeft = 350;
  fireEvent.scroll(track);
  expect(thumb(2).getAttribute('aria-current')).toBe('true');
});

it('shows a single photo without thumbnails or a tab stop', () => {
  render(<ProductGallery images={[{ url: '/images/a.jpg', widths: [] }]} name="Oud Royale" />);
  expect(screen.queryByRole('button')).toBeNull();
  const image = screen.getByRole('img', { name: 'Oud Royale' });
  // A photo stored before its copies existed is served as it is.
  expect(image.getAttribute('srcset')).toBeNull();
  expect(screen.getByRole('list').hasAttribute('tabindex')).toBe(false);
});
