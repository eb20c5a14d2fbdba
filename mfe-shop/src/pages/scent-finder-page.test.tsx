import type { ScentMatch } from '@gi/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { product, variant } from '../test/fixtures.ts';
import { mockApi, pending, renderPage } from '../test/render.tsx';
import ScentFinderPage from './scent-finder-page.tsx';

const jasmine: ScentMatch = {
  product: product('p-melati', 'Melati Senja', 45_000, {
    concentration: 'EDP',
    gender: 'wanita',
    variants: [
      // A timed sale on the sample (decision 046): its price as every product read shows it.
      {
        ...variant('p-melati-5', 5, 45_000, 10),
        sale_price: 36_000,
        sale_ends_at: '2026-12-12T16:59:00.000Z',
      },
      variant('p-melati-50', 50, 450_000, 10),
    ],
  }),
  reasons: ['Ada melati dan cendana yang Anda suka', 'Eau de Parfum (EDP) sesuai pilihan Anda'],
};

const finderUrls = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/scent-finder'));

it('asks its questions before any answer, and reads nothing', () => {
  const fetch = mockApi({});
  renderPage('/cari-aroma', <ScentFinderPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Cari Aroma' })).toBeTruthy();
  expect(screen.getByRole('combobox', { name: 'Untuk siapa?' })).toBeTruthy();
  const notes = within(screen.getByRole('group', { name: 'Aroma yang Anda suka (paling banyak 5)' }));
  for (const local of ['Melati', 'Kenanga', 'Gaharu (oud)', 'Nilam (patchouli)', 'Cendana'])
    expect(notes.getByRole('checkbox', { name: local })).toBeTruthy();
  expect(screen.getByRole('combobox', { name: 'Kekuatan aroma' })).toBeTruthy();
  expect(screen.getByRole('combobox', { name: 'Anggaran' })).toBeTruthy();
  expect(finderUrls(fetch)).toEqual([]);
});

it("shows the URL's matches with why they match and the sample's price first, the answers kept", async () => {
  const fetch = mockApi({ 'GET /api/scent-finder': () => Response.json({ items: [jasmine] }) });
  renderPage('/cari-aroma', <ScentFinderPage />, {
    url: '/cari-aroma?gender=wanita&note=melati&note=cendana&concentration=EDP&budget=500000',
  });
  const match = await screen.findByRole('article', { name: 'Melati Senja' });
  expect(finderUrls(fetch)).toEqual([
    '/api/scent-finder?budget=500000&concentration=EDP&gender=wanita&notes=melati%2Ccendana',
  ]);
  const reasons = within(within(match).getByRole('list', { name: 'Kenapa cocok' })).getAllByRole('listitem');
  expect(reasons.map((li) => li.textContent)).toEqual(jasmine.reasons);
  const sizes = within(within(match).getByRole('list', { name: 'Ukuran dan harga' })).getAllByRole(
    'listitem',
  );
  expect(sizes.map((li) => li.textContent)).toEqual([
    'Sampel5 ml PromoHarga normal Rp 45.000Harga promo Rp 36.000',
    '50 ml Rp 450.000',
  ]);
  expect(within(match).getByRole('link', { name: 'Melati Senja' }).getAttribute('href')).toBe(
    '/product/p-melati',
  );
  expect((screen.getByRole('checkbox', { name: 'Melati' }) as HTMLInputElement).checked).toBe(true);
  expect((screen.getByRole('combobox', { name: 'Untuk siapa?' }) as HTMLSelectElement).value).toBe('wanita');
});

it('sends the answers as a new URL and reads its matches; says so when nothing matches', async () => {
  const fetch = mockApi({ 'GET /api/scent-finder': () => Response.json({ items: [] }) });
  const { router } = renderPage('/cari-aroma', <ScentFinderPage />);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Suasana yang dicari' }), 'segar');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Gaharu (oud)' }));
  await userEvent.click(screen.getByRole('button', { name: 'Cari Aroma' }));
  expect(
    await screen.findByText('Belum ada parfum yang cocok. Coba longgarkan jawaban Anda di bawah.'),
  ).toBeTruthy();
  expect(router.state.location.search).toBe(
    '?gender=&mood=segar&occasion=&note=gaharu&concentration=&budget=',
  );
  expect(finderUrls(fetch)).toEqual(['/api/scent-finder?mood=segar&notes=gaharu']);
});

it("shows 'Mencari parfum yang cocok...' while the matches load", () => {
  mockApi({ 'GET /api/scent-finder': pending });
  renderPage('/cari-aroma', <ScentFinderPage />, { url: '/cari-aroma?mood=hangat' });
  expect(screen.getByRole('status').textContent).toBe('Mencari parfum yang cocok...');
});
