import { orderDetail } from '@gi/contracts/fixtures';
import { useSession } from '@gi/session';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { areaRoutes, courierQuote, jakartaQuote, savedGambir } from '../../test/checkout-api.ts';
import { checkoutOptions, gatewayPayment } from '../../test/payments.ts';
import { cartProduct } from '../../test/products.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { DUMMY_TOKEN, INTERACTIVE_KEY, securityCheckOn } from '../../test/security-check.ts';
import { CheckoutForm } from './checkout-form.tsx';

const customer = { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null };
const signedIn = () => Response.json({ user: customer });
const items = [{ ...cartProduct('p1', 'Oud Royale', 250_000), quantity: 2 }];

// jsdom lays nothing out and has no scrollIntoView.
Element.prototype.scrollIntoView = vi.fn();

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

function renderForm() {
  return renderPage(
    '/cart',
    <SignedIn>
      <CheckoutForm items={items} onBack={() => {}} onOrdered={() => {}} />
    </SignedIn>,
  );
}

/** As on the cart page: the form shows once the session is known. */
function SignedIn({ children }: { children: ReactNode }) {
  return useSession().user ? children : null;
}

const emptyBook = {
  'GET /api/auth/session': signedIn,
  'GET /api/payment-options': () => Response.json(checkoutOptions({ last_channel: 'other_qris' })),
  'GET /api/addresses': () => Response.json({ items: [] }),
  ...areaRoutes,
  'POST /api/shipping/quote': () => Response.json(jakartaQuote),
};

const calls = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

it('fills the form from the default saved address and fetches each area level only when needed', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/payment-options': () => Response.json(checkoutOptions({ last_channel: 'other_qris' })),
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
    'GET /api/payment-options': () => Response.json(checkoutOptions({ last_channel: 'other_qris' })),
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    ...areaRoutes,
    'POST /api/shipping/quote': () =>
      Response.json({ error: { code: 'no_shipping_zone', message } }, { status: 422 }),
  });
  renderForm();
  expect((await screen.findByRole('alert')).textContent).toBe(message);
  expect(within(screen.getByRole('group', { name: 'Layanan Pengiriman' })).queryByRole('radio')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(screen.getByText('Pilih layanan pengiriman')).toBeTruthy();
  expect(calls(fetch)).not.toContain('POST /api/orders');
});

it("a proxy's error page instead of the API's answer is said in Indonesian, never 'HTTP 502' (issue 30)", async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/payment-options': () => Response.json(checkoutOptions({ last_channel: 'other_qris' })),
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    ...areaRoutes,
    'POST /api/shipping/quote': () => new Response('<html>Bad gateway</html>', { status: 502 }),
  });
  renderForm();
  expect((await screen.findByRole('alert')).textContent).toBe('Gagal menghitung ongkos kirim');
  expect(document.body.textContent).not.toContain('HTTP 502');
});

