import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  ApiClient,
  adminFitsPhone,
  deliveredOrder,
  demoProducts,
  registerCustomer,
  signIn,
} from './support.ts';

// The admin's side of issues 40 and 41: vouchers made in the dashboard (one by hand, single-use
// codes in bulk), a product's BPOM notification, and a delivered buyer's review published.

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

async function dashboard(page: Page, section: string) {
  await page.goto(`/admin?section=${section}`);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password, '/admin/login');
  await expect(page.getByText('Selamat datang')).toBeVisible();
});

test('the admin creates a voucher with its period in WIB and sees it listed with its uses', async ({
  page,
}) => {
  await dashboard(page, 'vouchers');
  await page.getByRole('link', { name: 'Tambah Voucher' }).click();
  await expect(page.getByRole('heading', { name: 'Tambah Voucher' })).toBeVisible();
  await page.getByLabel('Kode Voucher').fill('hemat15');
  await page.getByLabel('Jenis').selectOption({ label: 'Potongan rupiah' });
  await page.getByLabel('Nilai', { exact: true }).fill('15000');
  await page.getByLabel('Belanja Minimum (Rp)').fill('100000');
  await page.getByLabel('Mulai (WIB)').fill('2027-03-20T00:00');
  await page.getByLabel('Berakhir (WIB)').fill('2027-04-05T23:59');
  await page.getByLabel('Batas Pemakaian Total').fill('100');
  await page.getByLabel('Batas per Pelanggan').fill('1');
  await page.getByRole('checkbox', { name: 'Koleksi Unggulan' }).check();
  await expect(page.getByRole('list', { name: 'Target terpilih' })).toContainText('Koleksi Unggulan');
  await page.getByRole('button', { name: 'Simpan Voucher' }).click();
  await expect(page.getByText('Voucher berhasil dibuat')).toBeVisible();

  // Back at the list: the code in capitals, its terms, its period in WIB, no use yet.
  await expect(page).toHaveURL(/section=vouchers$/);
  const row = page.getByRole('row').filter({ hasText: 'HEMAT15' });
  await expect(row).toContainText('Rp 15.000');
  await expect(row).toContainText('Min. belanja Rp 100.000');
  await expect(row).toContainText('20 Maret 2027 pukul 00.00 – 5 April 2027 pukul 23.59');
  await expect(row).toContainText('0 / 100');
  await expect(row).toContainText('1 koleksi');
  await expect(row).toContainText('Aktif');

  // Stored in UTC; the edit form shows WIB again.
  const stored = (await (await page.request.get('/api/admin/vouchers?q=HEMAT15')).json()) as {
    items: { id: string; starts_at: string; ends_at: string }[];
  };
  expect(stored.items[0]).toMatchObject({
    starts_at: '2027-03-19T17:00:00.000Z',
    ends_at: '2027-04-05T16:59:00.000Z',
  });
  await row.getByRole('link', { name: 'Edit HEMAT15' }).click();
  await expect(page.getByLabel('Mulai (WIB)')).toHaveValue('2027-03-20T00:00');
  await expect(page.getByRole('button', { name: 'Hapus target Koleksi Koleksi Unggulan' })).toBeVisible();

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
});

