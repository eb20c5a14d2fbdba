import type { SampleCredit } from '@gi/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../test/render.tsx';
import { SampleCredits } from './sample-credits.tsx';

// 'Kredit Sampel' in 'Akun Saya' (decision 061 part B): each credit's amount, source, scents and
// state, a page at a time; nothing at all for a customer without credits.

afterEach(() => vi.unstubAllGlobals());

const SOURCE = '3f2a9c1e-0000-4000-8000-000000000001';
const USED_IN = '7b1d0e2f-0000-4000-8000-000000000002';
const credit = (id: string, overrides: Partial<SampleCredit>): SampleCredit => ({
  id,
  amount: 35_000,
  state: 'pending',
  source_order_id: SOURCE,
  source_name: 'Set Discovery Pria 10 ml',
  products: [
    { id: 'p1', name: 'Oud Royale' },
    { id: 'p2', name: 'Melati' },
  ],
  expires_at: null,
  used_order_id: null,
  created_at: '2026-11-20T03:00:00.000Z',
  ...overrides,
});

const CURSOR = '2026-11-01T00:00:00.000Z~5d7e3c4b-0000-4000-8000-000000000003';

it('lists each credit with its source, scents and state, and loads the next page', async () => {
  const fetch = mockApi({
    'GET /api/sample-credits': (url) =>
      new URL(url, 'http://x').searchParams.get('cursor') === CURSOR
        ? Response.json({ items: [credit('c5', { state: 'void', amount: 12_000 })], nextCursor: null })
        : Response.json({
            items: [
              credit('c1', {}),
              // 23:30 UTC on 19 Dec is 06.30 on 20 Dec in Jakarta.
              credit('c2', { state: 'available', expires_at: '2026-12-19T23:30:00.000Z' }),
              credit('c3', { state: 'used', used_order_id: USED_IN }),
              credit('c4', { state: 'expired', expires_at: '2026-11-01T00:00:00.000Z' }),
            ],
            nextCursor: CURSOR,
          }),
  });
  renderPage('/account', <SampleCredits />);
  const card = await screen.findByRole('region', { name: 'Kredit Sampel' });
  const rows = () =>
    within(card)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.state);
  expect(rows().map((row) => row.lastElementChild?.textContent)).toEqual([
    'Menunggu pesanan diterima',
    'Tersedia sampai 20 Desember 2026 pukul 06.30 WIB',
    'Terpakai di pesanan #7b1d0e2f',
    'Kedaluwarsa',
  ]);
  const first = rows()[0] as HTMLElement;
  expect(first.textContent).toContain('Rp 35.000');
  expect(first.textContent).toContain('Dari Set Discovery Pria 10 ml, pesanan #3f2a9c1e');
  expect(first.textContent).toContain('Berlaku untuk: Oud Royale, Melati');
  expect(within(first).getByRole('link', { name: '#3f2a9c1e' }).getAttribute('href')).toBe(
    `/orders/${SOURCE}`,
  );
  expect(
    within(rows()[2] as HTMLElement)
      .getByRole('link', { name: '#7b1d0e2f' })
      .getAttribute('href'),
  ).toBe(`/orders/${USED_IN}`);

  await userEvent.click(within(card).getByRole('button', { name: 'Muat lagi' }));
  expect(await within(card).findByText('Batal')).toBeTruthy();
  expect(rows()).toHaveLength(5);
  expect(within(card).queryByRole('button', { name: 'Muat lagi' })).toBeNull();
  const asked = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams.get('cursor'));
  expect(asked).toContain(CURSOR);
});

it('shows nothing to a customer without credits', async () => {
  const fetch = mockApi({ 'GET /api/sample-credits': () => Response.json({ items: [], nextCursor: null }) });
  const { container } = renderPage('/account', <SampleCredits />);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('region', { name: 'Kredit Sampel' })).toBeNull();
  expect(container.textContent).not.toContain('Kredit Sampel');
});