it('saves the address to the address book before placing the order when asked', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/payment-options': () => Response.json(checkoutOptions({ last_channel: 'other_qris' })),
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

it('keeps what was typed through leaving checkout and coming back, for the same account only (issue 29)', async () => {
  mockApi(emptyBook);
  const first = renderForm();
  await userEvent.type(await screen.findByLabelText('Nomor Telepon'), '0812-3456-7890');
  await userEvent.selectOptions(
    screen.getByLabelText('Provinsi'),
    await screen.findByRole('option', { name: 'Daerah Khusus Ibukota Jakarta' }),
  );
  await userEvent.selectOptions(
    screen.getByLabelText('Kabupaten/Kota'),
    await screen.findByRole('option', { name: 'Kota Administrasi Jakarta Pusat' }),
  );
  await userEvent.selectOptions(
    screen.getByLabelText('Kecamatan'),
    await screen.findByRole('option', { name: 'Gambir' }),
  );
  await userEvent.type(screen.getByLabelText('Kode Pos'), '10110');
  await userEvent.type(screen.getByLabelText('Alamat Lengkap'), 'Jl. Mawar 1');
  await userEvent.click(await screen.findByRole('radio', { name: /Kilat/ }));
  first.unmount();

  renderForm();
  expect(await screen.findByLabelText('Nomor Telepon')).toHaveProperty('value', '0812-3456-7890');
  await waitFor(() => expect(screen.getByLabelText('Kecamatan')).toHaveProperty('value', '31.71.01'));
  expect(screen.getByLabelText('Kode Pos')).toHaveProperty('value', '10110');
  expect(screen.getByLabelText('Alamat Lengkap')).toHaveProperty('value', 'Jl. Mawar 1');
  expect(await screen.findByRole('radio', { name: /Kilat/ })).toHaveProperty('checked', true);
  expect(JSON.stringify(sessionStorage)).toContain('Jl. Mawar 1');
  expect(document.cookie).not.toContain('Mawar');
});

it("never shows one account's draft to another", async () => {
  sessionStorage.setItem(
    'gi-checkout-draft',
    JSON.stringify({
      userId: 'someone-else',
      email: 'lain@contoh.id',
      address: { ...savedGambir, provinceCode: '31', regencyCode: '31.71', districtCode: '31.71.01' },
      savedId: '',
      saveAddress: false,
      serviceId: '',
    }),
  );
  mockApi(emptyBook);
  renderForm();
  expect(await screen.findByLabelText('Email')).toHaveProperty('value', 'ani@contoh.id');
  expect(screen.getByLabelText('Nomor Telepon')).toHaveProperty('value', '');
});

it('moves focus to the first field to mend and says why after a refused submit (issue 29)', async () => {
  mockApi(emptyBook);
  renderForm();
  const phone = await screen.findByLabelText('Nomor Telepon');
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(document.activeElement).toBe(phone);
  expect(phone.scrollIntoView).toHaveBeenCalled();
  expect(screen.getByRole('alert').textContent).toMatch(/^Periksa kembali \d+ isian yang ditandai\.$/);

  await userEvent.type(phone, '0812-3456-7890');
  await userEvent.selectOptions(
    screen.getByLabelText('Provinsi'),
    await screen.findByRole('option', { name: 'Daerah Khusus Ibukota Jakarta' }),
  );
  await userEvent.selectOptions(
    screen.getByLabelText('Kabupaten/Kota'),
    await screen.findByRole('option', { name: 'Kota Administrasi Jakarta Pusat' }),
  );
  await userEvent.selectOptions(
    screen.getByLabelText('Kecamatan'),
    await screen.findByRole('option', { name: 'Gambir' }),
  );
  await userEvent.type(screen.getByLabelText('Kode Pos'), '60111');
  await userEvent.type(screen.getByLabelText('Alamat Lengkap'), 'Jl. Mawar 1');
  // A postal code of another province prices nothing: the couriers would price another place.
  expect(screen.getByText('Isi kode pos untuk melihat tarif kurir.')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(document.activeElement).toBe(screen.getByLabelText('Kode Pos'));
  expect(screen.getByRole('alert').textContent).toBe('Periksa kembali 2 isian yang ditandai.');
  expect(screen.getByText('Kode pos tidak sesuai dengan provinsi yang dipilih')).toBeTruthy();
});

it('says the connection is lost while offline and sends the order once when it is back (issue 29)', async () => {
  const fetch = mockApi({
    ...emptyBook,
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    'POST /api/orders': () => Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 }),
  });
  renderForm();
  await screen.findByRole('radio', { name: /Reguler/ });
  act(() => onlineManager.setOnline(false));
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(await screen.findByRole('button', { name: 'Menunggu koneksi...' })).toHaveProperty('disabled', true);
  expect(screen.getByRole('status').textContent).toContain('Koneksi internet terputus');
  expect(calls(fetch)).not.toContain('POST /api/orders');
  act(() => onlineManager.setOnline(true));
  await waitFor(() => expect(calls(fetch).filter((c) => c === 'POST /api/orders')).toHaveLength(1));
  expect(screen.queryByText(/Koneksi internet terputus/)).toBeNull();
});

