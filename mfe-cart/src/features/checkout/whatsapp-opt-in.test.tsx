import { orderDetail } from '@gi/contracts/fixtures';
import { useSession } from '@gi/session';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, expect, it, vi } from 'vitest';
import { areaRoutes, jakartaQuote, savedGambir } from '../../test/checkout-api.ts';
import { checkoutOptions } from '../../test/payments.ts';
import { cartProduct } from '../../test/products.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { CheckoutForm } from './checkout-form.tsx';

// The checkout's opt-in to order updates on WhatsApp (decision 049).

const customer = { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null };
const items = [{ ...cartProduct('p1', 'Oud Royale', 250_000), quantity: 1 }];
const BOX = 'Kirim kabar pesanan lewat WhatsApp';

Element.prototype.scrollIntoView = vi.fn();
beforeEach(() => sessionStorage.clear());

function SignedIn({ children }: { children: ReactNode }) {
  return useSession().user ? children : null;
}

function renderWith(whatsapp: boolean) {
  const fetch = mockApi({
    'GET /api/auth/session': () => Response.json({ user: customer }),
    'GET /api/payment-options': () =>
      Response.json(checkoutOptions({ last_channel: 'other_qris', whatsapp })),
    'GET /api/addresses': () => Response.json({ items: [savedGambir] }),
    ...areaRoutes,
    'POST /api/shipping/quote': () => Response.json(jakartaQuote),
    'POST /api/orders': () => Response.json(orderDetail(), { status: 201 }),
  });
  renderPage(
    '/cart',
    <SignedIn>
      <CheckoutForm items={items} onBack={() => {}} onOrdered={() => {}} />
    </SignedIn>,
  );
  return fetch;
}

async function orderBody(fetch: ReturnType<typeof mockApi>): Promise<Record<string, unknown>> {
  await screen.findByRole('radio', { name: /Reguler/ });
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  await waitFor(() =>
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST' && init.body)).toBe(true),
  );
  const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/orders')) ?? [];
  return JSON.parse(String(init?.body));
}

it('offers the opt-in unticked while the shop sends WhatsApp, and sends it once ticked', async () => {
  const fetch = renderWith(true);
  const box = await screen.findByRole('checkbox', { name: BOX });
  expect(box).toHaveProperty('checked', false);
  await userEvent.click(box);
  expect((await orderBody(fetch)).whatsappOptIn).toBe(true);
});

it('left unticked, the order says nothing of WhatsApp', async () => {
  const fetch = renderWith(true);
  await screen.findByRole('checkbox', { name: BOX });
  expect(await orderBody(fetch)).not.toHaveProperty('whatsappOptIn');
});

it('shows no opt-in while the shop has no WhatsApp keys', async () => {
  const fetch = renderWith(false);
  await screen.findByRole('radio', { name: /Reguler/ });
  expect(screen.queryByRole('checkbox', { name: BOX })).toBeNull();
  expect(await orderBody(fetch)).not.toHaveProperty('whatsappOptIn');
});
