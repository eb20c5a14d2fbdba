import type { VoucherCheck } from '@gi/contracts';
import { orderDetail } from '@gi/contracts/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { savedGambir } from '../../test/checkout-api.ts';
import { cartProduct } from '../../test/products.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { SignedIn, signedInCheckout } from '../../test/signed-in-checkout.tsx';
import { CheckoutForm } from './checkout-form.tsx';

// Checkout's 'Kode Voucher' and 'Kirim sebagai hadiah' (decision 045): the server's discount and
// wrap fee in the summary, its refusals under the field, and what the order sends.

const items = [{ ...cartProduct('p1', 'Oud Royale', 250_000), quantity: 2 }];
Element.prototype.scrollIntoView = vi.fn();

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const checked: VoucherCheck = {
  voucher_code: 'HEMAT50',
  kind: 'fixed',
  discount_amount: 50_000,
  subtotal_amount: 500_000,
  shipping_fee: 17_000,
  total_amount: 467_000,
};

const refusal = (code: string, message: string) => () =>
  Response.json({ error: { code, message, fields: { voucherCode: message } } }, { status: 422 });

function renderForm(onOrdered = vi.fn()) {
  return renderPage(
    '/cart',
    <SignedIn>
      <CheckoutForm items={items} onBack={() => {}} onOrdered={onOrdered} />
    </SignedIn>,
  );
}

const total = () =>
  within(screen.getByRole('region', { name: 'Ringkasan Pesanan' })).getByText('Total Pembayaran')
    .nextElementSibling?.textContent;

const bodyOf = (fetch: ReturnType<typeof mockApi>, path: string) =>
  JSON.parse(String(fetch.mock.calls.find(([url]) => url === path)?.[1]?.body));

it('applies a code with the cart and the shipping choice, shows its discount line, and sends only the code', async () => {
  const placed = orderDetail({ voucher_code: 'HEMAT50', discount_amount: 50_000 });
  const fetch = mockApi({
    ...signedInCheckout,
    'POST /api/vouchers/check': () => Response.json(checked),
    'POST /api/orders': () => Response.json(placed, { status: 201 }),
  });
  const onOrdered = vi.fn();
  renderForm(onOrdered);
  await screen.findByRole('radio', { name: /Reguler/ });
  expect(total()).toBe('Rp 517.000');
  await userEvent.type(screen.getByLabelText('Kode Voucher'), 'hemat50');
  await userEvent.click(screen.getByRole('button', { name: 'Pakai' }));
  expect((await screen.findByRole('status')).textContent).toMatch(/HEMAT50 dipakai: hemat Rp 50.000/);
  expect(bodyOf(fetch, '/api/vouchers/check')).toEqual({
    voucherCode: 'HEMAT50',
    items: [{ productId: 'p1', variantId: items[0]?.variantId, quantity: 2 }],
    shipping: {
      districtCode: '31.71.01',
      postalCode: savedGambir.postalCode,
      shippingServiceId: 'jabodetabek-reguler',
    },
  });
  const summary = screen.getByRole('region', { name: 'Ringkasan Pesanan' });
  expect(within(summary).getByText('Diskon (HEMAT50)').nextElementSibling?.textContent).toBe('-Rp 50.000');
  expect(total()).toBe('Rp 467.000');
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  await waitFor(() => expect(onOrdered).toHaveBeenCalledWith(placed));
  const order = bodyOf(fetch, '/api/orders');
  expect(order.voucherCode).toBe('HEMAT50');
  expect(order).not.toHaveProperty('discount');
});

it('says a refused code’s Indonesian message under the field, and a removed code leaves the total', async () => {
  const expired = 'Kode voucher ini sudah berakhir.';
  let answer = refusal('voucher_expired', expired);
  mockApi({ ...signedInCheckout, 'POST /api/vouchers/check': () => answer() });
  renderForm();
  await screen.findByRole('radio', { name: /Reguler/ });
  const field = screen.getByLabelText('Kode Voucher');
  await userEvent.type(field, 'LAMA');
  await userEvent.click(screen.getByRole('button', { name: 'Pakai' }));
  expect(await screen.findByText(expired)).toBeTruthy();
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(total()).toBe('Rp 517.000');

  answer = () => Response.json(checked);
  await userEvent.click(screen.getByRole('button', { name: 'Pakai' }));
  await screen.findByText('Diskon (HEMAT50)');
  await userEvent.click(screen.getByRole('button', { name: 'Hapus' }));
  expect(screen.queryByText('Diskon (HEMAT50)')).toBeNull();
  expect(total()).toBe('Rp 517.000');
  expect(screen.getByLabelText('Kode Voucher')).toHaveProperty('value', '');
});

