import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../test/render.tsx';
import { OperationsPanel } from './operations-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

it('lists open incidents and failed automatic bookings, each failed booking linking to its order', async () => {
  mockApi({
    'GET /api/admin/operations': () =>
      Response.json({
        incidents: [
          {
            id: 'i1',
            kind: 'email',
            title: 'Pengiriman email',
            failures: 4,
            last_error: '4 email gagal dikirim',
            started_at: '2026-11-21T03:00:00.000Z',
            opened_at: '2026-11-21T03:05:00.000Z',
            last_failed_at: '2026-11-21T03:06:00.000Z',
          },
        ],
        failedBookings: [
          {
            order_id: '3f2a9c1e-7b5d-4e11',
            reason: 'Layanan kurir menolak pemesanan (kode 40002020).',
            attempts: 1,
            created_at: '2026-11-21T03:05:00.000Z',
          },
        ],
      }),
  });
  renderPage('/admin', <OperationsPanel />);
  const panel = await screen.findByText(/Pengiriman email: gagal 4 kali berturut-turut/);
  expect(panel.textContent).toBe('Pengiriman email: gagal 4 kali berturut-turut (4 email gagal dikirim)');
  expect(screen.getByText('Sejak 21 November 2026 pukul 10.00')).toBeTruthy();
  const link = screen.getByRole('link', { name: /Pemesanan kurir otomatis gagal/ });
  expect(link.getAttribute('href')).toBe('/admin?section=order-detail&id=3f2a9c1e-7b5d-4e11');
  expect(within(link).getByText(/Pesanan 3f2a9c1e: Layanan kurir menolak/)).toBeTruthy();
});

it('says all is well when nothing is open', async () => {
  mockApi({ 'GET /api/admin/operations': () => Response.json({ incidents: [], failedBookings: [] }) });
  renderPage('/admin', <OperationsPanel />);
  expect(
    await screen.findByText('Tidak ada gangguan. Email, tugas terjadwal, gateway dan kurir berjalan normal.'),
  ).toBeTruthy();
});
