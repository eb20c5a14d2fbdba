import { expect, type Page, test } from '@playwright/test';
import {
  choosePayment,
  demoProducts,
  onGateway,
  placeOrder,
  returningShopper,
  rupiah,
  toCheckout,
} from './support.ts';

// Issue 40, decision 049: a shopper who ticks 'Kirim kabar pesanan lewat WhatsApp' at checkout
// gets the order placed (how to pay) and, once paid on the local gateway, the payment on WhatsApp:
// the local Cloud API stand-in (scripts/whatsapp-simulator.mjs, the shop's port + 4000) shows both.

const whatsappUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8788) + 4000}`;

interface OrderDetail {
  id: string;
  total_amount: number;
  payments: { id: string; channel: string | null }[];
}

/** The stand-in's messages to the shopper's phone from one template that name the order. */
async function messages(tab: Page, template: string, ref: string) {
  await tab.goto(whatsappUrl);
  return tab
    .locator(`article[data-to="6281234567890"][data-template="${template}"]`)
    .filter({ hasText: ref });
}

test('checkout with the WhatsApp opt-in, paid by QRIS: the order placed and its payment on WhatsApp', async ({
  page,
  baseURL,
}) => {
  const { api } = await returningShopper(page, baseURL as string, 'wa', 'Rina WhatsApp');
  const [product] = await demoProducts(api);
  await toCheckout(page, product);
  await choosePayment(page, 'QRIS');
  // Asked, never assumed: the box starts unticked.
  const optIn = page.getByRole('checkbox', { name: 'Kirim kabar pesanan lewat WhatsApp' });
  await expect(optIn).not.toBeChecked();
  await optIn.check();
  const order = await placeOrder<OrderDetail>(page);
  const { id } = order;
  const ref = `#${id.slice(0, 8)}`;
  const [attempt] = order.payments;
  expect(attempt?.channel).toBe('other_qris');

  // 'Order placed' with how to pay by QRIS, sent right after the order's answer.
  const tab = await page.context().newPage();
  await expect(async () => {
    const placed = await messages(tab, 'gi_pesanan_dibuat', ref);
    await expect(placed).toHaveCount(1, { timeout: 1_000 });
    await expect(placed).toContainText(`Halo Rina WhatsApp, pesanan ${ref}`);
    await expect(placed).toContainText(`Total: ${rupiah(order.total_amount)}`);
    await expect(placed).toContainText('pindai kode QRIS');
    await expect(placed).toContainText(`/orders/${id}`);
  }).toPass({ timeout: 30_000 });

  // Paid on the local gateway: its notification confirms the order and sends 'paid'.
  await onGateway(page, attempt?.id as string, { amount: order.total_amount });
  await expect(page.getByRole('region', { name: 'Pembayaran' })).toContainText('Pembayaran Diterima', {
    timeout: 30_000,
  });
  await expect(async () => {
    const paid = await messages(tab, 'gi_pembayaran_diterima', ref);
    await expect(paid).toHaveCount(1, { timeout: 1_000 });
    await expect(paid).toContainText(`pembayaran pesanan ${ref} sebesar ${rupiah(order.total_amount)}`);
  }).toPass({ timeout: 30_000 });
  // One message per event: the placed one was not sent again.
  await expect(await messages(tab, 'gi_pesanan_dibuat', ref)).toHaveCount(1);
  await api.dispose();
});
