import type { OrderDetail } from '@gi/contracts';
import { orderDetail } from '@gi/contracts/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { CartProduct } from '../features/cart/cart-store.ts';
import { addItem, clearCart, setQuantity } from '../features/cart/cart-store.ts';
import { areaRoutes, jakartaQuote } from '../test/checkout-api.ts';
import { checkoutOptions, gatewayPayment } from '../test/payments.ts';
import { cartProduct, productJson } from '../test/products.ts';
import { guest, mockApi, renderPage } from '../test/render.tsx';
import CartPage from './cart-page.tsx';

const oud = cartProduct('p1', 'Oud Royale', 250_000);
const citrus = cartProduct('p2', 'Citrus Bloom', 229_000);
const customer = { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null };
const product =
  (...sizes: CartProduct[]) =>
  () =>
    Response.json(productJson(...sizes));
const signedIn = () => Response.json({ user: customer });
/** A returning customer who paid by QRIS last time. */
const paymentRoutes = {
  'GET /api/payment-options': () => Response.json(checkoutOptions({ last_channel: 'other_qris' })),
};

/** An order paid by Kilat: Rp 500.000 in items, Rp 28.000 shipping, unique code 321; `items` lines. */
function order(id: string, items: number, status = 'pending') {
  return orderDetail({
    id,
    shipping_service: 'Kilat',
    shipping_eta_max_days: 1,
    subtotal_amount: 500_000,
    shipping_fee: 28_000,
    unique_code: 321,
    total_amount: 528_321,
    // Any status the server may add later is shown as it comes ('weird' below).
    status: status as OrderDetail['status'],
    order_items: Array.from({ length: items }, (_, i) => ({
      id: `${id}-${i}`,
      product_id: 'p1',
      product_name: `Parfum ${i + 1}`,
      product_price: 250_000,
      variant_id: 'p1-50',
      size_ml: 50,
      quantity: 1,
      subtotal: 250_000,
    })),
  });
}

// jsdom lays nothing out and has no scrollIntoView.
const scrolledIntoView = vi.fn<(this: Element, options?: ScrollIntoViewOptions) => void>();
Element.prototype.scrollIntoView = scrolledIntoView;

