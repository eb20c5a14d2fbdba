import type { OwnReview, Review, ReviewPage } from '@gi/contracts';
import { mockApi } from '@gi/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { kit } from './product-reviews.tsx';
import ReviewsSection from './reviews-section.tsx';

// Whether the form's chunk (the form and zod) was fetched: a module is loaded once per file, so
// the test that checks it comes first.
const formChunk = vi.hoisted(() => ({ loaded: false }));
vi.mock('./review-form.tsx', async (importOriginal) => {
  formChunk.loaded = true;
  return importOriginal();
});

const customer = { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null };
const signedIn = () => Response.json({ user: customer });
const guest = () => Response.json({ user: null });

const review = (over: Partial<Review> = {}): Review => ({
  id: 'r-1',
  productId: 'p-1',
  author: 'Siti P.',
  rating: 5,
  body: 'Wanginya lembut dan tahan seharian di kantor.',
  photos: [{ url: '/images/foto.webp', widths: [320] }],
  wearTest: { hours: 9, projection: 'sedang', occasions: ['kantor', 'malam'], heat: true },
  helpfulCount: 2,
  reply: { text: 'Terima kasih, Kak Siti!', repliedAt: '2026-11-21T03:00:00.000Z' },
  publishedAt: '2026-11-20T03:00:00.000Z',
  submittedAt: '2026-11-19T03:00:00.000Z',
  ...over,
});

const page = (items: Review[], nextCursor: string | null = null): ReviewPage => ({
  items,
  total: 3,
  page: 1,
  pageSize: 10,
  nextCursor,
  summary: {
    count: 3,
    average: 4.3,
    distribution: [0, 0, 1, 0, 2],
    wearTest: {
      count: 2,
      averageHours: 8.5,
      projection: { dekat: 0, sedang: 2, kuat: 0 },
      occasions: { kantor: 2, malam: 1, acara: 0, 'sehari-hari': 0 },
      heat: 1,
    },
  },
});

const open = () =>
  renderPage('/product/:id', <ReviewsSection productId="p-1" write={null} kit={kit} />, {
    url: '/product/p-1',
  });

it("shows the list without fetching the form's chunk, which comes when 'Tulis Ulasan' is pressed", async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p-1/reviews': () => Response.json(page([review()])),
    'GET /api/products/p-1/reviews/mine': () => Response.json({ eligible: true, review: null }),
  });
  const user = userEvent.setup();
  open();
  expect(await screen.findByRole('article', { name: 'Ulasan Siti P.' })).toBeTruthy();
  const write = await screen.findByRole('button', { name: 'Tulis Ulasan' });
  expect(screen.queryByRole('form', { name: 'Tulis ulasan' })).toBeNull();
  expect(screen.queryByText('Penilaian Anda')).toBeNull();
  expect(formChunk.loaded).toBe(false);

  await user.click(write);
  const form = await screen.findByRole('form', { name: 'Tulis ulasan' });
  expect(formChunk.loaded).toBe(true);
  expect(within(form).getByText('Penilaian Anda')).toBeTruthy();
  expect(within(form).getByLabelText('Ulasan')).toBeTruthy();
});

it('shows the figures, the wear-test summary and the verified reviews with photo and reply, newest first', async () => {
  const asked: string[] = [];
  mockApi({
    'GET /api/auth/session': guest,
    'GET /api/products/p-1/reviews': (url) => {
      asked.push(new URL(url, 'http://x').search);
      return url.includes('sort=helpful')
        ? Response.json(page([review({ id: 'r-2', author: 'Budi', helpfulCount: 7 })]))
        : Response.json(page([review()], '2026-11-20T03:00:00.000Z~r-1'));
    },
  });
  const user = userEvent.setup();
  open();
  const item = await screen.findByRole('article', { name: 'Ulasan Siti P.' });
  expect(within(item).getByText('✓ Pembeli Terverifikasi')).toBeTruthy();
  expect(within(item).getByRole('img', { name: '5 dari 5 bintang' })).toBeTruthy();
  expect(within(item).getByText('Tahan 9 jam')).toBeTruthy();
  expect(within(item).getByRole('img', { name: 'Foto dari Siti P.' }).getAttribute('src')).toBe(
    '/images/foto.webp',
  );
  expect(within(item).getByText('Terima kasih, Kak Siti!')).toBeTruthy();
  // The figures: 4,3 of 3 reviews, and the wear-test of the two who shared one.
  expect(screen.getByText('4,3')).toBeTruthy();
  expect(screen.getByText('(3 ulasan)', { exact: false })).toBeTruthy();
  expect(screen.getByText('8,5 jam')).toBeTruthy();
  expect(screen.getByText('50% dari 2 penguji')).toBeTruthy();
  // A guest is asked to sign in to write or vote.
  // Signing in comes back to the product, its form open.
  expect(screen.getByRole('link', { name: 'Masuk' }).getAttribute('href')).toBe(
    '/customer/login?next=%2Fproduct%2Fp-1%3Fulas%3D1',
  );
  expect(screen.getByRole('link', { name: 'Masuk untuk menilai' }).getAttribute('href')).toBe(
    '/customer/login?next=%2Fproduct%2Fp-1',
  );
  expect(screen.getByRole('button', { name: 'Muat Ulasan Lainnya' })).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Paling Membantu' }));
  expect(await screen.findByRole('article', { name: 'Ulasan Budi' })).toBeTruthy();
  expect(asked.at(-1)).toContain('sort=helpful');
  expect(screen.getByRole('button', { name: 'Paling Membantu' }).getAttribute('aria-pressed')).toBe('true');
});

