import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  ApiClient,
  adminPage,
  apiOrder,
  choosePayment,
  newMailsAbout,
  noSidewaysScroll,
  onGateway,
  type ProductRow,
  placeOrder,
  products,
  returningShopper,
  rupiah,
  SAVED_STREET,
  type SizeRow,
  sentTexts,
} from './support.ts';

// 'Kredit Sampel' (issue 41, decision 061 part B): a discovery set bought and delivered gives a
// credit toward a full bottle of one of its samples' scents. Checkout takes it off by itself,
// the order, the admin, the gateway and the mails show the same total, a cancelled order gives
// it back, and it is used once.

interface Order {
  id: string;
  status: string;
  subtotal_amount: number;
  shipping_fee: number;
  discount_amount: number;
  unique_code: number;
  credit_amount: number;
  credit_earned: number;
  total_amount: number;
  payments: { id: string; amount: number }[];
}

const SET_PRICE = 75_000;
const SAMPLE_PRICE = 25_000;

const sizeOf = (product: ProductRow, ml: number): SizeRow => {
  const size = product.variants.find((v) => v.size_ml === ml);
  if (!size) throw new Error(`${product.name} comes in ${ml} ml`);
  return size;
};

/** A size as the admin's form adds it. */
const newSize = (ml: number, price: number) => ({
  size_ml: ml,
  price,
  stock: 40,
  sku: null,
  max_per_order: 5,
  weight_grams: 40,
  length_cm: null,
  width_cm: null,
  height_cm: null,
});

/** This journey's own products, so the demo's sizes and price ranges stay as other journeys read them. */
const OWN = { first: 'Uji Kredit Melati', second: 'Uji Kredit Kenanga', host: 'Uji Set Discovery' };

/**
 * The admin's setup, once per shop (both widths share it): Kredit Sampel on for 30 days, two scents
 * of this journey's own with a 2 ml sample and a 50 ml bottle, and a third product whose 10 ml size
 * is composed as a set of those samples.
 */
async function setUp(baseURL: string) {
  const admin = await (await ApiClient.create(baseURL)).signIn(ADMIN.email, ADMIN.password);
  await admin.call('PUT', '/api/admin/settings/sample-credit', { enabled: true, validDays: 30 });
  const [demo] = await products(admin);
  if (!demo) throw new Error('the demo data has products');
  const own = async (name: string, sizes: [number, number][]) =>
    (await products(admin)).find((p) => p.name === name) ??
    (await admin.call<ProductRow>('POST', '/api/products', {
      name,
      description: 'Aroma uji untuk Kredit Sampel.',
      images: [{ url: demo.image, widths: demo.image_widths }],
      variants: sizes.map(([ml, price]) => newSize(ml, price)),
    }));
  const bottle = await own(OWN.first, [
    [2, SAMPLE_PRICE],
    [50, 300_000],
  ]);
  const other = await own(OWN.second, [
    [2, SAMPLE_PRICE],
    [50, 280_000],
  ]);
  const set = await own(OWN.host, [[10, SET_PRICE]]);
  await admin.call('PUT', `/api/admin/variants/${sizeOf(set, 10).id}/components`, {
    components: [
      { variant_id: sizeOf(bottle, 2).id, quantity: 1 },
      { variant_id: sizeOf(other, 2).id, quantity: 1 },
    ],
  });
  return { admin, bottle, set };
}

// This journey's products leave with it (the set first: it holds the samples): the journeys
// after take the newest products as the demo's.
test.afterAll(async ({ baseURL }) => {
  const admin = await (await ApiClient.create(baseURL as string)).signIn(ADMIN.email, ADMIN.password);
  for (const name of [OWN.host, OWN.first, OWN.second]) {
    const product = (await products(admin)).find((p) => p.name === name);
    if (product) await admin.call('DELETE', `/api/products/${product.id}`);
  }
  await admin.dispose();
});