/** Phone, Jakarta Pusat › Gambir, postal code and street, as a shopper types them. */
async function fillJakartaAddress() {
  await userEvent.type(await screen.findByLabelText('Nomor Telepon'), '0812-3456-7890');
  await userEvent.selectOptions(
    screen.getByLabelText('Provinsi'),
    await screen.findByRole('option', { name: 'Daerah Khusus Ibukota Jakarta' }),
  );
  await userEvent.selectOptions(
    screen.getByLabelText('Kabupaten/Kota'),
    await screen.findByRole('option', { name: 'Kota Administrasi Jakarta Pusat' }),
  );
  await userEvent.selectOptions(
    screen.getByLabelText('Kecamatan'),
    await screen.findByRole('option', { name: 'Gambir' }),
  );
  await userEvent.type(screen.getByLabelText('Kode Pos'), '10110');
  await userEvent.type(screen.getByLabelText('Alamat Lengkap'), 'Jl. Mawar 1');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCart();
  scrolledIntoView.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

it('shows the empty state with a link to the products', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  renderPage('/cart', <CartPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Keranjang Belanja' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Keranjang Anda Kosong' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Lihat Produk' }).getAttribute('href')).toBe('/products');
});

it('lets a guest change quantities and remove lines, with the summary following, and asks to log in', async () => {
  addItem(oud);
  addItem(citrus);
  mockApi({
    'GET /api/auth/session': guest,
    'GET /api/products/p1': product(oud),
    'GET /api/products/p2': product(citrus),
  });
  renderPage('/cart', <CartPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Tambah jumlah Oud Royale 50 ml' }));
  expect(screen.getByText('Subtotal (3 item)')).toBeTruthy();
  expect(within(screen.getByRole('complementary')).getAllByText('Rp 729.000')).toHaveLength(2);
  // Each line shows its size and its own subtotal.
  const oudLine = screen.getByText('Oud Royale').closest('li') as HTMLElement;
  expect(within(oudLine).getByText('50 ml · Rp 250.000')).toBeTruthy();
  expect(within(oudLine).getByText('Rp 500.000')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Kurangi jumlah Citrus Bloom 50 ml' }));
  expect(screen.queryByText('Citrus Bloom')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Hapus Oud Royale 50 ml' }));
  expect(screen.getByRole('heading', { name: 'Keranjang Anda Kosong' })).toBeTruthy();
});

it('tells a guest to log in before checkout', async () => {
  addItem(oud);
  mockApi({ 'GET /api/auth/session': guest, 'GET /api/products/p1': product(oud) });
  renderPage('/cart', <CartPage />);
  expect(await screen.findByText('Anda harus login untuk melakukan checkout')).toBeTruthy();
  // Signing in goes on to the checkout (issue 29: it led home).
  expect(screen.getByRole('link', { name: 'Login untuk Checkout' }).getAttribute('href')).toBe(
    '/login?next=%2Fcart%3Fcheckout',
  );
  expect(screen.queryByRole('link', { name: 'Lanjut ke Checkout' })).toBeNull();
});

it("sends a guest who followed 'Lanjut ke Checkout' before the session was known on to log in", async () => {
  addItem(oud);
  mockApi({ 'GET /api/auth/session': guest, 'GET /api/products/p1': product(oud) });
  const { router } = renderPage('/cart', <CartPage />, {}, '/cart?checkout');
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.search).toBe('?next=%2Fcart%3Fcheckout');
});

it('refreshes prices from the API and drops products that no longer exist', async () => {
  addItem(oud);
  addItem(citrus);
  mockApi({
    'GET /api/auth/session': guest,
    'GET /api/products/p1': product({ ...oud, price: 275_000 }),
    'GET /api/products/p2': () =>
      Response.json({ error: { code: 'not_found', message: 'Produk tidak ditemukan.' } }, { status: 404 }),
  });
  renderPage('/cart', <CartPage />);
  await waitFor(() => expect(screen.queryByText('Citrus Bloom')).toBeNull());
  expect(screen.getAllByText('Rp 275.000').length).toBeGreaterThan(0);
});

it("shows each line's 80 px thumbnail from the photo's smallest stored copy, not the full photo", async () => {
  addItem(oud);
  mockApi({
    'GET /api/auth/session': guest,
    'GET /api/products/p1': () => Response.json({ ...productJson(oud), image_widths: [320, 720, 1200] }),
  });
  renderPage('/cart', <CartPage />);
  const list = await screen.findByRole('list', { name: 'Produk di keranjang' });
  await waitFor(() =>
    expect(list.querySelector('img')?.getAttribute('srcset')).toBe(
      '/images/p1-320w.webp 320w, /images/p1-720w.webp 720w, /images/p1.webp 1200w',
    ),
  );
  expect(list.querySelector('img')?.getAttribute('sizes')).toBe('80px');
});

it('checks out once however often the button is pressed, shows the server total and clears the cart', async () => {
  addItem(oud);
  setQuantity('p1-50', 2);
  const created = {
    ...order('3f2a9c1e-7b5d-4e11-9a00-1234567890ab', 1),
    unique_code: 0,
    total_amount: 528_000,
    payments: [gatewayPayment({ channel: 'other_qris', amount: 528_000, qr_string: '00020101' })],
  };
  let mine = [] as ReturnType<typeof order>[];
  let release: () => void = () => {};
  const fetch = mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p1': product(oud),
    'GET /api/orders/mine': () => Response.json({ items: mine }),
    'GET /api/addresses': () => Response.json({ items: [] }),
    ...areaRoutes,
    ...paymentRoutes,
    'POST /api/shipping/quote': () => Response.json(jakartaQuote),
    'POST /api/orders': () =>
      new Promise<Response>((resolve) => {
        release = () => {
          mine = [created];
          resolve(Response.json(created, { status: 201 }));
        };
      }),
  });
  const { toasts, client } = renderPage('/cart', <CartPage />, { '/orders/:id': 'Halaman Pesanan' });
  await userEvent.click(await screen.findByRole('link', { name: 'Lanjut ke Checkout' }));
  expect(await screen.findByRole('heading', { name: 'Informasi Pengiriman' })).toBeTruthy();
  expect(screen.getByLabelText('Nama Penerima')).toHaveProperty('value', 'Ani');
  expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ani@contoh.id');
  // One summary, with what is bought (issue 29: the cart's card showed a second total beside it).
  const summary = screen.getByRole('region', { name: 'Ringkasan Pesanan' });
  expect(screen.queryByRole('complementary')).toBeNull();
  expect(within(summary).getByText('Oud Royale')).toBeTruthy();
  expect(within(summary).getByText('2 × Rp 250.000')).toBeTruthy();
  // No transfer code before the order exists: only a manual transfer ever gets one, on its page.
  expect(summary.textContent).not.toMatch(/kode unik/i);

  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(screen.getByText('Alamat harus diisi')).toBeTruthy();
  expect(screen.getByText('Nomor telepon harus diisi')).toBeTruthy();
  expect(screen.getByText('Provinsi harus dipilih')).toBeTruthy();

  await fillJakartaAddress();
  await userEvent.click(await screen.findByRole('radio', { name: /Kilat/ }));
  const total = within(summary).getByText('Total Pembayaran').nextSibling;
  expect(total?.textContent).toBe('Rp 528.000');
  expect(screen.getAllByText(/^Rp 528\.000/)).toHaveLength(1);
  const submit = screen.getByRole('button', { name: 'Buat Pesanan' });
  await userEvent.dblClick(submit);
  expect(await screen.findByRole('button', { name: 'Memproses...' })).toHaveProperty('disabled', true);
  release();

  // On to the order's own page, where the QR is drawn: never back on /cart with an empty cart.
  expect(await screen.findByRole('heading', { name: 'Halaman Pesanan' })).toBeTruthy();
  expect(toasts).toContainEqual({
    title: 'Pesanan berhasil dibuat',
    description: 'Pesanan #3f2a9c1e menunggu pembayaran.',
  });
  const posts = fetch.mock.calls.filter(([url, init]) => url === '/api/orders' && init?.method === 'POST');
  expect(posts).toHaveLength(1);
  const body = JSON.parse(String(posts[0]?.[1]?.body));
  expect(body).toEqual({
    items: [{ productId: 'p1', variantId: 'p1-50', quantity: 2 }],
    customer: {
      customerName: 'Ani',
      customerEmail: 'ani@contoh.id',
      customerPhone: '+6281234567890',
      provinceCode: '31',
      regencyCode: '31.71',
      districtCode: '31.71.01',
      postalCode: '10110',
      customerAddress: 'Jl. Mawar 1',
    },
    shippingServiceId: 'jabodetabek-kilat',
    paymentChannel: 'other_qris',
  });
  expect(new Headers(posts[0]?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  expect(localStorage.getItem('gi:cart:v2')).toBe('[]');
  // The order page draws the placed order at once: its answer is already in the cache.
  expect(client.getQueryData(['orders', 'detail', created.id])).toEqual(created);
});

it('says which line ran out of stock before checkout, and holds checkout back until it is put right', async () => {
  const large = cartProduct('p1', 'Oud Royale', 450_000, { variantId: 'p1-100', sizeMl: 100 });
  addItem(oud);
  addItem(large);
  setQuantity('p1-50', 3);
  // Meanwhile the 100 ml sold out and only 2 of the 50 ml are left.
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p1': product({ ...oud, stock: 2 }, { ...large, stock: 0 }),
    'GET /api/orders/mine': () => Response.json({ items: [] }),
  });
  renderPage('/cart', <CartPage />);
  expect(await screen.findByText('Stok tinggal 2.')).toBeTruthy();
  expect(screen.getByText('Stok habis. Hapus dari keranjang untuk melanjutkan.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Lanjut ke Checkout' })).toHaveProperty('disabled', true);
  expect(screen.getByRole('button', { name: 'Tambah jumlah Oud Royale 50 ml' })).toHaveProperty(
    'disabled',
    true,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Kurangi jumlah Oud Royale 50 ml' }));
  await userEvent.click(screen.getByRole('button', { name: 'Hapus Oud Royale 100 ml' }));
  expect(screen.queryByText(/Stok tinggal|Stok habis/)).toBeNull();
  expect(screen.getByRole('link', { name: 'Lanjut ke Checkout' }).getAttribute('href')).toBe(
    '/cart?checkout',
  );
});

it("stops '+' at the size's maximum per order and says why (decision 025)", async () => {
  addItem(oud);
  setQuantity('p1-50', 3);
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p1': product({ ...oud, maxPerOrder: 2 }),
    'GET /api/orders/mine': () => Response.json({ items: [] }),
  });
  renderPage('/cart', <CartPage />);
  expect(await screen.findByText('Maksimal 2 per pesanan.')).toBeTruthy();
  expect(screen.getByLabelText('Jumlah Oud Royale 50 ml').textContent).toBe('2');
  expect(screen.getByRole('button', { name: 'Tambah jumlah Oud Royale 50 ml' })).toHaveProperty(
    'disabled',
    true,
  );
  expect(screen.getByRole('link', { name: 'Lanjut ke Checkout' })).toBeTruthy();
});