it('keeps the list and the pressed sort button while the other sort is on its way', async () => {
  let answer: (response: Response) => void = () => {};
  mockApi({
    'GET /api/auth/session': guest,
    'GET /api/products/p-1/reviews': (url) =>
      url.includes('sort=helpful')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Response.json(page([review()])),
  });
  const user = userEvent.setup();
  open();
  await screen.findByRole('article', { name: 'Ulasan Siti P.' });
  await user.click(screen.getByRole('button', { name: 'Paling Membantu' }));
  // The button pressed keeps the focus: the shown reviews stay until the other order comes.
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Paling Membantu' }));
  expect(screen.getByRole('article', { name: 'Ulasan Siti P.' })).toBeTruthy();
  answer(Response.json(page([review({ id: 'r-2', author: 'Budi' })])));
  expect(await screen.findByRole('article', { name: 'Ulasan Budi' })).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Paling Membantu' }));
});

it("counts a signed-in customer's 'Membantu' vote as the server answers it, once", async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p-1/reviews': () => Response.json(page([review()])),
    'GET /api/products/p-1/reviews/mine': () => Response.json({ eligible: false, review: null }),
    'POST /api/reviews/r-1/helpful': () => Response.json({ helpfulCount: 5 }),
  });
  open();
  await userEvent.click(await screen.findByRole('button', { name: '👍 Membantu (2)' }));
  const voted = await screen.findByRole('button', { name: '👍 Membantu (5)' });
  expect((voted as HTMLButtonElement).disabled).toBe(true);
});

it('tells a signed-in shopper who did not receive the product that only its buyers review it', async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p-1/reviews': () => Response.json(page([review()])),
    'GET /api/products/p-1/reviews/mine': () => Response.json({ eligible: false, review: null }),
  });
  open();
  expect(
    await screen.findByText(
      'Ulasan hanya dapat ditulis oleh pembeli yang pesanannya berisi produk ini sudah diterima.',
    ),
  ).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Tulis Ulasan' })).toBeNull();
});

it("lets a buyer write a review with the wear-test, checked with the API's messages, and shows it pending", async () => {
  let sent: unknown;
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p-1/reviews': () => Response.json(page([])),
    'GET /api/products/p-1/reviews/mine': () => Response.json({ eligible: true, review: null }),
    'POST /api/products/p-1/reviews': (_, init) => {
      sent = JSON.parse(String(init.body));
      const own: OwnReview = {
        ...review({ publishedAt: null, reply: null, photos: [] }),
        status: 'pending',
        hiddenReason: null,
      };
      return Response.json(own, { status: 201 });
    },
  });
  const user = userEvent.setup();
  const { toasts } = open();
  await user.click(await screen.findByRole('button', { name: 'Tulis Ulasan' }));
  const form = await screen.findByRole('form', { name: 'Tulis ulasan' });
  await user.click(within(form).getByRole('button', { name: 'Kirim Ulasan' }));
  expect(within(form).getByText('Pilih 1 sampai 5 bintang')).toBeTruthy();
  expect(within(form).getByText('Ulasan minimal 10 karakter')).toBeTruthy();

  await user.click(within(form).getByRole('radio', { name: '4 bintang' }));
  await user.type(within(form).getByLabelText('Ulasan'), 'Segar dan tahan lama di cuaca panas.');
  await user.click(within(form).getByRole('checkbox', { name: 'Saya ingin berbagi hasil uji pakai' }));
  await user.click(within(form).getByRole('button', { name: 'Kirim Ulasan' }));
  expect(within(form).getByText('Isi berapa jam aromanya bertahan')).toBeTruthy();
  await user.type(within(form).getByLabelText('Berapa jam aromanya bertahan?'), '7');
  await user.click(within(form).getByRole('radio', { name: 'Kuat' }));
  await user.click(within(form).getByRole('checkbox', { name: 'Kantor' }));
  await user.click(within(form).getByRole('checkbox', { name: 'Dipakai saat cuaca panas dan lembap' }));
  await user.click(within(form).getByRole('button', { name: 'Kirim Ulasan' }));

  await waitFor(() => expect(screen.queryByRole('form', { name: 'Tulis ulasan' })).toBeNull());
  expect(sent).toEqual({
    rating: 4,
    body: 'Segar dan tahan lama di cuaca panas.',
    photos: [],
    wearTest: { hours: 7, projection: 'kuat', occasions: ['kantor'], heat: true },
  });
  expect(screen.getByText('Ulasan Anda menunggu moderasi sebelum tampil.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Ubah Ulasan' })).toBeTruthy();
  expect(toasts.map((t) => t.title)).toContain('Ulasan terkirim');
});

