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

const zones = () =>
  Response.json({
    zones: [
      {
        id: 'z1',
        name: 'Jabodetabek',
        areas: [
          { code: '31', name: 'Daerah Khusus Ibukota Jakarta' },
          { code: '32.76', name: 'Kota Depok' },
        ],
        services: [
          { id: 's1', name: 'Reguler', baseFee: 15_000, perItemFee: 2_000, etaMinDays: 1, etaMaxDays: 2 },
          { id: 's2', name: 'Kilat', baseFee: 25_000, perItemFee: 0, etaMinDays: 1, etaMaxDays: 1 },
        ],
      },
    ],
    freeShippingThreshold: 1_000_000,
  });

it('shows the zones, services and estimates the admin set', async () => {
  mockApi({
    'GET /api/shipping': zones,
    'GET /api/content/policies/shipping-policy': pending,
    'GET /api/content/policies/returns-policy': pending,
  });
  renderPage('/shipping', <ShippingPage />);
  const section = screen.getByRole('region', { name: 'Zona & Estimasi Pengiriman' });
  expect(await within(section).findByRole('heading', { name: 'Jabodetabek' })).toBeTruthy();
  expect(within(section).getByText('Daerah Khusus Ibukota Jakarta, Kota Depok')).toBeTruthy();
  const kilat = within(section).getByRole('row', { name: /Kilat/ });
  expect(kilat.textContent).toBe('Kilat1 hari kerjaRp 25.000');
  expect(within(section).getByRole('row', { name: /Reguler/ }).textContent).toBe(
    'Reguler1–2 hari kerjaRp 15.000 + Rp 2.000 per barang tambahan',
  );
  expect(within(section).getByText('Gratis ongkos kirim untuk belanja mulai Rp 1.000.000.')).toBeTruthy();
});

it('shows the shipping and the returns policy, keeping paragraphs and line breaks', async () => {
  mockApi({
    'GET /api/shipping': zones,
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
    'GET /api/shipping': pending,
    'GET /api/content/policies/shipping-policy': apiError(500, 'internal_error', 'x'),
    'GET /api/content/policies/returns-policy': apiError(404, 'not_found', 'Data tidak ditemukan'),
  });
  const { toasts } = renderPage('/shipping', <ShippingPage />);
  expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
    'Memuat kebijakan pengiriman...',
    'Memuat zona pengiriman...',
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