it("returns to the refreshed lines with the server's message when checkout finds a size sold out", async () => {
  addItem(oud);
  let stock = 10;
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p1': () => Response.json(productJson({ ...oud, stock })),
    'GET /api/orders/mine': () => Response.json({ items: [] }),
    'GET /api/addresses': () => Response.json({ items: [] }),
    ...areaRoutes,
    ...paymentRoutes,
    'POST /api/shipping/quote': () => Response.json(jakartaQuote),
    'POST /api/orders': () => {
      stock = 0;
      const message = 'Stok Oud Royale 50 ml habis. Ubah jumlah atau hapus produk tersebut dari keranjang.';
      return Response.json(
        {
          error: {
            code: 'out_of_stock',
            message,
            fields: { 'items.0.quantity': 'Stok Oud Royale 50 ml habis' },
          },
        },
        { status: 409 },
      );
    },
  });
  const { toasts } = renderPage('/cart', <CartPage />);
  await userEvent.click(await screen.findByRole('link', { name: 'Lanjut ke Checkout' }));
  await fillJakartaAddress();
  await userEvent.click(await screen.findByRole('radio', { name: /Reguler/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(await screen.findByText('Stok habis. Hapus dari keranjang untuk melanjutkan.')).toBeTruthy();
  expect(toasts).toContainEqual({
    title: 'Error',
    description: 'Stok Oud Royale 50 ml habis. Ubah jumlah atau hapus produk tersebut dari keranjang.',
    variant: 'destructive',
  });
  expect(screen.getByRole('button', { name: 'Lanjut ke Checkout' })).toHaveProperty('disabled', true);
});

it("toasts 'Gagal membuat pesanan. Silakan coba lagi.' when the order fails", async () => {
  addItem(oud);
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p1': product(oud),
    'GET /api/orders/mine': () => Response.json({ items: [] }),
    'GET /api/addresses': () => Response.json({ items: [] }),
    ...areaRoutes,
    ...paymentRoutes,
    'POST /api/shipping/quote': () => Response.json(jakartaQuote),
    'POST /api/orders': () =>
      Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 }),
  });
  const { toasts } = renderPage('/cart', <CartPage />);
  await userEvent.click(await screen.findByRole('link', { name: 'Lanjut ke Checkout' }));
  await fillJakartaAddress();
  await screen.findByRole('radio', { name: /Reguler/ });
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal membuat pesanan. Silakan coba lagi.',
      variant: 'destructive',
    }),
  );
  expect(await screen.findByRole('heading', { name: 'Informasi Pengiriman' })).toBeTruthy();
});