/** From the product page with `ml` chosen, through the cart, to checkout with the saved address and 'Reguler'. */
async function toCheckoutWith(page: Page, product: ProductRow, ml: number) {
  await page.goto(`/product/${product.id}`);
  // A product of one size has no choice to make; else the radio is drawn by its label (as sizes.spec.ts chooses).
  if (product.variants.length > 1) {
    await page.getByText(`${ml} ml`, { exact: true }).click();
    await expect(page.getByRole('radio', { name: `${ml} ml`, exact: true })).toBeChecked();
  }
  await page.getByRole('button', { name: 'Tambah ke Keranjang' }).click();
  await expect(page.getByText(`${product.name} ${ml} ml masuk ke keranjang.`)).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Lanjut ke Checkout' }).click();
  await expect(page.getByLabel('Alamat Tersimpan')).toContainText(SAVED_STREET);
  await expect(page.getByRole('radio', { name: /Reguler/ })).toBeChecked();
}

const summary = (page: Page) => page.getByRole('region', { name: 'Ringkasan Pesanan' });
/** A row of a summary or a costs list: its term and its amount, read together. */
const row = (page: Page, region: string, term: string) =>
  page.getByRole('region', { name: region }).getByText(term, { exact: true }).locator('..');

/** 'Akun Saya' → 'Kredit Sampel': the one credit's state reads `state`. */
async function creditReads(page: Page, state: string | RegExp) {
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Kredit Sampel' });
  await expect(card).toContainText(state, { timeout: 30_000 });
  return card;
}

