import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  ApiClient,
  adminFitsPhone,
  demoProducts,
  firstInStock,
  JAKARTA_ADDRESS,
  products,
  rupiah,
  TURNSTILE_TOKEN,
  uniqueEmail,
} from './support.ts';

// The dashboard is for tablets and desktops.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

const photo = fileURLToPath(new URL('../../scripts/seed-images/amber-imperium.webp', import.meta.url));

/** Every section and view of the dashboard that needs no record's id. */
const SECTIONS = [
  'dashboard',
  'analytics',
  'profile',
  'products',
  'add-product',
  'collections',
  'add-collection',
  'orders',
  'payment-reviews',
  'refunds',
  'payment-settings',
  'vouchers',
  'add-voucher',
  'bulk-vouchers',
  'sales',
  'add-sale',
  'reviews',
  'customer-service',
  'add-customer-service',
  'edit-faq',
  'edit-shipping',
  'edit-privacy',
  'edit-terms',
  'contact',
  'background',
  'about',
  'customers',
  'staff',
  'audit',
] as const;

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin(\?.*)?$/);
  await expect(page.getByText('Selamat datang')).toBeVisible();
}

async function openSection(page: Page, label: string) {
  await page
    .getByRole('navigation')
    .getByRole('link', { name: label, exact: true })
    .or(page.getByRole('navigation').getByRole('button', { name: label, exact: true }))
    .first()
    .click();
}

