import type { AdminReview } from '@gi/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import AdminPage from '../../pages/admin-page.tsx';
import { admin, apiError, callsTo, mockApi, renderPage, session } from '../../test/render.tsx';
import { adminStats } from '../../test/stats.ts';
import { ReviewModeration } from './review-moderation.tsx';

afterEach(() => vi.unstubAllGlobals());

const review: AdminReview = {
  id: 'r1',
  productId: 'p1',
  author: 'Siti A.',
  rating: 4,
  body: 'Wanginya lembut dan tahan seharian di kantor.',
  photos: [{ url: '/images/reviews/r1.webp', widths: [] }],
  wearTest: { hours: 8, projection: 'sedang', occasions: ['kantor', 'malam'], heat: true },
  helpfulCount: 0,
  reply: null,
  publishedAt: null,
  submittedAt: '2027-03-01T03:00:00.000Z',
  status: 'pending',
  hiddenReason: null,
  productName: 'Oud Royale',
  customerName: 'Siti Aminah',
  customerEmail: 'siti@contoh.id',
};
const answered = {
  ...review,
  id: 'r2',
  reply: { text: 'Terima kasih!', repliedAt: '2027-03-02T03:00:00.000Z' },
};
const seekPage =
  (items: AdminReview[], total = items.length) =>
  () =>
    Response.json({ items, total, page: 1, pageSize: 10, previousCursor: null, nextCursor: null });

it('lists the pending reviews with stars, text, photos and the wear-test', async () => {
  const fetch = mockApi({ 'GET /api/admin/reviews': seekPage([review], 1) });
  renderPage('/admin', <ReviewModeration />, {}, '/admin?section=reviews');
  const card = await screen.findByRole('article', { name: 'Oud Royale' });
  expect(within(card).getByRole('img', { name: '4 dari 5 bintang' })).toBeTruthy();
  expect(within(card).getByText('Wanginya lembut dan tahan seharian di kantor.')).toBeTruthy();
  expect(within(card).getByText(/Siti Aminah \(siti@contoh\.id\)/)).toBeTruthy();
  expect(within(card).getByRole('img', { name: 'Foto 1 dari Siti Aminah' }).getAttribute('src')).toBe(
    '/images/reviews/r1.webp',
  );
  expect(
    within(card).getByText(
      'Uji pakai: Tahan 8 jam · Proyeksi sedang · Kantor, Malam · Dipakai saat panas dan lembap',
    ),
  ).toBeTruthy();
  expect(within(card).getByText('Menunggu Moderasi')).toBeTruthy();
  expect(callsTo(fetch, 'GET /api/admin/reviews')[0]?.url.search).toBe('?page=1&pageSize=10&status=pending');
});

it('publishes a review and reads the queue again', async () => {
  const fetch = mockApi({
    'GET /api/admin/reviews': seekPage([review]),
    'POST /api/admin/reviews/r1/publish': () => Response.json({ ...review, status: 'published' }),
    'GET /api/admin/stats': () => Response.json(adminStats()),
  });
  const { toasts } = renderPage('/admin', <ReviewModeration />, {}, '/admin?section=reviews');
  await userEvent.click(await screen.findByRole('button', { name: 'Terbitkan' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Ulasan diterbitkan' }));
  expect(callsTo(fetch, 'POST /api/admin/reviews/r1/publish')).toHaveLength(1);
  await waitFor(() => expect(callsTo(fetch, 'GET /api/admin/reviews')).toHaveLength(2));
});

it('toasts a publish at once and keeps its button disabled until the refreshed queue takes the card away', async () => {
  let answerRefresh: (response: Response) => void = () => {};
  const fetch = mockApi({
    'GET /api/admin/reviews': vi
      .fn()
      .mockImplementationOnce(seekPage([review]))
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerRefresh = resolve))),
    'POST /api/admin/reviews/r1/publish': () => Response.json({ ...review, status: 'published' }),
    'GET /api/admin/stats': () => Response.json(adminStats()),
  });
  const { toasts } = renderPage('/admin', <ReviewModeration />, {}, '/admin?section=reviews');
  await userEvent.click(await screen.findByRole('button', { name: 'Terbitkan' }));
  // mutate's callbacks ran before the refresh could unmount the card (which drops them).
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Ulasan diterbitkan' }));
  await waitFor(() => expect(callsTo(fetch, 'GET /api/admin/reviews')).toHaveLength(2));
  expect(screen.getByRole('button', { name: 'Terbitkan' }).hasAttribute('disabled')).toBe(true);
  answerRefresh(seekPage([])());
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Oud Royale' })).toBeNull());
  expect(callsTo(fetch, 'POST /api/admin/reviews/r1/publish')).toHaveLength(1);
});

