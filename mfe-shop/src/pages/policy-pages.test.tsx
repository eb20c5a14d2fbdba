import { screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { apiError, errorToast, mockApi, pending, renderPage } from '../test/render.tsx';
import PrivacyPage from './privacy-page.tsx';
import ShippingPage from './shipping-page.tsx';
import TermsPage from './terms-page.tsx';

const policy = (kind: string, title: string, content: string) => () =>
  Response.json({ kind, title, content, updated_at: '2026-11-21T03:05:00.000Z' });

const shipping =
  'Pesanan dikirim ke seluruh Indonesia.\n\nEstimasi waktu pengiriman:\n- Jabodetabek: 1-2 hari kerja\n- Pulau Jawa: 2-3 hari kerja';

it('shows the shipping and the returns policy, keeping paragraphs and line breaks', async () => {
  mockApi({
    'GET /api/content/policies/shipping-policy': policy('shipping-policy', 'Kebijakan Pengiriman', shipping),
    'GET /api/content/policies/returns-policy': policy(
      'returns-policy',
      'Kebijakan Pengembalian',
      'Pengembalian paling lambat 7 hari setelah diterima.',
    ),
  });
  renderPage('/shipping', <ShippingPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Pengiriman & Pengembalian' })).toBeTruthy();
  const section = screen.getByRole('region', { name: 'Kebijakan Pengiriman' });
  const list = await within(section).findByText(/^Estimasi waktu pengiriman:/);
  expect(list.tagName).toBe('P');
  expect(list.textContent).toBe(
    'Estimasi waktu pengiriman:\n- Jabodetabek: 1-2 hari kerja\n- Pulau Jawa: 2-3 hari kerja',
  );
  expect(within(section).getByText('Pesanan dikirim ke seluruh Indonesia.')).toBeTruthy();
  expect(within(section).getByText('Terakhir diperbarui: 21 November 2026')).toBeTruthy();
  const returns = screen.getByRole('region', { name: 'Kebijakan Pengembalian' });
  expect(
    await within(returns).findByText('Pengembalian paling lambat 7 hari setelah diterima.'),
  ).toBeTruthy();
});

it('shows loading and empty states per policy and toasts a failure by its name', async () => {
  mockApi({
    'GET /api/content/policies/shipping-policy': apiError(500, 'internal_error', 'x'),
    'GET /api/content/policies/returns-policy': apiError(404, 'not_found', 'Data tidak ditemukan'),
  });
  const { toasts } = renderPage('/shipping', <ShippingPage />);
  expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
    'Memuat kebijakan pengiriman...',
    'Memuat kebijakan pengembalian...',
  ]);
  await waitFor(() => expect(toasts).toContainEqual(errorToast('Gagal memuat kebijakan pengiriman.')));
  expect(await screen.findByText('Kebijakan Pengembalian belum tersedia.')).toBeTruthy();
  expect(toasts).toHaveLength(1);
});

it('shows the privacy policy under its own page heading', async () => {
  mockApi({
    'GET /api/content/policies/privacy-policy': policy(
      'privacy-policy',
      'Kebijakan Privasi',
      'Kami menghargai privasi Anda.',
    ),
  });
  renderPage('/privacy', <PrivacyPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Kebijakan Privasi' })).toBeTruthy();
  expect(await screen.findByText('Kami menghargai privasi Anda.')).toBeTruthy();
});

it('shows the terms under their own page heading', async () => {
  mockApi({ 'GET /api/content/policies/terms-conditions': pending });
  renderPage('/terms', <TermsPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Syarat & Ketentuan' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Memuat syarat & ketentuan...');
});
