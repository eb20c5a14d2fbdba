import type { SampleCreditPreview, VoucherCheck } from '@gi/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cartProduct } from '../../test/products.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { SignedIn, signedInCheckout } from '../../test/signed-in-checkout.tsx';
import { CheckoutForm } from './checkout-form.tsx';

// 'Kredit Sampel' at checkout (decision 061 part B): the server's preview, capped after the
// voucher, in the summary and the total; a credit taken meanwhile asks the preview again.

const bottle = { ...cartProduct('p1', 'Oud Royale', 250_000), quantity: 2 };
Element.prototype.scrollIntoView = vi.fn();

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const preview = (credit_amount: number): SampleCreditPreview => ({
  credit_amount,
  credits: credit_amount
    ? [{ id: 'c1', source_name: 'Set Discovery 10 ml', product_name: 'Oud Royale', amount: credit_amount }]
    : [],
});

const renderForm = (items = [bottle], onOrdered = vi.fn()) =>
  renderPage(
    '/cart',
    <SignedIn>
      <CheckoutForm items={items} onBack={() => {}} onOrdered={onOrdered} />
    </SignedIn>,
  );

const summary = () => screen.getByRole('region', { name: 'Ringkasan Pesanan' });
const total = () => within(summary()).getByText('Total Pembayaran').nextElementSibling?.textContent;
const creditRow = () => within(summary()).queryByText('Kredit Sampel')?.nextElementSibling?.textContent;

it('shows the previewed credit after the discount with its note, and the total subtracts it', async () => {
  const fetch = mockApi({
    ...signedInCheckout,
    'POST /api/sample-credits/preview': () => Response.json(preview(60_000)),
  });
  renderForm();
  await screen.findByRole('radio', { name: /Reguler/ });
  await waitFor(() => expect(creditRow()).toBe('-Rp 60.000'));
  expect(
    within(summary()).getByText('Dipakai sekali untuk botol penuh; sisa kredit tidak dikembalikan'),
  ).toBeTruthy();
  expect(total()).toBe('Rp 457.000');
  const asked = fetch.mock.calls.find(([url]) => url === '/api/sample-credits/preview');
  expect(JSON.parse(String(asked?.[1]?.body))).toEqual({
    items: [{ productId: 'p1', variantId: 'p1-50', quantity: 2 }],
  });
});

it('caps the credit at the items after an items voucher; a shipping voucher leaves it whole', async () => {
  const voucher = (kind: VoucherCheck['kind'], discount_amount: number): VoucherCheck => ({
    voucher_code: 'HEMAT',
    kind,
    discount_amount,
    subtotal_amount: 500_000,
    shipping_fee: 17_000,
    total_amount: 0,
  });
  let answer = voucher('fixed', 480_000);
  mockApi({
    ...signedInCheckout,
    'POST /api/sample-credits/preview': () => Response.json(preview(60_000)),
    'POST /api/vouchers/check': () => Response.json(answer),
  });
  renderForm();
  await screen.findByRole('radio', { name: /Reguler/ });
  await userEvent.type(screen.getByLabelText('Kode Voucher'), 'HEMAT');
  await userEvent.click(screen.getByRole('button', { name: 'Pakai' }));
  await waitFor(() => expect(creditRow()).toBe('-Rp 20.000'));
  expect(total()).toBe('Rp 17.000');

  await userEvent.click(screen.getByRole('button', { name: 'Hapus' }));
  answer = voucher('shipping', 17_000);
  await userEvent.type(screen.getByLabelText('Kode Voucher'), 'HEMAT');
  await userEvent.click(screen.getByRole('button', { name: 'Pakai' }));
  await waitFor(() => expect(within(summary()).queryByText('Diskon (HEMAT)')).toBeTruthy());
  expect(creditRow()).toBe('-Rp 60.000');
});

it('asks nothing for a cart of samples only, and shows no row without a credit', async () => {
  const sample = { ...cartProduct('p2', 'Melati', 35_000, { variantId: 'p2-2', sizeMl: 2 }), quantity: 1 };
  const fetch = mockApi({
    ...signedInCheckout,
    'POST /api/sample-credits/preview': () => Response.json(preview(0)),
  });
  renderForm([sample]);
  await screen.findByRole('radio', { name: /Reguler/ });
  expect(creditRow()).toBeUndefined();
  expect(fetch.mock.calls.some(([url]) => url === '/api/sample-credits/preview')).toBe(false);
});

it('a credit used meanwhile: nothing placed, the message by the button, the preview asked again', async () => {
  const message =
    'Kredit Sampel Anda baru saja dipakai atau berubah. Periksa total lalu tekan Buat Pesanan lagi.';
  let credit = 60_000;
  const fetch = mockApi({
    ...signedInCheckout,
    'POST /api/sample-credits/preview': () => Response.json(preview(credit)),
    'POST /api/orders': () => {
      credit = 0;
      return Response.json({ error: { code: 'sample_credit_used', message } }, { status: 409 });
    },
  });
  const onOrdered = vi.fn();
  renderForm([bottle], onOrdered);
  await screen.findByRole('radio', { name: /Reguler/ });
  await waitFor(() => expect(creditRow()).toBe('-Rp 60.000'));
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect((await screen.findByRole('alert')).textContent).toBe(message);
  await waitFor(() => expect(creditRow()).toBeUndefined());
  expect(total()).toBe('Rp 517.000');
  expect(onOrdered).not.toHaveBeenCalled();
  expect(fetch.mock.calls.filter(([url]) => url === '/api/sample-credits/preview')).toHaveLength(2);
});
