import { expect, test } from '@playwright/test';
import {
  adminLogout,
  adminPage,
  enterCode,
  nextCode,
  ownNetwork,
  passwordStep,
  sentTexts,
  turnOnTwoFactor,
  uniqueEmail,
} from './support.ts';

// Staff roles (issue 42, decisions 052 and 053): the owner invites an order handler by email and
// sends the invitation again (the first link is refused then); the invitee sets their own password, signs in, sets up two-factor in 'Profil Admin' and signs in again
// with password and code, works the orders, and neither sees nor reaches the payment settings (the
// server answers 403 too).
test('the owner invites an order handler, who sets up two-factor and signs in to the orders but not the payment settings', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('staf-pesanan');
  const owner = await adminPage(browser);
  await owner.goto('/admin?section=staff');
  await expect(owner.getByRole('heading', { level: 2, name: 'Staf' })).toBeVisible();
  const before = new Set(sentTexts().keys());

  const invite = owner.getByRole('form', { name: 'Undang Staf' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Peran').selectOption({ label: 'Pengelola Pesanan' });
  await invite.getByRole('button', { name: 'Kirim Undangan' }).click();
  await expect(owner.getByRole('list', { name: 'Undangan menunggu' })).toContainText(email);

  // The invitation's mail leaves right after the answer (the local mail box of `wrangler dev`).
  const invitationLink = async (not?: string) => {
    let found = '';
    await expect
      .poll(
        () => {
          const links = [...sentTexts()]
            .filter(([path, body]) => !before.has(path) && body.includes('invite='))
            .map(([, body]) => /https?:\/\/\S+\/admin\/login\?invite=\S+/.exec(body)?.[0] ?? '');
          found = links.find((link) => link && link !== not) ?? '';
          return found;
        },
        { timeout: 30_000 },
      )
      .toContain('/admin/login?invite=');
    return found;
  };
  const first = await invitationLink();

  // 'Kirim Ulang': a fresh link by mail; the first one no longer opens an account.
  await owner.getByRole('button', { name: `Kirim Ulang undangan ${email}` }).click();
  const link = new URL(await invitationLink(first));

  // The invitee, in a browser of their own.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const handler = await context.newPage();
  await ownNetwork(handler);
  const acceptAt = async (address: string) => {
    const url = new URL(address);
    await handler.goto(url.pathname + url.search);
    await expect(handler.getByRole('heading', { name: 'Terima Undangan Staf' })).toBeVisible();
    await handler.getByLabel('Nama').fill('Budi Pesanan');
    await handler.getByLabel('Password', { exact: true }).fill('rahasia-staf-42');
    await handler.getByLabel('Ulangi Password').fill('rahasia-staf-42');
    await handler.getByRole('button', { name: 'Simpan Password' }).click();
  };
  await acceptAt(first);
  await expect(handler.getByRole('alert')).toContainText(
    'sudah dibatalkan atau diganti dengan undangan baru',
  );
  await acceptAt(link.href);
  await expect(handler.getByRole('status')).toContainText('Akun staf Anda siap');
  await expect(handler.getByLabel('Email')).toHaveValue(email);
  await handler.getByLabel('Password').fill('rahasia-staf-42');
  await handler.getByRole('button', { name: 'Login' }).click();
  await expect(handler.getByText('Selamat datang, Budi Pesanan')).toBeVisible();
  const menu = handler.getByRole('navigation', { name: 'Menu admin' });

  // Two-factor from 'Profil Admin'; signed out, the password alone no longer opens the dashboard.
  await menu.getByRole('link', { name: 'Profil Admin' }).click();
  const { secret, step } = await turnOnTwoFactor(handler);
  await adminLogout(handler);
  await passwordStep(handler, email, 'rahasia-staf-42');
  await enterCode(handler, (await nextCode(secret, step)).code);
  await expect(handler.getByText('Selamat datang, Budi Pesanan')).toBeVisible();

  // The menu holds what the role may open, and the orders open.
  await expect(menu.getByRole('link', { name: 'Lihat Pesanan' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Staf' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Voucher' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Lihat Pesanan' }).click();
  await expect(handler.getByRole('heading', { level: 2, name: 'Lihat Pesanan' })).toBeVisible();
  await expect(
    handler.getByRole('table', { name: 'Daftar pesanan' }).or(handler.getByText('Belum ada pesanan.')),
  ).toBeVisible();
  const orderLinks = handler.getByRole('navigation', { name: 'Pesanan dan pembayaran' });
  await expect(orderLinks.getByRole('link', { name: 'Menunggu Verifikasi' })).toBeVisible();
  await expect(orderLinks.getByRole('link', { name: 'Pengaturan Pembayaran' })).toHaveCount(0);

  // Payment settings: no access on screen, and the server refuses the endpoint itself.
  await handler.goto('/admin?section=payment-settings');
  await expect(handler.getByRole('alert')).toContainText('Anda tidak memiliki akses ke bagian ini');
  await expect(handler.getByLabel('Batas Waktu Pembayaran (jam)')).toHaveCount(0);
  const refused = await handler.request.get('/api/admin/settings/payment');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe('Anda tidak memiliki akses ke halaman ini');
  // The owner still reads them.
  expect((await owner.request.get('/api/admin/settings/payment')).status()).toBe(200);

  // The owner's list shows the new order handler.
  await owner.reload();
  const staffTable = owner.getByRole('table', { name: 'Staf toko dan perannya' });
  await expect(staffTable.getByRole('row', { name: /Budi Pesanan/ })).toContainText(email);
  await context.close();
});