/** The admin's order detail: the credit's line by the discount, and the total. */
async function adminSees(browser: Browser, order: Order) {
  const admin = await adminPage(browser);
  await admin.goto(`/admin?section=order-detail&id=${order.id}`);
  const info = admin.getByRole('region', { name: 'Informasi Pesanan' });
  await expect(info).toContainText(`Total${rupiah(order.total_amount)}`);
  await expect(info).toContainText(`Kredit Sampel-${rupiah(order.credit_amount)}`);
  await expect(admin.getByRole('region', { name: 'Item Pesanan', exact: true })).toContainText(
    `Kredit Sampel-${rupiah(order.credit_amount)}`,
  );
  await admin.context().close();
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test('a discovery set gives Kredit Sampel once delivered; the full bottle of its scent takes it off everywhere, a cancel gives it back, and it is used once', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      const { admin, bottle, set } = await setUp(baseURL as string);
      const customer = await returningShopper(page, baseURL as string, `kredit-${width}`);

      // The set, bought on its product page and paid by QRIS on the local gateway.
      const mailsBefore = new Set(sentTexts().keys());
      await toCheckoutWith(page, set, 10);
      await choosePayment(page, 'QRIS');
      const bought = await placeOrder<Order>(page);
      expect(bought.credit_earned).toBe(SET_PRICE);
      const payment = page.getByRole('region', { name: 'Pembayaran' });
      await onGateway(page, bought.payments[0]?.id as string, { amount: bought.total_amount });
      await expect(payment).toContainText('Pembayaran Diterima', { timeout: 30_000 });
      const products = page.getByRole('region', { name: 'Produk' });
      await expect(products).toContainText(`Pesanan ini memberi Kredit Sampel ${rupiah(SET_PRICE)}`);
      await expect(products).toContainText('aktif setelah pesanan diterima');
      await creditReads(page, 'Menunggu pesanan diterima');

      // Delivered (payment made it 'Diproses'): the credit is available, and the mail says so.
      for (const body of [
        { status: 'shipped', courier: 'JNE', trackingNumber: `JNE-${bought.id.slice(0, 8)}` },
        { status: 'delivered' },
      ]) {
        await admin.call('PATCH', `/api/admin/orders/${bought.id}/status`, body);
      }
      const card = await creditReads(page, /Tersedia sampai \d+ \S+ \d{4} pukul \d{2}\.\d{2} WIB/);
      await expect(card).toContainText(rupiah(SET_PRICE));
      await expect(card).toContainText(`Berlaku untuk: `);
      await expect(card).toContainText(bottle.name);
      await noSidewaysScroll(page, width);
      await expect
        .poll(
          () =>
            newMailsAbout(mailsBefore, `#${bought.id.slice(0, 8)}`).some((t) => t.includes('Kredit Sampel')),
          {
            timeout: 30_000,
          },
        )
        .toBe(true);

      // The full bottle of the first sample's scent: the credit comes off at checkout.
      const full = sizeOf(bottle, 50);
      const credit = Math.min(SET_PRICE, full.price);
      await toCheckoutWith(page, bottle, 50);
      await expect(row(page, 'Ringkasan Pesanan', 'Kredit Sampel')).toContainText(`-${rupiah(credit)}`);
      await expect(summary(page)).toContainText(
        'Dipakai sekali untuk botol penuh; sisa kredit tidak dikembalikan',
      );
      await noSidewaysScroll(page, width);

      // Cancel gives it back: placed by manual transfer, used, cancelled, available again.
      await choosePayment(page, 'Transfer Bank (manual)');
      const cancelled = await placeOrder<Order>(page);
      expect(cancelled.credit_amount).toBe(credit);
      await creditReads(page, `Terpakai di pesanan #${cancelled.id.slice(0, 8)}`);
      await page.goto(`/orders/${cancelled.id}`);
      await page.getByRole('button', { name: 'Batalkan Pesanan' }).click();
      await page.getByRole('button', { name: 'Ya, Batalkan Pesanan' }).click();
      await expect(page.locator('[data-status]').first()).toHaveText('Dibatalkan');
      await creditReads(page, /Tersedia sampai/);

      // Applied: the same bottle by QRIS, one total on checkout, the order, the gateway, the admin and the mails.
      const before = new Set(sentTexts().keys());
      await toCheckoutWith(page, bottle, 50);
      await choosePayment(page, 'QRIS');
      await expect(row(page, 'Ringkasan Pesanan', 'Kredit Sampel')).toContainText(`-${rupiah(credit)}`);
      const shown = await row(page, 'Ringkasan Pesanan', 'Total Pembayaran').textContent();
      const order = await placeOrder<Order>(page);
      expect(order.credit_amount).toBe(credit);
      expect(order.unique_code).toBe(0);
      expect(order.total_amount).toBe(full.price - credit + order.shipping_fee);
      expect(shown).toContain(rupiah(order.total_amount));
      // The QR drawn: the gateway took a charge whose lines add up to the total.
      await expect(payment.getByRole('img', { name: 'Kode QRIS untuk membayar pesanan ini' })).toBeVisible();
      await expect(row(page, 'Produk', 'Kredit Sampel')).toContainText(`-${rupiah(credit)}`);
      await expect(row(page, 'Produk', 'Total')).toContainText(rupiah(order.total_amount));
      await onGateway(page, order.payments[0]?.id as string, { amount: order.total_amount });
      await expect(payment).toContainText('Pembayaran Diterima', { timeout: 30_000 });
      await page.goto('/account/orders');
      await expect(page.locator(`[data-order-id="${order.id}"]`)).toContainText(rupiah(order.total_amount));
      await creditReads(page, `Terpakai di pesanan #${order.id.slice(0, 8)}`);
      await adminSees(browser, order);
      const short = `#${order.id.slice(0, 8)}`;
      await expect
        .poll(() => newMailsAbout(before, short).some((t) => t.includes('sudah kami terima. Pesanan')), {
          timeout: 30_000,
        })
        .toBe(true);
      const mails = newMailsAbout(before, short);
      expect(mails.some((t) => t.includes(`Total pembayaran: ${rupiah(order.total_amount)}`))).toBe(true);
      expect(mails.some((t) => t.includes('Kredit Sampel') && t.includes(rupiah(credit)))).toBe(true);
      expect(
        mails.some((t) =>
          t.includes(`Pembayaran ${rupiah(order.total_amount)} untuk pesanan ${short} sudah kami terima`),
        ),
      ).toBe(true);

      // Once: a third bottle of the same scent pays the full price.
      const third = await apiOrder<Order>(customer, 'Rina Transfer', bottle, {
        items: [{ productId: bottle.id, variantId: full.id, quantity: 1 }],
      });
      expect(third.credit_amount).toBe(0);
      expect(third.subtotal_amount).toBe(full.price);

      await customer.api.dispose();
      await admin.dispose();
    });
  });
}