it('a code used up meanwhile: the order is refused, the message under the field, the discount gone', async () => {
  const usedUp = 'Kuota kode voucher ini sudah habis.';
  const fetch = mockApi({
    ...signedInCheckout,
    'POST /api/vouchers/check': () => Response.json(checked),
    'POST /api/orders': refusal('voucher_used_up', usedUp),
  });
  const onOrdered = vi.fn();
  renderForm(onOrdered);
  await screen.findByRole('radio', { name: /Reguler/ });
  await userEvent.type(screen.getByLabelText('Kode Voucher'), 'HEMAT50');
  await userEvent.click(screen.getByRole('button', { name: 'Pakai' }));
  await screen.findByText('Diskon (HEMAT50)');
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  const field = await screen.findByLabelText('Kode Voucher');
  await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.getAllByText(usedUp).length).toBeGreaterThan(0);
  expect(screen.queryByText('Diskon (HEMAT50)')).toBeNull();
  expect(onOrdered).not.toHaveBeenCalled();
  expect(fetch.mock.calls.filter(([url]) => url === '/api/orders')).toHaveLength(1);
});

it('a gift: the message and the wrap at the admin’s fee, which the summary adds; the order asks, never prices', async () => {
  const fetch = mockApi({
    ...signedInCheckout,
    'GET /api/gift-wrap': () => Response.json({ enabled: true, fee: 10_000 }),
    'POST /api/orders': () => Response.json(orderDetail(), { status: 201 }),
  });
  const onOrdered = vi.fn();
  renderForm(onOrdered);
  await screen.findByRole('radio', { name: /Reguler/ });
  expect(screen.queryByLabelText(/Pesan hadiah/)).toBeNull();
  await userEvent.click(screen.getByLabelText('Kirim sebagai hadiah'));
  await userEvent.type(screen.getByLabelText(/Pesan hadiah/), 'Selamat ulang tahun!');
  await userEvent.click(await screen.findByLabelText('Bungkus kado (+Rp 10.000)'));
  const summary = screen.getByRole('region', { name: 'Ringkasan Pesanan' });
  expect(within(summary).getByText('Bungkus kado').nextElementSibling?.textContent).toBe('Rp 10.000');
  expect(total()).toBe('Rp 527.000');
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  await waitFor(() => expect(onOrdered).toHaveBeenCalled());
  expect(bodyOf(fetch, '/api/orders').gift).toEqual({ message: 'Selamat ulang tahun!', wrap: true });
});

it('keeps the code and the gift through leaving checkout and coming back; the code is asked again', async () => {
  const fetch = mockApi({
    ...signedInCheckout,
    'GET /api/gift-wrap': () => Response.json({ enabled: true, fee: 10_000 }),
    'POST /api/vouchers/check': () => Response.json(checked),
  });
  const first = renderForm();
  await screen.findByRole('radio', { name: /Reguler/ });
  await userEvent.type(screen.getByLabelText('Kode Voucher'), 'HEMAT50');
  await userEvent.click(screen.getByRole('button', { name: 'Pakai' }));
  await screen.findByRole('status');
  await userEvent.click(screen.getByLabelText('Kirim sebagai hadiah'));
  await userEvent.type(screen.getByLabelText(/Pesan hadiah/), 'Untuk Ibu');
  await userEvent.click(await screen.findByLabelText('Bungkus kado (+Rp 10.000)'));
  first.unmount();
  const checks = fetch.mock.calls.filter(([url]) => url === '/api/vouchers/check').length;

  renderForm();
  expect((await screen.findByRole('status')).textContent).toMatch(/HEMAT50 dipakai: hemat Rp 50.000/);
  expect(fetch.mock.calls.filter(([url]) => url === '/api/vouchers/check').length).toBeGreaterThan(checks);
  expect(screen.getByLabelText('Kirim sebagai hadiah')).toHaveProperty('checked', true);
  expect(screen.getByLabelText(/Pesan hadiah/)).toHaveProperty('value', 'Untuk Ibu');
  expect(await screen.findByLabelText('Bungkus kado (+Rp 10.000)')).toHaveProperty('checked', true);
  await waitFor(() => expect(total()).toBe('Rp 477.000'));
});

it('refuses a gift message over 200 characters in Indonesian, sending nothing', async () => {
  const fetch = mockApi({
    ...signedInCheckout,
    'GET /api/gift-wrap': () => Response.json({ enabled: false, fee: 0 }),
  });
  renderForm();
  await screen.findByRole('radio', { name: /Reguler/ });
  await userEvent.click(screen.getByLabelText('Kirim sebagai hadiah'));
  const message = screen.getByLabelText(/Pesan hadiah/);
  await userEvent.click(message);
  await userEvent.paste('a'.repeat(201));
  // The shop does not wrap now: no wrap to choose.
  expect(screen.queryByLabelText(/Bungkus kado/)).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(await screen.findByText('Pesan hadiah maksimal 200 karakter')).toBeTruthy();
  expect(fetch.mock.calls.some(([url]) => url === '/api/orders')).toBe(false);
});
