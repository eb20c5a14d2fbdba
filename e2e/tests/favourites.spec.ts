import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  ApiClient,
  appStarted,
  demoProducts,
  ownNetwork,
  type ProductRow,
  runCron,
  rupiah,
  saveProduct,
  sentTexts,
  TURNSTILE_TOKEN,
  uniqueEmail,
} from './support.ts';

// 'Favorit' and 'Kabari Saya' (issues 40 and 41, decisions 042, 043 and 048) on a 360 px phone.
test.use({ viewport: { width: 360, height: 780 } });

/** Two products of this run's own: one in stock, one whose 30 ml is sold out. */
async function newProducts(admin: ApiClient): Promise<[ProductRow, ProductRow]> {
  const [demo] = await demoProducts(admin);
  const run = Date.now();
  const create = (name: string, variants: { size_ml: number; price: number; stock: number }[]) =>
    admin.call<ProductRow>('POST', '/api/products', {
      name,
      description: 'Aroma uji untuk favorit dan kabar stok.',
      // The demo's photo with its copies: cards after these (gallery.spec) load the small ones.
      images: [{ url: demo.image, widths: demo.image_widths }],
      variants: variants.map((v) => ({ ...v, weight_grams: 270 })),
    });
  return [
    await create(`Melati Favorit ${run}`, [{ size_ml: 50, price: 310_000, stock: 6 }]),
    await create(`Kenanga Kabar ${run}`, [
      { size_ml: 30, price: 185_000, stock: 0 },
      { size_ml: 50, price: 295_000, stock: 4 },
    ]),
  ];
}

const heart = (scope: Page | ReturnType<Page['locator']>, pressed: boolean) =>
  scope.getByRole('button', { name: pressed ? 'Hapus dari Favorit' : 'Tambah ke Favorit' });

// This run's products leave with it: the journeys after take the newest products as the demo's.
const created: string[] = [];
test.afterAll(async ({ baseURL }) => {
  const admin = await (await ApiClient.create(baseURL as string)).signIn(ADMIN.email, ADMIN.password);
  for (const id of created) await admin.call('DELETE', `/api/products/${id}`);
  await admin.dispose();
});

test("a guest's favourites survive registering, and a sold-out size's 'Kabari Saya' mails when the admin restocks it", async ({
  page,
  baseURL,
}) => {
  const admin = await (await ApiClient.create(baseURL as string)).signIn(ADMIN.email, ADMIN.password);
  const [melati, kenanga] = await newProducts(admin);
  created.push(melati.id, kenanga.id);
  const email = uniqueEmail('favorit');
  await ownNetwork(page);

  // A card's heart in the catalogue, drawn by the server; its press loads its code then.
  await page.goto(`/products?q=${encodeURIComponent(melati.name)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: melati.name }) });
  await expect(heart(card, false)).toHaveAttribute('aria-pressed', 'false');
  await appStarted(page);
  await heart(card, false).click();
  await expect(heart(card, true)).toHaveAttribute('aria-pressed', 'true');

  // The product page's heart.
  await page.goto(`/product/${kenanga.id}`);
  await expect(page.getByRole('heading', { level: 1, name: kenanga.name })).toBeVisible();
  await appStarted(page);
  await heart(page, false).click();
  await expect(heart(page, true)).toHaveAttribute('aria-pressed', 'true');

  // 'Kabari Saya' on the sold-out 30 ml: the server's message under the field, then the ask.
  const sizes = page.getByRole('group', { name: 'Ukuran' });
  await sizes.getByText('30 ml', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /30 ml/ })).toBeChecked();
  const ask = page.getByRole('region', { name: 'Kabari Saya' });
  await expect(ask.getByText('Dengan menekan Kabari Saya, Anda setuju')).toBeVisible();
  await ask.getByRole('button', { name: 'Kabari Saya' }).click();
  await expect(ask.getByText('Email harus diisi')).toBeVisible();
  await ask.getByLabel('Email').fill(email);
  await ask.getByRole('button', { name: 'Kabari Saya' }).click();
  await expect(ask.getByRole('status')).toHaveText(
    `Kami akan mengabari ${email} satu kali saat ukuran ini tersedia lagi.`,
  );
  // The size in stock has no form.
  await sizes.getByText('50 ml', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Kabari Saya' })).toHaveCount(0);

  // The guest's 'Favorit' page: both, newest first, with their prices.
  await page.goto('/favorit');
  const headings = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(headings).toHaveText([kenanga.name, melati.name]);
  await expect(page.getByText(`${rupiah(185_000)} – ${rupiah(295_000)}`)).toBeVisible();
  await expect(page.getByText(rupiah(310_000), { exact: true })).toBeVisible();

  // Registering (Turnstile's local stand-in passes by itself) takes them into the account.
  await page.goto('/customer/register?next=%2Ffavorit');
  await page.getByLabel('Nama').fill('Sari Favorit');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('rahasia123');
  await page.getByLabel('Konfirmasi Password').fill('rahasia123');
  await expect(page.getByLabel('Saya bukan robot')).toBeChecked();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/register'));
  await page.getByRole('button', { name: 'Daftar' }).click();
  expect((await sent).postDataJSON().turnstileToken).toBe(TURNSTILE_TOKEN);
  await expect(page).toHaveURL(/\/favorit$/);
  await expect(page.getByText('Parfum yang Anda simpan, dengan harga dan stok terkini.')).toBeVisible();
  // One merge added both at once: their order within it is the server's.
  await expect(headings).toHaveCount(2);
  for (const name of [kenanga.name, melati.name])
    await expect(headings.filter({ hasText: name })).toBeVisible();
  await expect(page.getByText('Tersedia: 50 ml').first()).toBeVisible();
  // Merged once: the browser's list is gone, the account holds both.
  expect(await page.evaluate(() => localStorage.getItem('gi-favorites'))).toBeNull();
  const mine = await page.request.get('/api/favorites');
  expect(((await mine.json()) as { total: number }).total).toBe(2);

  // Another visit of the same account sees them from the server, the hearts pressed.
  await page.reload();
  await expect(headings).toHaveCount(2);
  await expect(heart(page, true)).toHaveCount(2);

  // The admin restocks the 30 ml; the Cron's run sends the one mail, with the unsubscribe link.
  const before = new Set(sentTexts().keys());
  await saveProduct(admin, kenanga.id, (size) => ({ stock: size.size_ml === 30 ? 5 : size.stock }));
  await runCron(page);
  let mail = '';
  await expect
    .poll(
      async () => {
        // The shopper's mail, not the staff's low-stock alert (5 is at the threshold) that names the size too.
        mail =
          [...sentTexts()].find(
            ([path, text]) =>
              !before.has(path) && text.includes(kenanga.name) && text.includes('tersedia lagi'),
          )?.[1] ?? '';
        if (!mail) await runCron(page);
        return mail;
      },
      { timeout: 60_000 },
    )
    .toContain('30 ml');
  const link = new URL(/https?:\/\/\S+\/api\/marketing\/unsubscribe\?token=[\w.-]+/.exec(mail)?.[0] ?? '');

  // Opening the link only asks; the button unsubscribes and the home page says so.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Berhenti berlangganan email promosi?' })).toBeVisible();
  await page.getByRole('button', { name: 'Ya, berhenti berlangganan' }).click();
  await expect(page).toHaveURL(/\/\?langganan=berhenti$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Anda telah berhenti berlangganan' }),
  ).toBeVisible();
  await admin.dispose();
});
