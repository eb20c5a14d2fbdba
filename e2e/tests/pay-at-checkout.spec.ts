import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  adminPage,
  apiOrder,
  choosePayment,
  demoProducts,
  expectSameDocument,
  firstInStock,
  markDocument,
  newMailsAbout,
  noSidewaysScroll,
  onGateway,
  type ProductRow,
  placeOrder,
  registerCustomer,
  returningShopper,
  rupiah,
  SAVED_STREET,
  sentTexts,
  signIn,
  toCheckout,
} from './support.ts';

// Issue 37: the way to pay is chosen in checkout, 'Buat Pesanan' lands on the shop's own payment
// page (the QR drawn, the VA number), the local gateway (scripts/gateway-simulator.mjs) takes the
// payment, and the one total is the same everywhere: order page, 'Pesanan Saya', admin, emails.

interface OrderDetail {
  id: string;
  subtotal_amount: number;
  shipping_fee: number;
  unique_code: number;
  total_amount: number;
  payments: { id: string; amount: number; method: string; channel: string | null; pay_code: string | null }[];
}

/** From the product page through the cart to checkout, 'Buat Pesanan' with `method`: answers the order. */
async function checkout(page: Page, product: ProductRow, method: string): Promise<OrderDetail> {
  await toCheckout(page, product);
  await choosePayment(page, method);
  const order = await placeOrder<OrderDetail>(page);
  expect(order.subtotal_amount).toBe(firstInStock(product).price);
  return order;
}