test('the admin adds a product with a photo, changes its price and deletes it', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Parfum Uji ${Date.now()}`;
  await signInAsAdmin(page);
  await openSection(page, 'Data Produk');
  await expect(page).toHaveURL(/section=products/);
  await page
    .getByRole('link', { name: 'Tambah Data' })
    .or(page.getByRole('button', { name: 'Tambah Data' }))
    .first()
    .click();
  await page.getByLabel('Nama Produk').fill(name);
  await page.getByLabel('Deskripsi').fill('Wangi amber hangat untuk uji otomatis.');
  await page.getByLabel('Ukuran (ml)').fill('50');
  await page.getByLabel('Harga').fill('Rp 333.000');
  await page.getByLabel('Stok').fill('5');
  await page.getByLabel('Berat (gram)').fill('270');
  await page.getByLabel('Pilih gambar').setInputFiles(photo);
  await expect(page.getByRole('img', { name: /Pratinjau/ })).toBeVisible();
  await page.getByRole('button', { name: 'Simpan Produk' }).click();
  await expect(page.getByText('Produk berhasil disimpan')).toBeVisible();

  // A shopper sees it on /products with its picture from R2.
  const shopper = await browser.newPage();
  await shopper.goto(`/products?q=${encodeURIComponent(name)}`);
  const card = shopper.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText(rupiah(333_000))).toBeVisible();
  const image = card.getByRole('img');
  await expect(image).toHaveAttribute('src', /^\/images\//);
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  const api = await ApiClient.create(baseURL as string);
  const created = (await products(api)).find((p) => p.name === name);
  if (!created) throw new Error('the new product is listed by the API');
  // A guest's second view of the product page comes from the edge cache (decision 021).
  await shopper.goto(`/product/${created.id}`);
  const cached = await shopper.goto(`/product/${created.id}`);
  expect(cached?.headers()['x-cache']).toBe('hit');
  await expect(shopper.getByText(rupiah(333_000)).first()).toBeVisible();

  await page
    .getByRole('searchbox', { name: 'Cari produk' })
    .or(page.getByLabel('Cari produk'))
    .first()
    .fill(name);
  await page
    .getByRole('button', { name: `Edit ${name}` })
    .or(page.getByRole('link', { name: `Edit ${name}` }))
    .first()
    .click();
  await page.getByLabel('Harga').fill('Rp 345.000');
  await page.getByRole('button', { name: 'Perbarui Produk' }).click();
  await expect(page.getByText('Produk berhasil diperbarui')).toBeVisible();
  // The admin's change reaches the next guest at once: the cached page is not served again.
  const changed = await shopper.goto(`/product/${created.id}`);
  expect(changed?.headers()['x-cache']).toBe('miss');
  await expect(shopper.getByText(rupiah(345_000)).first()).toBeVisible();

  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByText('Produk berhasil dihapus')).toBeVisible();
  expect((await shopper.request.get(`/api/products/${created.id}`)).status()).toBe(404);
  await shopper.close();
  await api.dispose();
});

test('the admin adds and edits a collection', async ({ page }) => {
  const name = `Koleksi Uji ${Date.now()}`;
  await signInAsAdmin(page);
  await openSection(page, 'Data Koleksi');
  await page
    .getByRole('link', { name: 'Tambah Koleksi', exact: true })
    .or(page.getByRole('button', { name: 'Tambah Koleksi', exact: true }))
    .first()
    .click();
  await page
    .getByRole('button', { name: /Simpan/ })
    .first()
    .click();
  await expect(page.getByText('Nama koleksi harus diisi').first()).toBeVisible();
  await page.getByLabel('Nama Koleksi').fill(name);
  await page.getByLabel('Deskripsi (opsional)').fill('Koleksi untuk uji otomatis.');
  await page
    .getByRole('button', { name: /Simpan/ })
    .first()
    .click();
  await expect(page.getByText('Koleksi berhasil ditambahkan')).toBeVisible();

  await page
    .getByRole('button', { name: `Edit ${name}` })
    .or(page.getByRole('link', { name: `Edit ${name}` }))
    .first()
    .click();
  await page.getByLabel('Nama Koleksi').fill(`${name} Baru`);
  await page
    .getByRole('button', { name: /Simpan|Perbarui/ })
    .first()
    .click();
  await expect(page.getByText('Koleksi berhasil diperbarui')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `${name} Baru` })).toBeVisible();
});

test("the admin changes an order's status after confirming (the customer's badge follows); a paid order cannot be deleted, an unpaid one can", async ({
  page,
  browser,
  baseURL,
}) => {
  const api = await ApiClient.create(baseURL as string);
  const [product] = await demoProducts(api);
  const email = uniqueEmail('status');
  await api.call('POST', '/api/auth/register', {
    name: 'Eka',
    email,
    password: 'rahasia123',
    confirmPassword: 'rahasia123',
    turnstileToken: TURNSTILE_TOKEN,
  });

  const customer = await browser.newPage();
  await customer.goto('/customer/login');
  await customer.getByLabel('Email').fill(email);
  await customer.getByLabel('Password').fill('rahasia123');
  await customer.getByRole('button', { name: 'Masuk' }).click();
  await expect(customer).toHaveURL(/\/$/);
  const place = async (key: string) => {
    const created = await customer.request.post('/api/orders', {
      headers: { origin: baseURL as string, 'idempotency-key': `e2e-${key}-${Date.now()}` },
      data: {
        items: [{ productId: product.id, variantId: firstInStock(product).id, quantity: 1 }],
        customer: {
          customerName: 'Eka',
          customerEmail: email,
          customerAddress: 'Jl. Anggrek 5',
          ...JAKARTA_ADDRESS,
        },
        shippingServiceId: 'jabodetabek-reguler',
        paymentChannel: 'bank_transfer',
      },
    });
    expect(created.status()).toBe(201);
    return (await created.json()) as { id: string };
  };
  const order = await place('status');
  const short = order.id.slice(0, 8);
  await customer.goto('/cart');
  await expect(customer.locator(`[data-order-id="${order.id}"] [data-status]`)).toHaveAttribute(
    'data-status',
    'pending',
  );

  await signInAsAdmin(page);
  await openSection(page, 'Lihat Pesanan');
  await page.getByLabel('Cari pesanan').fill(short);
  // Every change asks first (the lifecycle allows Menunggu Pembayaran → Diproses, not → Dikirim).
  await page.getByLabel(`Ubah status pesanan ${short}`).selectOption('processing');
  await page.getByRole('dialog').getByRole('button', { name: 'Ya, Ubah Status' }).click();
  await expect(page.getByText('Status berhasil diperbarui')).toBeVisible();

  await customer.reload();
  const badge = customer.locator(`[data-order-id="${order.id}"] [data-status]`);
  await expect(badge).toHaveAttribute('data-status', 'processing');
  await expect(badge).toHaveText('Diproses');

  // Past payment, the order is one of the shop's financial records: it cannot be deleted (issue 37).
  await expect(page.getByRole('button', { name: `Hapus pesanan ${short}` })).toBeDisabled();

  // An unpaid order is deleted after the question.
  const unpaid = await place('delete');
  await page.getByLabel('Cari pesanan').fill(unpaid.id.slice(0, 8));
  await page.getByRole('button', { name: `Hapus pesanan ${unpaid.id.slice(0, 8)}` }).click();
  const question = page.getByRole('dialog');
  await expect(question).toContainText(/tidak dapat dibatalkan/i);
  await question.getByRole('button', { name: 'Ya, Hapus' }).click();
  await expect(page.getByText('Pesanan berhasil dihapus')).toBeVisible();
  await customer.reload();
  await expect(customer.locator(`[data-order-id="${unpaid.id}"]`)).toHaveCount(0);
  await expect(customer.locator(`[data-order-id="${order.id}"]`)).toHaveCount(1);
  await customer.close();
  await api.dispose();
});

test('FAQ and policy edits show on the public pages', async ({ page, browser }) => {
  const question = `Apakah ada uji otomatis ${Date.now()}?`;
  const privacy = `Kami menjaga data Anda. Revisi ${Date.now()}.`;
  await signInAsAdmin(page);
  await openSection(page, 'Edit FAQ');
  await page.getByLabel('Pertanyaan').first().fill(question);
  await page.getByLabel('Jawaban').first().fill('Ya, setiap perubahan diuji di Chromium.');
  await page.getByRole('button', { name: 'Tambah FAQ' }).click();
  await expect(page.getByText('FAQ berhasil ditambahkan')).toBeVisible();

  await openSection(page, 'Edit Privasi');
  await page.getByLabel('Isi Kebijakan Privasi').fill(privacy);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Kebijakan Privasi berhasil disimpan')).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto('/faq');
  await expect(visitor.getByText(question)).toBeVisible();
  await visitor.goto('/privacy');
  await expect(visitor.getByText(privacy)).toBeVisible();
  await visitor.close();
});

test('hero and about edits are seen by a new browser session', async ({ page, browser, baseURL }) => {
  const title = `Tentang Kami ${Date.now()}`;
  const admin = await (await ApiClient.create(baseURL as string)).signIn(ADMIN.email, ADMIN.password);
  const before = await admin.call<{ heroBackground: string | null }>('GET', '/api/settings');
  await signInAsAdmin(page);
  await openSection(page, 'About');
  await page.getByLabel('Judul').fill(title);
  // Accepted as it opens: an alert that opens while the click is still being completed holds
  // that click until it is closed, so accepting it only after the click never happens.
  const alert = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      return dialog.accept();
    }),
  );
  await page.getByRole('button', { name: 'Simpan Konten About' }).click();
  expect(await alert).toBe('Konten About berhasil disimpan!');

  await openSection(page, 'Background');
  await page.getByLabel(/Pilih gambar|Ganti gambar/).setInputFiles(photo);
  await expect(page.getByRole('img', { name: /Pratinjau/ })).toBeVisible();
  await page.getByRole('button', { name: 'Simpan Background' }).click();
  await expect(page.getByText('Background hero berhasil disimpan')).toBeVisible();

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  const settings = (await (await visitor.request.get('/api/settings')).json()) as { heroBackground: string };
  expect(settings.heroBackground).toMatch(/^\/images\//);
  const heroImages = await visitor.evaluate(() =>
    [...document.querySelectorAll('section, img')].map((el) =>
      el instanceof HTMLImageElement ? el.src : getComputedStyle(el).backgroundImage,
    ),
  );
  expect(heroImages.some((value) => value.includes(settings.heroBackground))).toBe(true);
  await context.close();
  // The built-in hero comes back for the journeys that look at it (gallery.spec.ts).
  await admin.call('PATCH', '/api/settings', { heroBackground: before.heroBackground });
  await admin.dispose();
});

test('a customer opening /admin gets no admin data', async ({ browser, baseURL }) => {
  const api = await ApiClient.create(baseURL as string);
  const email = uniqueEmail('bukan-admin');
  await api.call('POST', '/api/auth/register', {
    name: 'Fajar',
    email,
    password: 'rahasia123',
    confirmPassword: 'rahasia123',
    turnstileToken: TURNSTILE_TOKEN,
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  const adminAnswers: number[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/admin/')) adminAnswers.push(res.status());
  });
  await page.goto('/customer/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('rahasia123');
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Akses Ditolak' })).toBeVisible();
  await expect(page.getByText('Total Penjualan')).toHaveCount(0);
  expect(adminAnswers.every((status) => status === 403)).toBe(true);
  expect((await page.request.get('/api/admin/stats')).status()).toBe(403);
  await context.close();
  await api.dispose();
});

test("a guest opening an admin page (an email's link to an order) is sent to /login, to come back there", async ({
  page,
}) => {
  await page.goto('/admin?section=order-detail&id=abc');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%3Fsection%3Dorder-detail%26id%3Dabc$/);
});

// Every section passes axe at tablet width, in groups of ten: a section's load and analysis take
// 5-7 s on a busy machine, and one journey gets 60 s (three times that when slow).
for (let from = 0; from < SECTIONS.length; from += 10) {
  const group = SECTIONS.slice(from, from + 10);
  test(`every admin section passes axe at tablet width: ${group[0]} to ${group.at(-1)}`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 768, height: 1024 });
    await signInAsAdmin(page);
    for (const section of group) {
      await page.goto(`/admin?section=${section}`);
      await expect(page.locator('main h2').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
      expect(serious, section).toEqual([]);
    }
  });
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('every admin section fits the screen: no sideways scrolling, the navbar and row actions in view', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await signInAsAdmin(page);
    const api = await ApiClient.create(baseURL as string);
    const [product] = await demoProducts(api);
    await api.dispose();
    // An order with a long name and address, so its list row and detail have something to wrap.
    const created = await page.request.post('/api/orders', {
      headers: { origin: baseURL as string, 'idempotency-key': `e2e-phone-${Date.now()}` },
      data: {
        items: [{ productId: product.id, variantId: firstInStock(product).id, quantity: 1 }],
        customer: {
          customerName: 'Siti Aminah Lestari Wulandari',
          customerEmail: uniqueEmail('siti.aminah.lestari.wulandari'),
          customerAddress: 'Jl. Melati Indah Raya No. 9 RT 003 RW 007',
          ...JAKARTA_ADDRESS,
        },
        shippingServiceId: 'jabodetabek-reguler',
        paymentChannel: 'bank_transfer',
      },
    });
    expect(created.status()).toBe(201);
    const order = (await created.json()) as { id: string };
    const views = [...SECTIONS, `order-detail&id=${order.id}`, `edit-product&id=${product.id}`];
    for (const view of views) {
      await page.goto(`/admin?section=${view}`);
      await expect(page.locator('main h2').first()).toBeVisible();
      await adminFitsPhone(page, view);
      await expect(page.getByRole('button', { name: 'Buka menu' }), view).toBeInViewport();
    }
    // The list's last columns are on screen: the order's total, status and actions.
    await page.goto('/admin?section=orders');
    const row = page.getByRole('row').filter({ hasText: 'Siti Aminah Lestari Wulandari' });
    await row
      .getByRole('link', { name: 'Detail' })
      .or(row.getByRole('button', { name: 'Detail' }))
      .first()
      .scrollIntoViewIfNeeded();
    await expect(row.getByLabel(`Ubah status pesanan ${order.id.slice(0, 8)}`)).toBeInViewport();
  });
});
