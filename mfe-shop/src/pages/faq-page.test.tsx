import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { apiError, errorToast, mockApi, pending, renderPage } from '../test/render.tsx';
import FaqPage from './faq-page.tsx';

const items = [
  { id: 'f1', question: 'Berapa lama waktu pengiriman pesanan?', answer: 'Jabodetabek 2-5 hari kerja.' },
  { id: 'f2', question: 'Apakah semua parfum asli?', answer: 'Ya, diproduksi sendiri.' },
];

it("shows 'Memuat FAQ...' while loading", () => {
  mockApi({ 'GET /api/content/faq': pending });
  renderPage('/faq', <FaqPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Pertanyaan yang Sering Diajukan' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Memuat FAQ...');
});

it('lists the questions in order, each opening its answer', async () => {
  mockApi({ 'GET /api/content/faq': () => Response.json({ items }) });
  renderPage('/faq', <FaqPage />);
  const question = await screen.findByText('Berapa lama waktu pengiriman pesanan?');
  const details = question.closest('details') as HTMLDetailsElement;
  expect(details.open).toBe(false);
  await userEvent.click(question);
  expect(details.open).toBe(true);
  expect(screen.getByText('Jabodetabek 2-5 hari kerja.')).toBeTruthy();
  expect([...document.querySelectorAll('summary')].map((s) => s.textContent)).toEqual(
    items.map((i) => i.question),
  );
  expect(screen.getByRole('link', { name: 'Hubungi kami' }).getAttribute('href')).toBe('/contact');
});

it('says when there are no questions yet', async () => {
  mockApi({ 'GET /api/content/faq': () => Response.json({ items: [] }) });
  renderPage('/faq', <FaqPage />);
  expect(await screen.findByText('Belum ada pertanyaan yang tersedia.')).toBeTruthy();
});

it("toasts 'Gagal memuat FAQ.' when the questions cannot load", async () => {
  mockApi({ 'GET /api/content/faq': apiError(500, 'internal_error', 'x') });
  const { toasts } = renderPage('/faq', <FaqPage />);
  await waitFor(() => expect(toasts).toContainEqual(errorToast('Gagal memuat FAQ.')));
  expect(screen.getByRole('button', { name: 'Coba Lagi' })).toBeTruthy();
});
