import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { areaRoutes, jakartaQuote, savedGambir } from '../../test/checkout-api.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { CheckoutForm } from './checkout-form.tsx';

const customer = { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null };
const signedIn = () => Response.json({ user: customer });
const lines = [{ id: 'p1', variantId: 'p1-50', quantity: 2 }];

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  return renderPage(
    '/cart',
    <CheckoutForm lines={lines} estimatedTotal={500_000} onBack={() => {}} onOrdered={() => {}} />,
  );
}

const calls = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

it('fills the form from the default saved address and fetches each area level only when needed', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    ...areaRoutes,
    'POST /api/shipping/quote': () => Response.json(jakartaQuote),
  });
  renderForm();
  await waitFor(() => expect(screen.getByLabelText('Kecamatan')).toHaveProperty('value', '31.71.01'));
  expect(screen.getByLabelText('Nomor Telepon')).toHaveProperty('value', '+6281234567890');
  expect(screen.getByLabelText('Alamat Lengkap')).toHaveProperty('value', 'Jl. Mawar 1');
  expect(await screen.findByRole('radio', { name: /Reguler.*1–2 hari kerja.*Rp 17.000/ })).toHaveProperty(
    'checked',
    true,
  );

  await userEvent.selectOptions(screen.getByLabelText('Alamat Tersimpan'), 'Alamat baru');
  expect(screen.getByLabelText('Kecamatan')).toHaveProperty('disabled', true);
  expect(screen.getByText('Pilih kecamatan untuk melihat ongkos kirim.')).toBeTruthy();
  // Provinces, the regencies of one province and the districts of one regency: never a whole country.
  expect(calls(fetch).filter((c) => c.includes('/api/areas/'))).toEqual([
    'GET /api/areas/provinces',
    'GET /api/areas/provinces/31/regencies',
    'GET /api/areas/regencies/31.71/districts',
  ]);
});

it("shows the server's message for an area without shipping and sends no order", async () => {
  const message =
    'Maaf, pengiriman ke wilayah ini belum tersedia. Silakan hubungi kami untuk pengiriman khusus.';
  const fetch = mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    ...areaRoutes,
    'POST /api/shipping/quote': () =>
      Response.json({ error: { code: 'no_shipping_zone', message } }, { status: 422 }),
  });
  renderForm();
  expect((await screen.findByRole('alert')).textContent).toBe(message);
  expect(screen.queryByRole('radio')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(screen.getByText('Pilih layanan pengiriman')).toBeTruthy();
  expect(calls(fetch)).not.toContain('POST /api/orders');
});

it('saves the address to the address book before placing the order when asked', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    'PUT /api/addresses/a1': () => Response.json(savedGambir),
    ...areaRoutes,
    'POST /api/shipping/quote': () => Response.json(jakartaQuote),
    'POST /api/orders': () => Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 }),
  });
  renderForm();
  await userEvent.click(await screen.findByRole('radio', { name: /Kilat/ }));
  await userEvent.clear(screen.getByLabelText('Kode Pos'));
  await userEvent.type(screen.getByLabelText('Kode Pos'), '10120');
  await userEvent.click(screen.getByLabelText('Simpan perubahan alamat ini'));
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  await waitFor(() => expect(calls(fetch), document.body.textContent ?? '').toContain('POST /api/orders'));
  const writes = calls(fetch).filter((c) => !c.startsWith('GET'));
  expect(writes.slice(-2)).toEqual(['PUT /api/addresses/a1', 'POST /api/orders']);
  const put = fetch.mock.calls.find(([url, init]) => url === '/api/addresses/a1' && init?.method === 'PUT');
  expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ postalCode: '10120', districtCode: '31.71.01' });
  const order = fetch.mock.calls.find(([url]) => url === '/api/orders');
  expect(JSON.parse(String(order?.[1]?.body)).shippingServiceId).toBe('jabodetabek-kilat');
});

it('past the limit on unpaid orders: says to pay or cancel an open order, by the button, with a link to the orders', async () => {
  const message =
    'Anda masih memiliki 3 pesanan yang belum dibayar. Bayar atau batalkan salah satunya di Pesanan Saya sebelum membuat pesanan baru.';
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    ...areaRoutes,
    'POST /api/shipping/quote': () => Response.json(jakartaQuote),
    'POST /api/orders': () => Response.json({ error: { code: 'unpaid_limit', message } }, { status: 409 }),
  });
  renderForm();
  await screen.findByRole('radio', { name: /Reguler/ });
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  const alert = await screen.findByText(message);
  const box = alert.closest('[role="alert"]') as HTMLElement;
  expect(box).toBeTruthy();
  expect(within(box).getByRole('link', { name: 'Lihat Pesanan Saya' }).getAttribute('href')).toBe(
    '/account/orders',
  );
});