it('hides a review only with a reason, which it sends', async () => {
  const fetch = mockApi({
    'GET /api/admin/reviews': seekPage([review]),
    'POST /api/admin/reviews/r1/hide': () => Response.json({ ...review, status: 'hidden' }),
  });
  const { toasts } = renderPage('/admin', <ReviewModeration />, {}, '/admin?section=reviews');
  await userEvent.click(await screen.findByRole('button', { name: 'Sembunyikan' }));
  await userEvent.click(screen.getByRole('button', { name: 'Sembunyikan Ulasan' }));
  expect(screen.getByText('Alasan tidak boleh kosong')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/admin/reviews/r1/hide')).toHaveLength(0);
  await userEvent.type(screen.getByLabelText('Alasan disembunyikan'), 'Berisi nomor telepon');
  await userEvent.click(screen.getByRole('button', { name: 'Sembunyikan Ulasan' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Ulasan disembunyikan' }));
  expect(callsTo(fetch, 'POST /api/admin/reviews/r1/hide')[0]?.body).toEqual({
    reason: 'Berisi nomor telepon',
  });
});

it("replies in public, takes a reply back, and shows the server's refusal on the reply", async () => {
  const fetch = mockApi({
    'GET /api/admin/reviews': seekPage([answered]),
    'PUT /api/admin/reviews/r2/reply': (_, init) =>
      JSON.parse(String(init.body)).reply === null
        ? Response.json({ ...answered, reply: null })
        : apiError(400, 'Data tidak valid', 'invalid_input', { reply: 'Balasan maksimal 2.000 karakter' })(),
  });
  const { toasts } = renderPage('/admin', <ReviewModeration />, {}, '/admin?section=reviews');
  expect(await screen.findByText(/Terima kasih!/)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Ubah Balasan' }));
  expect(screen.getByLabelText('Balasan toko (tampil publik)')).toHaveProperty('value', 'Terima kasih!');
  await userEvent.type(screen.getByLabelText('Balasan toko (tampil publik)'), ' Sampai jumpa.');
  await userEvent.click(screen.getByRole('button', { name: 'Kirim Balasan' }));
  expect(await screen.findByText('Balasan maksimal 2.000 karakter')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/admin/reviews/r2/reply')[0]?.body).toEqual({
    reply: 'Terima kasih! Sampai jumpa.',
  });
  await userEvent.click(screen.getByRole('button', { name: 'Hapus Balasan' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Balasan dihapus' }));
  expect(callsTo(fetch, 'PUT /api/admin/reviews/r2/reply')[1]?.body).toEqual({ reply: null });
});

it('says so when nothing waits', async () => {
  mockApi({ 'GET /api/admin/reviews': seekPage([]) });
  renderPage('/admin', <ReviewModeration />, {}, '/admin?section=reviews');
  expect(await screen.findByText('Tidak ada ulasan yang menunggu moderasi.')).toBeTruthy();
});

it("counts the pending reviews beside 'Ulasan' in the menu", async () => {
  mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/admin/stats': () => Response.json(adminStats({ pendingReviews: 3 })),
  });
  renderPage('/admin', <AdminPage />);
  const menu = await screen.findByRole('navigation', { name: 'Menu admin' });
  const link = within(menu).getByRole('link', { name: /^Ulasan/ });
  await waitFor(() => expect(link.textContent).toBe('Ulasan 3 menunggu moderasi'));
});