it('past the limit on unpaid orders: says to pay or cancel an open order, by the button, with a link to the orders', async () => {
  const message =
    'Anda masih memiliki 3 pesanan yang belum dibayar. Bayar atau batalkan salah satunya di Pesanan Saya sebelum membuat pesanan baru.';
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/payment-options': () => Response.json(checkoutOptions({ last_channel: 'other_qris' })),
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

it("puts the server's field messages on their fields (the API's paths) until the shopper changes them", async () => {
  const unavailable = 'Layanan pengiriman tidak tersedia untuk alamat ini. Silakan pilih ulang.';
  let answer = () =>
    Response.json(
      {
        error: {
          code: 'invalid_input',
          message: 'Kecamatan tidak ditemukan',
          fields: { 'customer.districtCode': 'Kecamatan tidak ditemukan' },
        },
      },
      { status: 400 },
    );
  mockApi({
    ...emptyBook,
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    'POST /api/orders': () => answer(),
  });
  renderForm();
  await screen.findByRole('radio', { name: /Reguler/ });
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  const district = screen.getByLabelText('Kecamatan');
  await waitFor(() => expect(district.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(String(district.getAttribute('aria-describedby')))?.textContent).toBe(
    'Kecamatan tidak ditemukan',
  );
  // Another field's change leaves it; a new district takes it away.
  await userEvent.type(screen.getByLabelText('Alamat Lengkap'), ' No. 2');
  expect(district.getAttribute('aria-invalid')).toBe('true');
  await userEvent.selectOptions(district, 'Sawah Besar');
  expect(district.getAttribute('aria-invalid')).toBeNull();

  answer = () =>
    Response.json(
      {
        error: {
          code: 'shipping_service_unavailable',
          message: unavailable,
          fields: { shippingServiceId: unavailable },
        },
      },
      { status: 422 },
    );
  await userEvent.click(await screen.findByRole('radio', { name: /Reguler/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect((await screen.findByText(unavailable, { selector: '#shipping-error' })).textContent).toBe(
    unavailable,
  );
  await userEvent.click(screen.getByRole('radio', { name: /Kilat/ }));
  expect(document.getElementById('shipping-error')).toBeNull();
});

it('lists each courier service cheapest first with its badges and the parcel weight, and sends the quote with the order', async () => {
  const fetch = mockApi({
    ...emptyBook,
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    'POST /api/shipping/quote': () => Response.json(courierQuote()),
    'POST /api/orders': () => Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 }),
  });
  renderForm();
  const cheapest = await screen.findByRole('radio', {
    name: /SiCepat Reguler\s*Termurah.*2–3 hari kerja.*Rp 9.000/,
  });
  expect(cheapest).toHaveProperty('checked', true);
  const shipping = screen.getByRole('group', { name: 'Layanan Pengiriman' });
  expect(
    within(shipping)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent),
  ).toEqual([
    expect.stringMatching(/^SiCepat RegulerTermurah/),
    expect.stringMatching(/^JNE RegulerTercepat/),
  ]);
  expect(screen.getByText('Berat paket: 1,2 kg')).toBeTruthy();
  // The postal code of the address goes with the district: couriers price by it.
  const asked = fetch.mock.calls.find(([url]) => url === '/api/shipping/quote');
  expect(JSON.parse(String(asked?.[1]?.body))).toMatchObject({
    districtCode: '31.71.01',
    postalCode: '10110',
  });

  await userEvent.click(screen.getByRole('radio', { name: /JNE Reguler/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  await waitFor(() => expect(calls(fetch)).toContain('POST /api/orders'));
  const order = fetch.mock.calls.find(([url]) => url === '/api/orders');
  expect(JSON.parse(String(order?.[1]?.body))).toMatchObject({
    shippingServiceId: 'jne:reg',
    shippingQuoteId: 'quote-9000',
  });
});

it('says when live rates failed and the zones priced the options', async () => {
  const notice = 'Tarif kurir langsung sedang tidak tersedia. Ongkos kirim memakai tarif zona toko.';
  const fetch = mockApi({
    ...emptyBook,
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    'POST /api/shipping/quote': () => Response.json({ ...jakartaQuote, notice }),
    'POST /api/orders': () => Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 }),
  });
  renderForm();
  expect((await screen.findByRole('status')).textContent).toBe(notice);
  await userEvent.click(await screen.findByRole('radio', { name: /Kilat/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  await waitFor(() => expect(calls(fetch)).toContain('POST /api/orders'));
  const order = fetch.mock.calls.find(([url]) => url === '/api/orders');
  // A zone's service names no quote.
  expect(JSON.parse(String(order?.[1]?.body))).not.toHaveProperty('shippingQuoteId');
});

it('asks for the rates again when the courier quote changed, and asks the shopper to choose again', async () => {
  let quote = courierQuote();
  const fetch = mockApi({
    ...emptyBook,
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    'POST /api/shipping/quote': () => Response.json(quote),
    'POST /api/orders': () =>
      Response.json(
        { error: { code: 'shipping_quote_changed', message: 'Ongkos kirim perlu dihitung ulang' } },
        { status: 409 },
      ),
  });
  renderForm();
  await screen.findByRole('radio', { name: /SiCepat Reguler.*Rp 9.000/ });
  quote = courierQuote({ sicepat: 12_000, jne: 14_000 });
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(
    (await screen.findByText('Ongkos kirim berubah, silakan pilih ulang', { selector: '#shipping-error' }))
      .textContent,
  ).toBeTruthy();
  expect(await screen.findByRole('radio', { name: /SiCepat Reguler.*Rp 12.000/ })).toBeTruthy();
  expect(calls(fetch).filter((c) => c === 'POST /api/shipping/quote')).toHaveLength(2);
});

const withOptions = (options: ReturnType<typeof checkoutOptions>) => ({
  ...emptyBook,
  'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
  'GET /api/payment-options': () => Response.json(options),
});

/** The payment list's groups, each with its radios' accessible names, as the shopper reads them. */
function paymentGroups() {
  const list = screen.getByRole('group', { name: 'Cara Pembayaran' });
  return within(list)
    .getAllByRole('group')
    .map((group) => [
      group.querySelector('legend')?.textContent,
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ]);
}

it('offers the ways to pay grouped, only those the shop offers, manual transfer last, and preselects the last one (issue 37)', async () => {
  mockApi(
    withOptions(
      checkoutOptions({ channels: ['bca_va', 'other_qris', 'gopay', 'echannel'], last_channel: 'echannel' }),
    ),
  );
  renderForm();
  expect(await screen.findByRole('radio', { name: 'Virtual Account Mandiri' })).toHaveProperty(
    'checked',
    true,
  );
  expect(paymentGroups()).toEqual([
    ['QRIS', ['QRIS']],
    ['Virtual Account', ['Virtual Account BCA', 'Virtual Account Mandiri']],
    ['E-Wallet', ['GoPay']],
    ['Transfer Bank (manual)', ['Transfer Bank (manual)']],
  ]);
  // Each with its bank's or wallet's mark, and never the gateway's own names.
  const list = screen.getByRole('group', { name: 'Cara Pembayaran' });
  expect(list.querySelectorAll('label svg')).toHaveLength(5);
  expect(list.textContent).not.toMatch(/bank_transfer|other_qris|echannel|_va/);
  expect(document.body.textContent).not.toMatch(/kode unik/i);
});

it('shows cards only when offered and no manual transfer when the shop turned it off; a last channel no longer offered is not chosen', async () => {
  mockApi(
    withOptions(
      checkoutOptions({
        channels: ['other_qris', 'credit_card'],
        manual_transfer: false,
        last_channel: 'bank_transfer',
      }),
    ),
  );
  renderForm();
  await screen.findByRole('radio', { name: /Reguler/ });
  await screen.findByRole('radio', { name: 'QRIS' });
  expect(paymentGroups()).toEqual([
    ['QRIS', ['QRIS']],
    ['Kartu Kredit/Debit', ['Kartu Kredit/Debit']],
  ]);
  expect(screen.queryByRole('radio', { name: 'Transfer Bank (manual)' })).toBeNull();
  expect(screen.getAllByRole('radio', { checked: true }).map((r) => r.getAttribute('name'))).toEqual([
    'shippingServiceId',
  ]);
});

it("says 'Pilih cara pembayaran' under the list when none is chosen, and sends no order", async () => {
  const fetch = mockApi(withOptions(checkoutOptions()));
  renderForm();
  await screen.findByRole('radio', { name: /Reguler/ });
  await screen.findByRole('radio', { name: 'QRIS' });
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(screen.getByText('Pilih cara pembayaran', { selector: '#payment-error' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe('Periksa kembali: Pilih cara pembayaran');
  expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'QRIS' }));
  expect(calls(fetch)).not.toContain('POST /api/orders');
});

it('places the order with the chosen way to pay and hands on its detail, which the order page then has (issue 37)', async () => {
  const placed = orderDetail({
    unique_code: 0,
    total_amount: 517_000,
    payments: [gatewayPayment({ channel: 'bca_va', pay_code: '12345678901' })],
  });
  const fetch = mockApi({
    ...withOptions(checkoutOptions({ last_channel: 'other_qris' })),
    'POST /api/orders': () => Response.json(placed, { status: 201 }),
  });
  const onOrdered = vi.fn();
  const { client } = renderPage(
    '/cart',
    <SignedIn>
      <CheckoutForm items={items} onBack={() => {}} onOrdered={onOrdered} />
    </SignedIn>,
  );
  await screen.findByRole('radio', { name: /Reguler/ });
  await userEvent.click(await screen.findByRole('radio', { name: 'Virtual Account BCA' }));
  // The one total: items and shipping, no transfer code before the order exists.
  const summary = screen.getByRole('region', { name: 'Ringkasan Pesanan' });
  expect(within(summary).getByText('Total Pembayaran').nextElementSibling?.textContent).toBe('Rp 517.000');
  expect(summary.textContent).not.toMatch(/kode unik/i);
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  await waitFor(() => expect(onOrdered).toHaveBeenCalledWith(placed));
  const order = fetch.mock.calls.find(([url]) => url === '/api/orders');
  expect(JSON.parse(String(order?.[1]?.body))).toMatchObject({ paymentChannel: 'bca_va' });
  expect(client.getQueryData(['orders', 'detail', placed.id])).toEqual(placed);
});

it('asks for the postal code before pricing: no rates, and no request, until it is typed (issue 37)', async () => {
  const fetch = mockApi(emptyBook);
  renderForm();
  await userEvent.selectOptions(
    await screen.findByLabelText('Provinsi'),
    await screen.findByRole('option', { name: 'Daerah Khusus Ibukota Jakarta' }),
  );
  await userEvent.selectOptions(
    screen.getByLabelText('Kabupaten/Kota'),
    await screen.findByRole('option', { name: 'Kota Administrasi Jakarta Pusat' }),
  );
  await userEvent.selectOptions(
    screen.getByLabelText('Kecamatan'),
    await screen.findByRole('option', { name: 'Gambir' }),
  );
  expect(screen.getByText('Isi kode pos untuk melihat tarif kurir.')).toBeTruthy();
  await userEvent.type(screen.getByLabelText('Kode Pos'), '1011');
  expect(calls(fetch)).not.toContain('POST /api/shipping/quote');
  await userEvent.type(screen.getByLabelText('Kode Pos'), '0');
  expect(await screen.findByRole('radio', { name: /Reguler/ })).toHaveProperty('checked', true);
  expect(screen.queryByText('Isi kode pos untuk melihat tarif kurir.')).toBeNull();
  expect(calls(fetch).filter((c) => c === 'POST /api/shipping/quote')).toHaveLength(1);
});

describe('a network past its unpaid limit (decision 036)', () => {
  let undo = () => {};
  afterEach(() => undo());

  it('403 challenge_required shows the security check by the button; the retry sends its token under the same key', async () => {
    undo = securityCheckOn();
    const message =
      'Banyak pesanan belum dibayar dari jaringan Anda. Selesaikan verifikasi keamanan, lalu tekan Buat Pesanan lagi.';
    const placed = orderDetail({ unique_code: 0 });
    let answer = () => Response.json({ error: { code: 'challenge_required', message } }, { status: 403 });
    const fetch = mockApi({
      ...withOptions(checkoutOptions({ last_channel: 'other_qris' })),
      'POST /api/orders': () => answer(),
    });
    const onOrdered = vi.fn();
    renderPage(
      '/cart',
      <SignedIn>
        <CheckoutForm items={items} onBack={() => {}} onOrdered={onOrdered} />
      </SignedIn>,
    );
    await screen.findByRole('radio', { name: /Reguler/ });
    expect(screen.queryByLabelText('Saya bukan robot')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
    const box = (await screen.findByText(message)).closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByLabelText('Saya bukan robot')).toBeTruthy();
    // The always-pass test key's widget finishes by itself; the button waits for it.
    await waitFor(() =>
      expect(within(box).getByLabelText('Saya bukan robot')).toHaveProperty('checked', true),
    );
    answer = () => Response.json(placed, { status: 201 });
    await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
    await waitFor(() => expect(onOrdered).toHaveBeenCalledWith(placed));
    const posts = fetch.mock.calls.filter(([url]) => url === '/api/orders');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map(([, init]) => ({
      body: JSON.parse(String(init?.body)),
      key: new Headers(init?.headers).get('idempotency-key'),
    }));
    expect(first?.body.turnstileToken).toBeUndefined();
    expect(second?.body.turnstileToken).toBe(DUMMY_TOKEN);
    expect(second?.key).toBe(first?.key);
  });

  it('the button waits while the widget asks for a tick (the interactive test key)', async () => {
    undo = securityCheckOn(INTERACTIVE_KEY);
    mockApi({
      ...withOptions(checkoutOptions({ last_channel: 'other_qris' })),
      'POST /api/orders': () =>
        Response.json({ error: { code: 'challenge_required', message: 'Verifikasi' } }, { status: 403 }),
    });
    renderForm();
    await screen.findByRole('radio', { name: /Reguler/ });
    await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
    const tick = await screen.findByLabelText('Saya bukan robot');
    expect(screen.getByRole('button', { name: 'Buat Pesanan' })).toHaveProperty('disabled', true);
    await userEvent.click(tick);
    expect(screen.getByRole('button', { name: 'Buat Pesanan' })).toHaveProperty('disabled', false);
  });
});

describe('cash on delivery (decision 034)', () => {
  const cod = { fee: 5_000, max_order_value: 1_000_000 };
  const codRoutes = (offer: typeof cod | null) => ({
    ...withOptions(checkoutOptions({ cod: offer })),
    'POST /api/shipping/quote': () => Response.json(courierQuote()),
  });
  const codRadio = () => screen.getByRole('radio', { name: 'Bayar di Tempat (COD)' });
  const codLabel = () => codRadio().closest('label')?.textContent;

  it('is offered with its fee only on a courier service that takes it, and adds the fee as its own line of the total', async () => {
    const fetch = mockApi({
      ...codRoutes(cod),
      'POST /api/orders': () => Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 }),
    });
    renderForm();
    // SiCepat Reguler (the cheapest, chosen first) collects no cash here.
    await screen.findByRole('radio', { name: /SiCepat Reguler/ });
    expect(codRadio()).toHaveProperty('disabled', true);
    expect(codLabel()).toContain('Tidak tersedia untuk SiCepat Reguler');

    await userEvent.click(screen.getByRole('radio', { name: /JNE Reguler/ }));
    expect(codRadio()).toHaveProperty('disabled', false);
    expect(codLabel()).toContain('Bayar tunai ke kurir saat paket tiba · biaya COD Rp 5.000');
    await userEvent.click(codRadio());
    const summary = screen.getByRole('region', { name: 'Ringkasan Pesanan' });
    expect(summary.textContent).toContain('Biaya CODRp 5.000');
    // Rp 500.000 of items, Rp 11.000 by JNE, Rp 5.000 of COD fee.
    expect(summary.textContent).toContain('Total PembayaranRp 516.000');

    await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
    await waitFor(() => expect(calls(fetch)).toContain('POST /api/orders'));
    const order = fetch.mock.calls.find(([url]) => url === '/api/orders');
    expect(JSON.parse(String(order?.[1]?.body))).toMatchObject({
      paymentChannel: 'cod',
      shippingServiceId: 'jne:reg',
    });

    // Back to a courier that takes no COD: the choice is dropped, the fee leaves the total.
    await userEvent.click(screen.getByRole('radio', { name: /SiCepat Reguler/ }));
    expect(codRadio()).toHaveProperty('checked', false);
    expect(summary.textContent).not.toContain('Biaya COD');
  });

  it('says the limit when the order is above it, and is not listed when the shop does not offer it', async () => {
    mockApi(codRoutes({ fee: 5_000, max_order_value: 510_000 }));
    const { unmount } = renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: /JNE Reguler/ }));
    expect(codRadio()).toHaveProperty('disabled', true);
    expect(codLabel()).toContain('Hanya untuk pesanan sampai Rp 510.000');
    unmount();

    mockApi(codRoutes(null));
    renderForm();
    await screen.findByRole('radio', { name: /JNE Reguler/ });
    await screen.findByRole('radio', { name: 'QRIS' });
    expect(screen.queryByRole('radio', { name: 'Bayar di Tempat (COD)' })).toBeNull();
  });
});

it("says under the postal code when the courier aggregator's area search puts it in another district (issue 37)", async () => {
  const message = 'Kode pos tidak sesuai dengan kecamatan yang dipilih';
  const fetch = mockApi({
    ...emptyBook,
    'POST /api/shipping/quote': (_url: string, init: RequestInit) =>
      (JSON.parse(String(init.body)) as { postalCode?: string }).postalCode === '10150'
        ? Response.json(
            { error: { code: 'postal_code_not_in_district', message, fields: { postalCode: message } } },
            { status: 422 },
          )
        : Response.json(jakartaQuote),
  });
  renderForm();
  await userEvent.selectOptions(
    await screen.findByLabelText('Provinsi'),
    await screen.findByRole('option', { name: 'Daerah Khusus Ibukota Jakarta' }),
  );
  await userEvent.selectOptions(
    screen.getByLabelText('Kabupaten/Kota'),
    await screen.findByRole('option', { name: 'Kota Administrasi Jakarta Pusat' }),
  );
  await userEvent.selectOptions(
    screen.getByLabelText('Kecamatan'),
    await screen.findByRole('option', { name: 'Gambir' }),
  );
  const postal = screen.getByLabelText('Kode Pos');
  await userEvent.type(postal, '10150');
  await waitFor(() => expect(postal.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(String(postal.getAttribute('aria-describedby')))?.textContent).toBe(message);
  // Not a second time among the shipping options, which wait for a right code.
  const shipping = within(screen.getByRole('group', { name: 'Layanan Pengiriman' }));
  expect(shipping.queryByText(message)).toBeNull();
  expect(shipping.getByText('Periksa kode pos untuk melihat tarif kurir.')).toBeTruthy();
  expect(shipping.queryByRole('radio')).toBeNull();

  // The right code: the message goes and the options come.
  await userEvent.clear(postal);
  await userEvent.type(postal, '10110');
  expect(await screen.findByRole('radio', { name: /Reguler/ })).toHaveProperty('checked', true);
  expect(postal.getAttribute('aria-invalid')).toBeNull();
  expect(screen.queryByText(message)).toBeNull();
  expect(calls(fetch).filter((c) => c === 'POST /api/shipping/quote')).toHaveLength(2);
});
