import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminPage, apiOrder, demoProducts, registerCustomer } from './support.ts';

// Getting data out (issue 42, decision 056): the admin's 'Ekspor CSV' on the orders list downloads
// the file a spreadsheet opens, with the list's filters, and it holds the order just placed.

/** RFC 4180 records, as a spreadsheet reads them (quoted cells may hold commas and line breaks). */
function records(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  return rows;
}

/** A UTC time as the export writes it, in WIB (UTC+7). */
const wib = (iso: string) =>
  new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

test('an orders export downloaded from the admin opens with the right columns and the order placed', async ({
  browser,
  baseURL,
}) => {
  const customer = await registerCustomer(baseURL as string, 'ekspor');
  const [product] = await demoProducts(customer.api);
  const name = `Rina Ekspor ${Date.now().toString(36)}`;
  const order = await apiOrder<{ id: string; total_amount: number; created_at: string }>(
    customer,
    name,
    product,
  );

  const page = await adminPage(browser);
  await page.goto('/admin?section=orders');
  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  await page.getByLabel('Cari pesanan').fill(name);
  await expect(page.getByText(name).first()).toBeVisible();
  const link = page.getByRole('link', { name: 'Ekspor CSV pesanan sesuai filter' });
  // The list shows the newest order before it filters too: the link must carry the search itself.
  await expect
    .poll(async () => new URL((await link.getAttribute('href')) ?? '', baseURL).searchParams.get('q'))
    .toBe(name);
  await expect(link).toHaveAttribute('href', /status=pending/);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^pesanan-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  // The BOM tells Excel the file is UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = records(bytes.subarray(3).toString('utf8'));
  expect(header).toEqual([
    'Nomor Pesanan',
    'Tanggal (WIB)',
    'Status',
    'Status Pembayaran',
    'Status Refund',
    'Nama Pelanggan',
    'Email',
    'Telepon',
    'Alamat',
    'Kecamatan',
    'Kabupaten/Kota',
    'Provinsi',
    'Kode Pos',
    'Produk',
    'Jumlah Barang',
    'Subtotal (Rp)',
    'Kode Voucher',
    'Diskon (Rp)',
    'Kredit Sampel (Rp)',
    'Ongkos Kirim (Rp)',
    'Bungkus Kado (Rp)',
    'Biaya COD (Rp)',
    'Kode Unik (Rp)',
    'Total (Rp)',
    'Layanan Pengiriman',
    'Kurir',
    'Nomor Resi',
  ]);
  // The list's filters came along: the search found this one order.
  expect(rows).toHaveLength(1);
  const cell = (column: string) => rows[0]?.[(header as string[]).indexOf(column)];
  expect(cell('Nomor Pesanan')).toBe(order.id);
  expect(cell('Nama Pelanggan')).toBe(name);
  expect(cell('Email')).toBe(customer.email);
  expect(cell('Status')).toBe('Menunggu Pembayaran');
  expect(cell('Tanggal (WIB)')).toBe(wib(order.created_at));
  expect(cell('Total (Rp)')).toBe(String(order.total_amount));
  expect(cell('Jumlah Barang')).toBe('1');
  expect(cell('Produk')).toContain(product.name);
  await page.context().close();
  await customer.api.dispose();
});