/** 'Pesanan Saya', the admin's order and the emails show the total the gateway charged. */
async function totalEverywhere(page: Page, browser: Browser, order: OrderDetail, before: Set<string>) {
  const short = order.id.slice(0, 8);
  await page.goto('/account/orders');
  await expect(page.locator(`[data-order-id="${order.id}"]`)).toContainText(rupiah(order.total_amount));

  const admin = await adminPage(browser);
  await admin.goto(`/admin?section=order-detail&id=${order.id}`);
  await expect(admin.getByRole('region', { name: 'Informasi Pesanan' })).toContainText(
    `Total${rupiah(order.total_amount)}`,
  );
  await expect(admin.getByRole('region', { name: 'Pembayaran' })).toContainText(
    `Jumlah${rupiah(order.total_amount)}`,
  );
  await expect(admin.getByText(/kode unik/i)).toHaveCount(0);
  await admin.context().close();

  await expect
    .poll(
      () => newMailsAbout(before, `#${short}`).some((text) => text.includes('sudah kami terima. Pesanan')),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  const mails = newMailsAbout(before, `#${short}`);
  expect(mails.some((text) => text.includes(`Total pembayaran: ${rupiah(order.total_amount)}`))).toBe(true);
  expect(
    mails.some((text) =>
      text.includes(`Pembayaran ${rupiah(order.total_amount)} untuk pesanan #${short} sudah kami terima`),
    ),
  ).toBe(true);
  for (const text of mails) {
    expect(text).not.toMatch(/kode unik/i);
    expect(text).not.toContain('Transfer tepat');
  }
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test("QRIS chosen in checkout: the QR on the shop's payment page, paid on the gateway, paid without a reload, one total everywhere", async ({
      page,
      browser,
      baseURL,
    }) => {
      const { api } = await returningShopper(page, baseURL as string, `qris-${width}`);
      const [product] = await demoProducts(api);
      const before = new Set(sentTexts().keys());
      const order = await checkout(page, product, 'QRIS');
      await expect(page.getByText('Pesanan berhasil dibuat')).toBeVisible();
      const [attempt] = order.payments;
      // One honest total: no code, the gateway charges exactly the order's total.
      expect(order.unique_code).toBe(0);
      expect(order.total_amount).toBe(order.subtotal_amount + order.shipping_fee);
      expect(attempt).toMatchObject({
        method: 'midtrans',
        channel: 'other_qris',
        amount: order.total_amount,
      });

      const payment = page.getByRole('region', { name: 'Pembayaran' });
      const qr = payment.getByRole('img', { name: 'Kode QRIS untuk membayar pesanan ini' });
      await expect(qr).toBeVisible();
      expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(200);
      await expect(payment.getByText('Jumlah yang dibayar').locator('..')).toContainText(
        rupiah(order.total_amount),
      );
      await expect(page.getByText('Kode Unik')).toHaveCount(0);
      await expect(page.getByText('Transfer tepat sebesar')).toHaveCount(0);
      await expect(
        page.getByRole('region', { name: 'Produk' }).getByText('Total', { exact: true }).locator('..'),
      ).toContainText(rupiah(order.total_amount));
      await noSidewaysScroll(page, width);

      // Paid on the local gateway in another tab: the order page notices by itself.
      await markDocument(page);
      await onGateway(page, attempt?.id as string, { amount: order.total_amount });
      await expect(payment).toContainText('Pembayaran Diterima', { timeout: 30_000 });
      await expectSameDocument(page);
      await expect(payment.getByRole('img', { name: 'Kode QRIS untuk membayar pesanan ini' })).toHaveCount(0);

      await totalEverywhere(page, browser, order, before);
      await api.dispose();
    });

    test('a BCA virtual account chosen in checkout: its number with a copy button, paid on the gateway without a reload', async ({
      page,
      browser,
      baseURL,
    }) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const { api } = await returningShopper(page, baseURL as string, `va-${width}`);
      const [product] = await demoProducts(api);
      const before = new Set(sentTexts().keys());
      const order = await checkout(page, product, 'Virtual Account BCA');
      const [attempt] = order.payments;
      expect(order.unique_code).toBe(0);
      expect(attempt).toMatchObject({ method: 'midtrans', channel: 'bca_va', amount: order.total_amount });
      // Midtrans's BCA numbers: 15 digits (the documented sample's prefix in the local gateway).
      expect(attempt?.pay_code).toMatch(/^\d{15}$/);

      const payment = page.getByRole('region', { name: 'Pembayaran' });
      const number = payment.getByText('Nomor Virtual Account BCA').locator('..');
      await expect(number).toContainText(attempt?.pay_code as string);
      await expect(payment.getByText('Jumlah yang dibayar').locator('..')).toContainText(
        rupiah(order.total_amount),
      );
      await expect(page.getByText('Kode Unik')).toHaveCount(0);
      await expect(page.getByText('Transfer tepat sebesar')).toHaveCount(0);
      await number.getByRole('button', { name: 'Salin Nomor Virtual Account BCA' }).click();
      await expect(page.getByText('Nomor Virtual Account BCA disalin')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(attempt?.pay_code);
      await noSidewaysScroll(page, width);

      await markDocument(page);
      await onGateway(page, attempt?.id as string, { amount: order.total_amount });
      await expect(payment).toContainText('Pembayaran Diterima', { timeout: 30_000 });
      await expectSameDocument(page);
      await totalEverywhere(page, browser, order, before);
      await api.dispose();
    });

    test('manual transfer chosen in checkout: the unique code in the total, "Transfer tepat sebesar" the total with it', async ({
      page,
      baseURL,
    }) => {
      const { api } = await returningShopper(page, baseURL as string, `transfer-${width}`);
      const [product] = await demoProducts(api);
      const before = new Set(sentTexts().keys());
      const order = await checkout(page, product, 'Transfer Bank (manual)');
      const [attempt] = order.payments;
      expect(order.unique_code).toBeGreaterThanOrEqual(1);
      expect(order.unique_code).toBeLessThanOrEqual(999);
      expect(order.total_amount).toBe(order.subtotal_amount + order.shipping_fee + order.unique_code);
      expect(attempt).toMatchObject({ method: 'bank_transfer', amount: order.total_amount });

      const payment = page.getByRole('region', { name: 'Pembayaran' });
      await expect(payment).toContainText(`Transfer tepat sebesar${rupiah(order.total_amount)}`);
      await expect(payment).toContainText(`Termasuk kode unik ${rupiah(order.unique_code)}`);
      const costs = page.getByRole('region', { name: 'Produk' });
      await expect(costs.getByText('Kode Unik', { exact: true }).locator('..')).toContainText(
        rupiah(order.unique_code),
      );
      await expect(costs.getByText('Total', { exact: true }).locator('..')).toContainText(
        rupiah(order.total_amount),
      );
      await expect(payment.getByLabel('Unggah bukti transfer')).toBeAttached();
      await noSidewaysScroll(page, width);
      await expect
        .poll(() => newMailsAbout(before, `#${order.id.slice(0, 8)}`).join('\n'), { timeout: 30_000 })
        .toContain(
          `Silakan transfer tepat ${rupiah(order.total_amount)} (termasuk kode unik ${order.unique_code})`,
        );
      await api.dispose();
    });
  });
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a returning customer goes from the product page to the payment page in at most 4 taps', async ({
    page,
    baseURL,
  }) => {
    const shopper = await returningShopper(page, baseURL as string, 'empat-ketuk');
    const [product] = await demoProducts(shopper.api);
    // Their last order was paid by a BCA virtual account.
    await apiOrder(shopper, 'Rina Transfer', product, { paymentChannel: 'bca_va' });
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

    let taps = 0;
    const tap = async (name: string) => {
      taps += 1;
      await page.getByRole('button', { name, exact: true }).click();
    };
    await tap('Beli Sekarang');
    // Checkout with the saved address, a service and the last way to pay already chosen.
    await expect(page.getByRole('heading', { name: 'Informasi Pengiriman' })).toBeVisible();
    await expect(page.getByLabel('Alamat Tersimpan')).toContainText(SAVED_STREET);
    await expect(page.getByRole('radio', { name: /Reguler/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Virtual Account BCA', exact: true })).toBeChecked();
    const placed = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/orders' && res.request().method() === 'POST',
    );
    await tap('Buat Pesanan');
    const answer = await placed;
    expect(answer.status(), await answer.text()).toBe(201);
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('region', { name: 'Pembayaran' }).getByText('Nomor Virtual Account BCA'),
    ).toBeVisible();
    expect(taps).toBeLessThanOrEqual(4);
    await shopper.api.dispose();
  });

  test('checkout fits 360 px with the longest area names and a long saved address: no sideways scroll', async ({
    page,
    baseURL,
  }) => {
    const { api, email } = await registerCustomer(baseURL as string, 'siau');
    const [product] = await demoProducts(api);
    await api.call('POST', '/api/addresses', {
      customerName: 'Theresia Margaretha Wulandari Kusumaningrum Sompotan',
      customerPhone: '0812-3456-7890',
      // Sulawesi Utara › Kabupaten Kepulauan Siau Tagulandang Biaro › Siau Barat Selatan (worker/src/data/areas.json).
      provinceCode: '71',
      regencyCode: '71.09',
      districtCode: '71.09.05',
      postalCode: '95862',
      customerAddress:
        'Jl. Pelabuhan Ulu Siau Lorong Pangkalan Perahu Nelayan No. 117 RT 004 RW 002, Kelurahan Bahu',
      isDefault: true,
    });
    await signIn(page, email, 'rahasia123');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Beli Sekarang' }).click();
    await expect(page.getByRole('heading', { name: 'Informasi Pengiriman' })).toBeVisible();
    await expect(page.getByLabel('Kabupaten/Kota')).toHaveValue('71.09');
    await expect(page.getByLabel('Kecamatan')).toHaveValue('71.09.05');
    await expect(page.getByLabel('Alamat Tersimpan')).toContainText('Pelabuhan Ulu Siau');
    await expect(
      page.getByRole('group', { name: 'Layanan Pengiriman' }).getByRole('radio').first(),
    ).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Cara Pembayaran' }).getByRole('radio').first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await noSidewaysScroll(page, 360);
    await api.dispose();
  });

  test('the buy button is tappable while the back-to-top button shows', async ({ page, baseURL }) => {
    const { api, email } = await registerCustomer(baseURL as string, 'ketuk');
    const [product] = await demoProducts(api);
    await signIn(page, email, 'rahasia123');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/product/${product.id}`);
    const add = page.getByRole('button', { name: 'Tambah ke Keranjang' });
    await expect(add).toBeEnabled();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.getByRole('button', { name: 'Kembali ke atas' })).toBeVisible();
    // What a finger on the button's middle touches is the button itself, not the back-to-top button.
    for (const name of ['Tambah ke Keranjang', 'Beli Sekarang']) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeInViewport({ ratio: 1 });
      expect(
        await button.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit !== null && el.contains(hit);
        }),
        name,
      ).toBe(true);
    }
    await add.tap();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await api.dispose();
  });
});
