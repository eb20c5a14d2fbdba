import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  ApiClient,
  deliveredOrder,
  noSidewaysScroll,
  products,
  registerCustomer,
  signIn,
} from './support.ts';

// Verified reviews (issue 41, decision 040): only a buyer whose order was delivered reviews, with a
// photo and the wear-test; the admin publishes it; the product page and its JSON-LD then carry it.

// A 1×1 PNG: the photo the buyer attaches (the upload checks the bytes, not the name).
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BODY = 'Wangi melatinya lembut dan masih tercium sampai sore di kantor.';

/** The product page's Product JSON-LD, as crawlers read it from the served HTML. */
async function productJsonLd(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? 'null') as {
    aggregateRating?: { ratingValue: number; reviewCount: number };
    review?: { author: { name: string }; reviewRating: { ratingValue: number }; reviewBody: string }[];
  };
}

test('at 360 px: a delivered order’s buyer reviews with a photo, a shopper who did not buy cannot, and once published the page and its JSON-LD carry it', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const origin = baseURL as string;
  const admin = await (await ApiClient.create(origin)).signIn(ADMIN.email, ADMIN.password);
  const all = await products(admin);
  // A product nobody has reviewed yet, with a size in stock.
  const product = all.find((p) => p.variants.some((v) => v.stock === null || v.stock > 0));
  if (!product) throw new Error('the demo data has a product in stock');

  // The buyer's order, placed and taken to 'Diterima' by the admin (the fastest way there).
  const buyer = await registerCustomer(origin, 'ulasan');
  const order = await deliveredOrder(admin, buyer, 'Rina Transfer', product);

  // A shopper who did not buy it: no form, the reason instead, and the API refuses.
  const stranger = await registerCustomer(origin, 'bukan-pembeli');
  const strangerPage = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signIn(strangerPage, stranger.email, 'rahasia123');
  await expect(strangerPage).toHaveURL(/\/$/);
  await strangerPage.goto(`/product/${product.id}`);
  const strangerReviews = strangerPage.locator('#ulasan');
  await strangerReviews.scrollIntoViewIfNeeded();
  await expect(
    strangerReviews.getByText(
      'Ulasan hanya dapat ditulis oleh pembeli yang pesanannya berisi produk ini sudah diterima.',
    ),
  ).toBeVisible();
  await expect(strangerReviews.getByRole('button', { name: 'Tulis Ulasan' })).toHaveCount(0);
  await expect(
    stranger.api.call('POST', `/api/products/${product.id}/reviews`, { rating: 5, body: BODY }),
  ).rejects.toThrow(/HTTP 403 .*review_not_allowed/);
  await strangerPage.context().close();
  await stranger.api.dispose();

  // The buyer opens the delivered order and writes the review from there, with a photo.
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signIn(page, buyer.email, 'rahasia123');
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('link', { name: `Tulis Ulasan ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?ulas=1`));
  const form = page.getByRole('form', { name: 'Tulis ulasan' });
  await expect(form).toBeVisible();
  // The shopper taps the fifth star: its radio is hidden inside it.
  const five = form.getByRole('radio', { name: '5 bintang' });
  await five.locator('..').click();
  await expect(five).toBeChecked();
  await form.getByLabel('Ulasan').fill(BODY);
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'botol.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(form.getByRole('img', { name: 'Foto ulasan' })).toBeVisible();
  await form.getByRole('checkbox', { name: 'Saya ingin berbagi hasil uji pakai' }).check();
  await form.getByLabel('Berapa jam aromanya bertahan?').fill('9');
  await form.getByRole('radio', { name: 'Sedang' }).check();
  await form.getByRole('checkbox', { name: 'Kantor' }).check();
  await form.getByRole('checkbox', { name: 'Dipakai saat cuaca panas dan lembap' }).check();
  await form.getByRole('button', { name: 'Kirim Ulasan' }).click();
  await expect(page.getByText('Ulasan Anda menunggu moderasi sebelum tampil.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ubah Ulasan' })).toBeVisible();
  await page.context().close();

  // The admin reads and publishes it.
  const pending = await admin.call<{ items: { id: string; productId: string; body: string }[] }>(
    'GET',
    '/api/admin/reviews?status=pending',
  );
  const written = pending.items.find((r) => r.productId === product.id && r.body === BODY);
  if (!written) throw new Error('the review waits for moderation');
  await admin.call('POST', `/api/admin/reviews/${written.id}/publish`);
  await admin.dispose();

  // A guest sees it: the rating under the name, the verified review with its photo, and the JSON-LD.
  const guest = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await guest.goto(`/product/${product.id}`);
  await expect(guest.locator('#ulasan').locator('..').getByText('(1 ulasan)').first()).toBeVisible();
  const jsonLd = await productJsonLd(guest);
  expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
  expect(jsonLd.review).toEqual([
    expect.objectContaining({
      author: { '@type': 'Person', name: 'Rina T.' },
      reviewRating: expect.objectContaining({ ratingValue: 5 }),
      reviewBody: BODY,
    }),
  ]);
  const reviews = guest.locator('#ulasan');
  await reviews.scrollIntoViewIfNeeded();
  const item = reviews.getByRole('article', { name: 'Ulasan Rina T.' });
  await expect(item).toContainText('Pembeli Terverifikasi');
  await expect(item).toContainText(BODY);
  await expect(item).toContainText('Tahan 9 jam');
  await expect(item.getByRole('img', { name: 'Foto dari Rina T.' })).toBeVisible();
  await expect(reviews).toContainText('Uji Pakai di Iklim Tropis');
  // Nothing on the page is wider than the phone.
  await noSidewaysScroll(guest);
  await guest.context().close();
  await buyer.api.dispose();
});
