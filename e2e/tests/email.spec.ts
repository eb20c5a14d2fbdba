import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ApiClient, TURNSTILE_TOKEN, uniqueEmail } from './support.ts';

// Where `wrangler dev` (run by scripts/start.mjs from the repository root) keeps each sent
// message: .wrangler/tmp/email/<session>/email-text/<message id>.txt and email-html/….html.
const emailDir = fileURLToPath(new URL('../../.wrangler/tmp/email/', import.meta.url));

function sentFiles(kind: 'email-text' | 'email-html'): string[] {
  if (!existsSync(emailDir)) return [];
  return readdirSync(emailDir).flatMap((session) => {
    const dir = join(emailDir, session, kind);
    return existsSync(dir) ? readdirSync(dir).map((name) => join(dir, name)) : [];
  });
}

test('a customer who forgot the password gets the link by email and signs in with a new one', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('lupa');
  const customer = await ApiClient.create(baseURL as string);
  await customer.call('POST', '/api/auth/register', {
    name: 'Rina Lupa',
    email,
    password: 'rahasia123',
    confirmPassword: 'rahasia123',
    turnstileToken: TURNSTILE_TOKEN,
  });
  const before = new Set(sentFiles('email-text'));

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Kirim Tautan' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Jika email terdaftar, tautan atur ulang password telah dikirim.',
  );

  // The message leaves right after the answer, without waiting for the Cron sweep.
  let textFile = '';
  let text = '';
  await expect
    .poll(() => {
      textFile = sentFiles('email-text').find((path) => !before.has(path)) ?? '';
      text = textFile ? readFileSync(textFile, 'utf8') : '';
      return text;
    })
    .toContain('/reset-password?token=');
  const port = new URL(baseURL as string).port;
  const link = new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? '');
  // The configured public origin (start.mjs: localhost and its port), with the token.
  expect(link.origin).toBe(`http://localhost:${port}`);
  expect(link.pathname).toBe('/reset-password');
  // Its HTML part, saved next to it under the same message id, has the same link.
  const htmlFile = join(dirname(dirname(textFile)), 'email-html', `${basename(textFile, '.txt')}.html`);
  // wrangler writes the two parts one after the other: wait for the HTML one as for the text.
  await expect
    .poll(() => (existsSync(htmlFile) ? readFileSync(htmlFile, 'utf8') : ''))
    .toContain(`href="${link.href}"`);

  await page.goto(link.pathname + link.search);
  await page.getByLabel('Password Baru', { exact: true }).fill('barulagi123');
  await page.getByLabel('Konfirmasi Password').fill('barulagi123');
  await page.getByRole('button', { name: 'Simpan Password' }).click();
  await expect(page.getByText('Password diperbarui')).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('barulagi123');
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByText('Login berhasil')).toBeVisible();
});
