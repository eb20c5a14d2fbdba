import { expect, test } from '@playwright/test';
import { expectSameDocument, markDocument, noSidewaysScroll } from './support.ts';

// 'Cari Aroma' (issue 41, decision 044): the finder works without JavaScript, on a 360 px phone.

test.use({ viewport: { width: 360, height: 740 } });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper without JavaScript answers the questions and gets matches with reasons and prices', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Cari Aroma' }).click();
    await expect(page).toHaveURL(/\/cari-aroma$/);
    await expect(page.getByRole('heading', { name: 'Cari Aroma', level: 1 })).toBeVisible();

    await page.getByRole('combobox', { name: 'Untuk siapa?' }).selectOption('wanita');
    await page.getByRole('combobox', { name: 'Suasana yang dicari' }).selectOption('bunga');
    await page.getByRole('combobox', { name: 'Untuk acara' }).selectOption('malam');
    await page.getByRole('checkbox', { name: 'Melati' }).check();
    await page.getByRole('checkbox', { name: 'Cendana' }).check();
    await page.getByRole('combobox', { name: 'Kekuatan aroma' }).selectOption('EDP');
    await page.getByRole('combobox', { name: 'Anggaran' }).selectOption('500000');
    await page.getByRole('button', { name: 'Cari Aroma' }).click();

    // The server's answer to a plain GET: the answers in the URL, the matches in the HTML.
    await expect(page).toHaveURL(
      /\/cari-aroma\?gender=wanita&mood=bunga&occasion=malam&note=melati&note=cendana/,
    );
    const results = page.getByRole('region', { name: 'Paling cocok untuk Anda' });
    const best = results.getByRole('article').first();
    // Melati Malam as seeded: bergamot, melati sambac and sedap malam, cendana; EDP, for women.
    await expect(best.getByRole('heading', { name: 'Melati Malam' })).toBeVisible();
    const reasons = best.getByRole('list', { name: 'Kenapa cocok' });
    await expect(reasons.getByText('Ada melati dan cendana yang Anda suka')).toBeVisible();
    await expect(reasons.getByText('Eau de Parfum (EDP) sesuai pilihan Anda')).toBeVisible();
    await expect(reasons.getByText('Dalam anggaran Anda')).toBeVisible();
    // Its sizes smallest first, each with its price.
    const sizes = best.getByRole('list', { name: 'Ukuran dan harga' }).getByRole('listitem');
    await expect(sizes.first()).toHaveText(/^30 ml Rp [\d.]+$/);
    await expect(sizes).toHaveCount(3);
    // The answers stay chosen, ready to change.
    await expect(page.getByRole('checkbox', { name: 'Melati' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Kekuatan aroma' })).toHaveValue('EDP');

    await noSidewaysScroll(page);
    await best.getByRole('link', { name: 'Melati Malam' }).click();
    await expect(page.getByRole('heading', { name: 'Melati Malam', level: 1 })).toBeVisible();
  });
});

test("with JavaScript the server's matches hydrate, and new answers bring new matches without a reload", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto('/cari-aroma?gender=pria&mood=kayu&note=nilam');
  await markDocument(page);
  // Nilam Nusantara as seeded: lada hitam, nilam, vetiver and kakao; EDP, for men.
  const results = page.getByRole('region', { name: 'Paling cocok untuk Anda' });
  await expect(results.getByRole('article').first().getByText('Ada nilam yang Anda suka')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Nilam (patchouli)' }).uncheck();
  await page.getByRole('checkbox', { name: 'Kopi' }).check();
  await page.getByRole('button', { name: 'Cari Lagi' }).click();
  await expect(page).toHaveURL(/note=kopi/);
  await expect(results.getByRole('article').first().getByText('Ada kopi yang Anda suka')).toBeVisible();
  await expectSameDocument(page);
  expect(errors).toEqual([]);
});