test('the admin generates 5 single-use codes, downloads them as CSV and finds them in the list', async ({
  page,
}) => {
  await dashboard(page, 'vouchers');
  await page.getByRole('link', { name: 'Buat Kode Massal' }).click();
  await page.getByLabel('Awalan Kode').fill('rina');
  await page.getByLabel('Jumlah Kode').fill('5');
  await page.getByLabel('Jenis').selectOption({ label: 'Potongan rupiah' });
  await page.getByLabel('Nilai', { exact: true }).fill('25000');
  await page.getByRole('button', { name: 'Buat Kode' }).click();
  await expect(page.getByRole('heading', { name: '5 kode sekali pakai dibuat' })).toBeVisible();
  const codes = (await page.getByLabel('Kode yang dibuat').inputValue()).split('\n');
  expect(codes).toHaveLength(5);
  for (const code of codes) expect(code).toMatch(/^RINA-[A-HJ-NP-Z2-9]{8}$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Unduh CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('voucher-rina.csv');
  expect(readFileSync(await download.path(), 'utf8')).toBe(`kode\n${codes.join('\n')}\n`);

  await dashboard(page, 'vouchers');
  await page.getByLabel('Cari voucher').fill('RINA-');
  await expect(page.getByRole('row').filter({ hasText: 'RINA-' })).toHaveCount(5);
  // Each good for one order in all, and one per customer.
  await expect(page.getByRole('row').filter({ hasText: codes[0] as string })).toContainText('0 / 1');
  await expect(page.getByRole('row').filter({ hasText: codes[0] as string })).toContainText(
    '1× per pelanggan',
  );
});

test("the admin enters a product's BPOM notification and halal number, and they are saved", async ({
  page,
  baseURL,
}) => {
  const api = await ApiClient.create(baseURL as string);
  const [product] = await demoProducts(api);
  await dashboard(page, `edit-product&id=${product.id}`);
  await page.getByLabel('Nomor Notifikasi BPOM').fill('na 1820 1200 456');
  await page.getByRole('button', { name: 'Perbarui Produk' }).click();
  await expect(page.getByText('Isi tanggal berakhirnya notifikasi BPOM')).toBeVisible();
  await page.getByLabel('Notifikasi BPOM Berlaku Sampai').fill('2029-06-30');
  await page.getByLabel('Nomor Sertifikat Halal (opsional)').fill('ID00110000123450123');
  await page.getByRole('button', { name: 'Perbarui Produk' }).click();
  await expect(page.getByText('Produk berhasil diperbarui')).toBeVisible();

  await dashboard(page, `edit-product&id=${product.id}`);
  await expect(page.getByLabel('Nomor Notifikasi BPOM')).toHaveValue('NA18201200456');
  await expect(page.getByLabel('Notifikasi BPOM Berlaku Sampai')).toHaveValue('2029-06-30');
  const read = await api.call<{ trust_marks: unknown }>('GET', `/api/products/${product.id}`);
  expect(read.trust_marks).toEqual({
    bpom_number: 'NA18201200456',
    bpom_valid_until: '2029-06-30',
    halal_number: 'ID00110000123450123',
    ingredients: null,
  });
  await api.dispose();
});

test('a delivered buyer’s review waits in Ulasan, counted in the menu, until the admin publishes it', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL as string;
  const admin = await (await ApiClient.create(origin)).signIn(ADMIN.email, ADMIN.password);
  const [, product] = await demoProducts(admin);
  const buyer = await registerCustomer(origin, 'ulasan');
  await deliveredOrder(admin, buyer, 'Rina Ulasan', product);
  await buyer.api.call('POST', `/api/products/${product.id}/reviews`, {
    rating: 5,
    body: 'Wanginya lembut dan tahan seharian di kantor.',
    wearTest: { hours: 9, projection: 'sedang', occasions: ['kantor'], heat: true },
  });

  await dashboard(page, 'dashboard');
  await expect(
    page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name: /^Ulasan/ }),
  ).toContainText(/Ulasan\s*1/);
  await dashboard(page, 'reviews');
  const card = page.getByRole('article', { name: product.name });
  await expect(card).toContainText('Wanginya lembut dan tahan seharian di kantor.');
  await expect(card).toContainText('Tahan 9 jam · Proyeksi sedang · Kantor · Dipakai saat panas dan lembap');
  await card.getByRole('button', { name: 'Terbitkan' }).click();
  await expect(page.getByText('Ulasan diterbitkan')).toBeVisible();
  await expect(page.getByText('Tidak ada ulasan yang menunggu moderasi.')).toBeVisible();

  const published = await buyer.api.call<{ items: { body: string }[] }>(
    'GET',
    `/api/products/${product.id}/reviews`,
  );
  expect(published.items.map((r) => r.body)).toEqual(['Wanginya lembut dan tahan seharian di kantor.']);
  await Promise.all([admin.dispose(), buyer.api.dispose()]);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the voucher list, its forms and the moderation queue fit the screen: no sideways scrolling', async ({
    page,
  }) => {
    for (const view of ['vouchers', 'add-voucher', 'bulk-vouchers', 'reviews']) {
      await dashboard(page, view);
      await adminFitsPhone(page, view);
    }
  });
});
