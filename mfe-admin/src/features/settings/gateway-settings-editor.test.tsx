import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { GatewaySettingsEditor } from './gateway-settings-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

it('offers the gateway channels the admin ticks, cards only when enabled, and can turn the manual transfer off', async () => {
  let saved: unknown = null;
  const fetch = mockApi({
    'GET /api/admin/settings/gateway': () =>
      Response.json({
        channels: ['other_qris', 'bca_va', 'gopay'],
        manualTransfer: true,
        cod: { enabled: false, fee: 0, maxOrderValue: 0 },
      }),
    'PUT /api/admin/settings/gateway': (_, init) => {
      saved = JSON.parse(String(init.body));
      return Response.json(saved);
    },
  });
  const { toasts } = renderPage('/admin', <GatewaySettingsEditor />);
  const group = await screen.findByRole('group', { name: 'Metode yang ditawarkan lewat Midtrans' });
  expect(within(group).getByRole('checkbox', { name: 'QRIS' })).toHaveProperty('checked', true);
  expect(within(group).getByRole('checkbox', { name: 'Kartu Kredit/Debit' })).toHaveProperty(
    'checked',
    false,
  );
  await userEvent.click(within(group).getByRole('checkbox', { name: 'Kartu Kredit/Debit' }));
  await userEvent.click(within(group).getByRole('checkbox', { name: 'GoPay' }));
  await userEvent.click(
    screen.getByRole('checkbox', { name: 'Tetap tawarkan transfer manual dengan bukti transfer' }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Metode Gateway' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Berhasil',
      description: 'Metode pembayaran gateway berhasil disimpan',
    }),
  );
  // In the order Midtrans's channels are listed, whatever order they were ticked in.
  expect(saved).toEqual({
    channels: ['other_qris', 'bca_va', 'credit_card'],
    manualTransfer: false,
    cod: { enabled: false, fee: 0, maxOrderValue: 0 },
  });
  expect(callsTo(fetch, 'PUT /api/admin/settings/gateway')).toHaveLength(1);
});

it('turns cash on delivery on with its fee and order-value limit, and says what is wrong with a fee in Indonesian (decision 034)', async () => {
  let saved: unknown = null;
  const fetch = mockApi({
    'GET /api/admin/settings/gateway': () =>
      Response.json({
        channels: [],
        manualTransfer: true,
        cod: { enabled: false, fee: 0, maxOrderValue: 0 },
      }),
    'PUT /api/admin/settings/gateway': (_, init) => {
      saved = JSON.parse(String(init.body));
      return Response.json(saved);
    },
  });
  const { toasts } = renderPage('/admin', <GatewaySettingsEditor />);
  const cod = await screen.findByRole('group', { name: 'Bayar di Tempat (COD)' });
  await userEvent.click(within(cod).getByRole('checkbox', { name: 'Tawarkan Bayar di Tempat (COD)' }));
  const fee = within(cod).getByRole('textbox', { name: 'Biaya COD (Rp)' });
  await userEvent.clear(fee);
  await userEvent.type(fee, '-5');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Metode Gateway' }));
  expect(within(cod).getByText('Biaya COD tidak boleh negatif')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/admin/settings/gateway')).toHaveLength(0);

  await userEvent.clear(fee);
  await userEvent.type(fee, '5.000');
  const limit = within(cod).getByRole('textbox', { name: 'Batas nilai pesanan COD (Rp)' });
  await userEvent.clear(limit);
  await userEvent.type(limit, '2000000');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Metode Gateway' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Berhasil',
      description: 'Metode pembayaran gateway berhasil disimpan',
    }),
  );
  expect(saved).toEqual({
    channels: [],
    manualTransfer: true,
    cod: { enabled: true, fee: 5_000, maxOrderValue: 2_000_000 },
  });
});