it("takes a field's message away as soon as the field is valid", async () => {
  addItem(oud);
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p1': product(oud),
    'GET /api/orders/mine': () => Response.json({ items: [] }),
    'GET /api/addresses': () => Response.json({ items: [] }),
    ...areaRoutes,
    ...paymentRoutes,
  });
  renderPage('/cart', <CartPage />);
  await userEvent.click(await screen.findByRole('link', { name: 'Lanjut ke Checkout' }));
  const email = await screen.findByLabelText('Email');
  const phone = screen.getByLabelText('Nomor Telepon');
  await userEvent.clear(email);
  await userEvent.type(phone, '0812-3456-78x');
  await userEvent.click(screen.getByRole('button', { name: 'Buat Pesanan' }));
  expect(screen.getByText('Email harus diisi')).toBeTruthy();
  expect(screen.getByText('Nomor telepon tidak valid')).toBeTruthy();
  expect(phone.getAttribute('aria-invalid')).toBe('true');

  await userEvent.clear(phone);
  await userEvent.type(phone, '0812-3456-7890');
  expect(screen.queryByText('Nomor telepon tidak valid')).toBeNull();
  expect(phone.getAttribute('aria-invalid')).toBeNull();
  // The other fields keep theirs until they are put right.
  expect(screen.getByText('Email harus diisi')).toBeTruthy();
  expect(screen.getByText('Alamat harus diisi')).toBeTruthy();
  await userEvent.type(email, 'ani@');
  expect(screen.getByText('Email tidak valid')).toBeTruthy();
  await userEvent.type(email, 'contoh.id');
  expect(screen.queryByText('Email tidak valid')).toBeNull();
});

