import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { settings } from '../test/fixtures.ts';
import { apiError, mockApi, renderPage } from '../test/render.tsx';
import AboutPage from './about-page.tsx';

it("shows the admin's about title, paragraphs and picture", async () => {
  mockApi({
    'GET /api/settings': () =>
      Response.json({ ...settings, aboutTitle: 'Kisah Kami', aboutImage: '/images/about.webp' }),
  });
  renderPage('/about', <AboutPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Tentang Kami' })).toBeTruthy();
  expect(screen.getByText('Memuat informasi perusahaan...')).toBeTruthy();
  expect(await screen.findByRole('heading', { level: 2, name: 'Kisah Kami' })).toBeTruthy();
  expect(screen.getByText(settings.aboutParagraph1)).toBeTruthy();
  expect(screen.getByText(settings.aboutParagraph2)).toBeTruthy();
  const image = screen.getByRole('img', { name: 'Parfum racikan PT. Global Imperium' });
  expect(image.getAttribute('src')).toBe('/images/about.webp');
  expect(image.getAttribute('width')).toBe('720');
  expect(screen.getByRole('link', { name: 'Lihat Produk' }).getAttribute('href')).toBe('/products');
});

it('falls back to the gradient panel when the picture fails to load', async () => {
  mockApi({ 'GET /api/settings': () => Response.json({ ...settings, aboutImage: '/images/hilang.webp' }) });
  renderPage('/about', <AboutPage />);
  const image = await screen.findByRole('img', { name: 'Parfum racikan PT. Global Imperium' });
  image.dispatchEvent(new Event('error'));
  await waitFor(() =>
    expect(screen.getByRole('img', { name: 'Parfum racikan PT. Global Imperium' }).tagName).toBe('SPAN'),
  );
});

it('keeps the default title and offers a retry when the about text cannot load', async () => {
  let calls = 0;
  mockApi({
    'GET /api/settings': () => (++calls === 1 ? apiError(500, 'x', 'x')() : Response.json(settings)),
  });
  renderPage('/about', <AboutPage />);
  expect(await screen.findByText('Gagal memuat informasi perusahaan.')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: 'Tentang PT. Global Imperium' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
  expect(await screen.findByText(settings.aboutParagraph1)).toBeTruthy();
});
