import type { ShippingQuote, VoucherCheck } from '@gi/contracts';
import { orderDetail } from '@gi/contracts/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { areaRoutes, jakartaQuote, savedGambir } from '../../test/checkout-api.ts';
import { checkoutOptions } from '../../test/payments.ts';
import { cartProduct } from '../../test/products.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { customer, SignedIn } from '../../test/signed-in-checkout.tsx';
import { CheckoutForm } from './checkout-form.tsx';

// An order with nothing to pay (decision 062): when checkout's total comes to Rp 0 it says so in
// place of the choice of method; the server places such an order paid whatever method it names.

const items = [{ ...cartProduct('p1', 'Oud Royale', 250_000), quantity: 2 }];
Element.prototype.scrollIntoView = vi.fn();

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

/** The admin's free shipping reached: every option ships free. */
const freeShipping: ShippingQuote = {
  ...jakartaQuote,
  options: jakartaQuote.options.map((option) => ({ ...option, fee: 0 })),
};

const allOff: VoucherCheck = {
  voucher_code: 'GRATIS',
  kind: 'fixed',
  discount_amount: 500_000,
  subtotal_amount: 500_000,
  shipping_fee: 0,
  total_amount: 0,
};

const bodyOf = (fetch: ReturnType<typeof mockApi>, path: string) =>
  JSON.parse(String(fetch.mock.calls.find(([url]) => url === path)?.[1]?.body));

it('says no payment is needed in place of the methods once a voucher brings the total to Rp 0, and still sends a method', async () => {
  const placed = orderDetail({ voucher_code: 'GRATIS', discount_amount: 500_000, total_amount: 0 });
  const fetch = mockApi({
    'GET /api/auth/session': () => Response.json({ user: customer }),
    'GET /api/payment-options': () => Response.json(checkoutOptions()),
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    ...areaRoutes,
    'POST /api/shipping/quote': () => Response.json(freeShipping),
    'POST /api/vouchers/check': () => Response.json(allOff),
    'POST /api/orders': () => Response.json(placed, { status: 201 }),
  });
  const onOrdered = vi.fn();
  renderPage(
    '/cart',
    <SignedIn>
      <CheckoutForm items={items} onBack={() => {}} onOrdered={onOrdered} />
    </SignedIn>,
  );
  await screen.findByRole('radio', { name: /Reguler/ });
  const methods = screen.getByRole('group', { name: 'Cara Pembayaran' });
  expect(within(methods).queryAllByRole('radio').length).toBeGreaterThan(0);
  expect(screen.queryByText(/Tidak perlu pembayaran/)).toBeNull();

  await userEvent.type(screen.getByLabelText('Kode Voucher'), 'gratis');
  await userEvent.click(screen.getByRole('button', { name: 'Pakai' }));
  await screen.findByText('Diskon (GRATIS)');
  const instead = screen.getByRole('group', { name: 'Cara Pembayaran' });
  expect(instead.textContent).toContain('Tidak perlu pembayaran.');
  expect(within(instead).queryAllByRole('radio')).toEqual([]);

  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  await waitFor(() => expect(onOrdered).toHaveBeenCalledWith(placed));
  expect(bodyOf(fetch, '/api/orders')).toMatchObject({
    voucherCode: 'GRATIS',
    paymentChannel: 'bank_transfer',
  });
});