it('lists the latest orders with status badge, short id, date and a 2-item preview naming the sizes', async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/orders/mine': () =>
      Response.json({ items: [order('aaaaaaaa-1111', 4, 'shipped'), order('bbbbbbbb-2222', 1, 'weird')] }),
  });
  renderPage('/cart', <CartPage />);
  const first = (await screen.findByText('#aaaaaaaa')).closest('li') as HTMLElement;
  expect(within(first).getByText('Dikirim').dataset.status).toBe('shipped');
  expect(within(first).getByText('21 November 2026 pukul 10.05')).toBeTruthy();
  expect(within(first).getByText('Parfum 1 50 ml × 1')).toBeTruthy();
  expect(within(first).getByText('Parfum 2 50 ml × 1')).toBeTruthy();
  expect(within(first).queryByText(/Parfum 3/)).toBeNull();
  expect(within(first).getByText('+2 item lainnya')).toBeTruthy();
  expect(
    within(first).getByRole('link', { name: 'Lihat detail pesanan #aaaaaaaa' }).getAttribute('href'),
  ).toBe('/orders/aaaaaaaa-1111');
  const second = screen.getByText('#bbbbbbbb').closest('li') as HTMLElement;
  expect(within(second).getByText('weird').className).toMatch(/other/);
  expect(screen.getByRole('link', { name: 'Lihat Semua Pesanan' }).getAttribute('href')).toBe(
    '/account/orders',
  );
});

it("toasts 'Gagal memuat riwayat pesanan' when the orders cannot load", async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/orders/mine': () => Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 }),
  });
  const { toasts } = renderPage('/cart', <CartPage />);
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Error',
      description: 'Gagal memuat riwayat pesanan',
      variant: 'destructive',
    }),
  );
});

it("opens checkout directly at /cart?checkout ('Beli Sekarang' on a product page lands there)", async () => {
  addItem(oud);
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/products/p1': product(oud),
    'GET /api/orders/mine': () => Response.json({ items: [] }),
    'GET /api/addresses': () => Response.json({ items: [] }),
    ...areaRoutes,
    ...paymentRoutes,
  });
  renderPage('/cart', <CartPage />, {}, '/cart?checkout');
  expect(await screen.findByRole('heading', { name: 'Informasi Pengiriman' })).toBeTruthy();
  expect(await screen.findByRole('radio', { name: 'QRIS' })).toHaveProperty('checked', true);
  expect(screen.queryByRole('button', { name: 'Lanjut ke Checkout' })).toBeNull();
});