it("shows the server's refusal in Indonesian when the review already exists", async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p-1/reviews': () => Response.json(page([])),
    'GET /api/products/p-1/reviews/mine': () => Response.json({ eligible: true, review: null }),
    'POST /api/products/p-1/reviews': () =>
      Response.json(
        {
          error: {
            code: 'review_exists',
            message: 'Anda sudah mengulas produk ini. Ubah ulasan Anda bila perlu.',
          },
        },
        { status: 409 },
      ),
  });
  const user = userEvent.setup();
  const { toasts } = open();
  await user.click(await screen.findByRole('button', { name: 'Tulis Ulasan' }));
  const form = await screen.findByRole('form', { name: 'Tulis ulasan' });
  await user.click(within(form).getByRole('radio', { name: '5 bintang' }));
  await user.type(within(form).getByLabelText('Ulasan'), 'Harum sekali, saya suka.');
  await user.click(within(form).getByRole('button', { name: 'Kirim Ulasan' }));
  await waitFor(() =>
    expect(toasts.map((t) => t.description)).toContain(
      'Anda sudah mengulas produk ini. Ubah ulasan Anda bila perlu.',
    ),
  );
  expect(screen.getByRole('form', { name: 'Tulis ulasan' })).toBeTruthy();
});

it("opens the form from a review request email's link without signing in, and sends the review and its photo through it", async () => {
  let sent: unknown;
  const uploads: FormData[] = [];
  const removed: string[] = [];
  mockApi({
    'DELETE /api/reviews/link/photos/foto-1.png': (url) => {
      removed.push(new URL(url, 'http://x').searchParams.get('token') ?? '');
      return new Response(null, { status: 204 });
    },
    'POST /api/reviews/link/photos': (_, init) => {
      uploads.push(init.body as FormData);
      const key = `foto-${uploads.length}.png`;
      return Response.json(
        { url: `/images/${key}`, key, contentType: 'image/png', size: 4, widths: [] },
        { status: 201 },
      );
    },
    'GET /api/auth/session': guest,
    'GET /api/products/p-1/reviews': () => Response.json(page([])),
    'GET /api/reviews/link': (url) => {
      expect(new URL(url, 'http://x').searchParams.get('token')).toBe('token-email');
      return Response.json({ productId: 'p-1', eligible: true, review: null });
    },
    'POST /api/reviews/link': (_, init) => {
      sent = JSON.parse(String(init.body));
      const own: OwnReview = {
        ...review({ publishedAt: null, reply: null, photos: [], wearTest: null }),
        status: 'pending',
        hiddenReason: null,
      };
      return Response.json(own, { status: 201 });
    },
  });
  const user = userEvent.setup();
  renderPage('/product/:id', <ReviewsSection productId="p-1" write="token-email" kit={kit} />, {
    url: '/product/p-1?ulas=token-email',
  });
  const form = await screen.findByRole('form', { name: 'Tulis ulasan' });
  // The link's token authorises the upload in place of a session.
  await user.upload(
    within(form).getByLabelText('Tambah Foto'),
    new File([new Uint8Array([137, 80, 78, 71])], 'botol.png', { type: 'image/png' }),
  );
  expect(await within(form).findByRole('img', { name: 'Foto ulasan' })).toBeTruthy();
  expect(uploads).toHaveLength(1);
  expect(uploads[0]?.get('token')).toBe('token-email');
  expect(uploads[0]?.get('file')).toBeInstanceOf(File);
  // 'Hapus' frees the link's place on the server too; the next photo takes it.
  await user.click(within(form).getByRole('button', { name: 'Hapus' }));
  await waitFor(() => expect(within(form).queryByRole('img', { name: 'Foto ulasan' })).toBeNull());
  expect(removed).toEqual(['token-email']);
  await user.upload(
    within(form).getByLabelText('Tambah Foto'),
    new File([new Uint8Array([137, 80, 78, 71])], 'botol.png', { type: 'image/png' }),
  );
  expect(await within(form).findByRole('img', { name: 'Foto ulasan' })).toBeTruthy();
  await user.click(within(form).getByRole('radio', { name: '5 bintang' }));
  await user.type(within(form).getByLabelText('Ulasan'), 'Harum lembut, cocok untuk kantor.');
  await user.click(within(form).getByRole('button', { name: 'Kirim Ulasan' }));
  expect(await screen.findByText('Ulasan Anda menunggu moderasi sebelum tampil.')).toBeTruthy();
  expect(sent).toEqual({
    token: 'token-email',
    review: { rating: 5, body: 'Harum lembut, cocok untuk kantor.', photos: ['foto-2.png'], wearTest: null },
  });
});
