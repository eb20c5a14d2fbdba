import { event, ORDER_ID, orderDetail, payment, shipment } from '@gi/contracts/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { gatewayPayment, QRIS_STRING } from '../test/payments.ts';
import { guest, mockApi, renderPage } from '../test/render.tsx';
import OrderPage from './order-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const customer = { id: 'u1', email: 'ani@contoh.id', name: 'Ani', role: 'customer', pendingEmail: null };
const signedIn = () => Response.json({ user: customer });
// The office line and the shop's WhatsApp: the buttons use the latter (issue 29, defect 5).
const settings = () => Response.json({ contactPhone1: '(021) 7250-8800', contactWhatsapp: '0812-3456-7890' });
const path = `/api/orders/${ORDER_ID}`;
const open = () => renderPage('/orders/:id', <OrderPage />, {}, `/orders/${ORDER_ID}`);
/** A paid order on its way with JNE. */
const shipped = {
  status: 'shipped' as const,
  payment_status: 'paid' as const,
  courier: 'JNE',
  tracking_number: 'JNE123456789',
  payment_instructions: null,
  payments: [payment({ status: 'paid' })],
};

it('shows an unpaid order: the exact amount with a copy button, the accounts, QRIS, deadline in WIB and costs', async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () => Response.json(orderDetail()),
  });
  const user = userEvent.setup();
  const { toasts } = open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Pesanan #3f2a9c1e' })).toBeTruthy();
  const pay = screen.getByRole('region', { name: 'Pembayaran' });
  expect(within(pay).getByText('Menunggu Pembayaran')).toBeTruthy();
  expect(screen.getByRole('banner').querySelector('[data-status]')?.textContent).toBe('Menunggu Pembayaran');
  expect(within(pay).getByText('Rp 267.123')).toBeTruthy();
  expect(pay.textContent).toContain('Termasuk kode unik Rp 123');
  // 22 Nov 03:05 UTC is 10.05 in Jakarta.
  expect(within(pay).getByText('22 November 2026 pukul 10.05 WIB')).toBeTruthy();
  expect(within(pay).getByText('BCA')).toBeTruthy();
  expect(within(pay).getByText('a.n. PT. Global Imperium')).toBeTruthy();
  expect(within(pay).getByRole('img', { name: 'Kode QRIS untuk pembayaran' }).getAttribute('src')).toBe(
    '/images/qris.png',
  );

  await user.click(within(pay).getByRole('button', { name: 'Salin jumlah transfer' }));
  expect(await navigator.clipboard.readText()).toBe('267123');
  expect(toasts).toContainEqual({ title: 'Jumlah disalin', description: '267123' });
  await user.click(within(pay).getByRole('button', { name: 'Salin nomor rekening BCA' }));
  expect(await navigator.clipboard.readText()).toBe('1234567890');

  const costs = screen.getByRole('region', { name: 'Produk' }).querySelector('dl') as HTMLElement;
  expect([...costs.querySelectorAll('div')].map((row) => row.textContent)).toEqual([
    'Subtotal ProdukRp 250.000',
    'Ongkos Kirim (Reguler)Rp 17.000',
    'Kode UnikRp 123',
    'TotalRp 267.123',
  ]);
  expect(screen.getByRole('region', { name: 'Produk' }).textContent).toContain('Oud Royale 50 ml × 1');
  const address = screen.getByRole('region', { name: 'Alamat Pengiriman' });
  expect(address.textContent).toContain('Layanan: Reguler (Jabodetabek), estimasi 1–2 hari kerja');
  const timeline = screen.getByRole('region', { name: 'Riwayat Pesanan' });
  expect(within(timeline).getByText('Pesanan dibuat')).toBeTruthy();
  expect(timeline.textContent).toContain('21 November 2026 pukul 10.05 WIB · Pelanggan');

  const whatsapp = new URL(
    screen.getByRole('link', { name: 'Konfirmasi via WhatsApp' }).getAttribute('href') ?? '',
  );
  expect(whatsapp.pathname).toBe('/6281234567890');
  expect(whatsapp.searchParams.get('text')).toBe(
    'Halo PT. Global Imperium, saya ingin konfirmasi pembayaran pesanan #3f2a9c1e sebesar Rp 267.123.',
  );
  expect(screen.queryByRole('link', { name: 'Unduh Faktur' })).toBeNull();
});

it('uploads the transfer receipt as a file and then shows that it waits for verification', async () => {
  let sent: FormData | null = null;
  const fetch = mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () => Response.json(orderDetail()),
    [`POST ${path}/receipt`]: (_, init) => {
      sent = init.body as FormData;
      return Response.json(
        orderDetail({
          payment_status: 'submitted',
          payments: [payment({ status: 'submitted', has_receipt: true })],
          events: [event({ type: 'placed' }), event({ type: 'receipt_uploaded' })],
        }),
        { status: 201 },
      );
    },
  });
  const user = userEvent.setup();
  const { toasts } = open();
  const send = await screen.findByRole('button', { name: 'Kirim Bukti Transfer' });
  await user.click(send);
  expect(screen.getByRole('alert').textContent).toBe('Pilih gambar bukti transfer');
  expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

  const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'bukti.jpg', { type: 'image/jpeg' });
  await user.upload(screen.getByLabelText('Unggah bukti transfer'), photo);
  await user.click(send);
  await waitFor(() =>
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Bukti transfer terkirim' })),
  );
  expect((sent as FormData | null)?.get('file')).toBeInstanceOf(File);
  const pay = screen.getByRole('region', { name: 'Pembayaran' });
  expect(within(pay).getByText('Menunggu Verifikasi')).toBeTruthy();
  // The header's badge says the same as the payment (issue 29, defect 11).
  expect(screen.getByRole('banner').querySelector('[data-status]')?.textContent).toBe('Menunggu Verifikasi');
  expect(within(pay).getByRole('link', { name: 'Lihat bukti transfer' }).getAttribute('href')).toBe(
    `${path}/receipt`,
  );
  expect(within(pay).queryByRole('button', { name: 'Kirim Bukti Transfer' })).toBeNull();
  expect(
    within(screen.getByRole('region', { name: 'Riwayat Pesanan' })).getByText('Bukti transfer diunggah'),
  ).toBeTruthy();
});

it("shows the admin's reason for a rejected receipt and asks for a new one", async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () =>
      Response.json(
        orderDetail({
          payments: [
            payment({ id: 'pay2' }),
            payment({ status: 'rejected', reason: 'Nominal tidak sesuai', has_receipt: true }),
          ],
        }),
      ),
  });
  open();
  const pay = await screen.findByRole('region', { name: 'Pembayaran' });
  expect(within(pay).getByRole('note').textContent).toContain('Pembayaran ditolak: Nominal tidak sesuai');
  expect(within(pay).getByLabelText('Unggah ulang bukti transfer')).toBeTruthy();
});

it('shows a shipped order with the courier and resi, paid, without payment instructions or cancel', async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () =>
      Response.json(
        orderDetail({
          status: 'shipped',
          payment_status: 'paid',
          courier: 'JNE',
          tracking_number: 'JNE123456789',
          payment_instructions: null,
          payments: [payment({ status: 'paid', reviewed_at: '2026-11-21T05:00:00.000Z' })],
          events: [
            event({ type: 'placed' }),
            event({ type: 'payment_confirmed', status: 'processing', actor: 'admin' }),
            event({ type: 'shipped', status: 'shipped', actor: 'admin', note: 'JNE · JNE123456789' }),
          ],
        }),
      ),
  });
  const user = userEvent.setup();
  open();
  const shipment = await screen.findByRole('region', { name: 'Pengiriman' });
  expect(within(shipment).getByText('JNE')).toBeTruthy();
  expect(shipment.textContent).toContain('JNE123456789');
  await user.click(within(shipment).getByRole('button', { name: 'Salin nomor resi' }));
  expect(await navigator.clipboard.readText()).toBe('JNE123456789');
  expect(
    within(screen.getByRole('region', { name: 'Pembayaran' })).getByText('Pembayaran Diterima'),
  ).toBeTruthy();
  expect(screen.queryByText('Transfer tepat sebesar')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Batalkan Pesanan' })).toBeNull();
  const timeline = screen.getByRole('region', { name: 'Riwayat Pesanan' });
  expect(
    within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent),
  ).toEqual(['Pesanan dibuat', 'Pembayaran dikonfirmasi', 'Pesanan dikirim']);
  expect(screen.getByRole('link', { name: 'Tanya via WhatsApp' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Unduh Faktur' }).getAttribute('href')).toMatch(
    /^\/api\/orders\/[^/]+\/invoice\.pdf$/,
  );
});

it("a shipment booked through the courier: 'Lacak Pengiriman' with the resi, the tracking link and the history, newest first", async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () =>
      Response.json(
        orderDetail({
          ...shipped,
          tracking_number: 'WYB-1775600036808',
          shipment: shipment({
            status: 'dropping_off',
            status_label: 'Sedang diantar ke penerima',
            history: [
              {
                status: 'dropping_off',
                label: 'Sedang diantar ke penerima',
                note: 'WITH DELIVERY COURIER [JAKARTA , HUB VETERAN BINTARO]',
                at: '2026-11-27T02:29:00.000Z',
              },
              // The same step reported again at an earlier hub: said once (issue 37).
              {
                status: 'dropping_off',
                label: 'Sedang diantar ke penerima',
                note: 'WITH DELIVERY COURIER [JAKARTA]',
                at: '2026-11-27T02:10:00.000Z',
              },
              ...shipment().history,
            ],
          }),
        }),
      ),
  });
  const user = userEvent.setup();
  open();
  const tracking = await screen.findByRole('region', { name: 'Lacak Pengiriman' });
  expect(within(tracking).getByText('JNE · Reguler')).toBeTruthy();
  expect(within(tracking).getByText('Sedang diantar ke penerima', { selector: 'dd' })).toBeTruthy();
  expect(
    within(tracking).getByRole('link', { name: 'Lihat pelacakan di situs kurir' }).getAttribute('href'),
  ).toBe('https://track.biteship.com/trk-1');
  await user.click(within(tracking).getByRole('button', { name: 'Salin nomor resi' }));
  expect(await navigator.clipboard.readText()).toBe('WYB-1775600036808');
  const steps = within(within(tracking).getByRole('list', { name: 'Riwayat pelacakan' })).getAllByRole(
    'listitem',
  );
  expect(steps.map((step) => step.firstChild?.textContent)).toEqual([
    'Sedang diantar ke penerima',
    'Paket dijemput kurir',
    'Pengiriman dipesan',
  ]);
  // 02:29 UTC is 09.29 in Jakarta.
  expect(steps[0]?.textContent).toContain('27 November 2026 pukul 09.29 WIB');
  expect(steps[0]?.textContent).toContain('WITH DELIVERY COURIER');
  expect(screen.queryByRole('region', { name: 'Pengiriman' })).toBeNull();
});

it("'Pesanan Diterima' on a shipped order: asked first, then the order reads delivered", async () => {
  const fetch = mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () => Response.json(orderDetail(shipped)),
    [`POST ${path}/received`]: () =>
      Response.json(
        orderDetail({
          ...shipped,
          status: 'delivered',
          events: [event({ type: 'placed' }), event({ type: 'delivered', status: 'delivered' })],
        }),
      ),
  });
  const user = userEvent.setup();
  const { toasts } = open();
  await user.click(await screen.findByRole('button', { name: 'Pesanan Diterima' }));
  const question = screen.getByRole('alertdialog');
  expect(question.textContent).toContain('Sudah menerima paket');
  expect(document.activeElement).toBe(question);
  await user.click(within(question).getByRole('button', { name: 'Tidak' }));
  expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/received'))).toBe(false);

  await user.click(screen.getByRole('button', { name: 'Pesanan Diterima' }));
  await user.click(screen.getByRole('button', { name: 'Ya, Sudah Diterima' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Terima kasih! Pesanan telah diterima' }));
  expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/received'))).toHaveLength(1);
  expect(screen.getByText('Diterima', { selector: 'span' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Pesanan Diterima' })).toBeNull();
});

it('offers no receipt confirmation before the order is shipped', async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () => Response.json(orderDetail({ status: 'processing', payment_status: 'paid' })),
  });
  open();
  await screen.findByRole('heading', { level: 1, name: 'Pesanan #3f2a9c1e' });
  expect(screen.queryByRole('button', { name: 'Pesanan Diterima' })).toBeNull();
});

it('cancels an unpaid order only after the customer confirms', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () => Response.json(orderDetail()),
    [`POST ${path}/cancel`]: () =>
      Response.json(
        orderDetail({
          status: 'cancelled',
          payment_status: 'void',
          payment_instructions: null,
          events: [event({ type: 'placed' }), event({ type: 'cancelled', status: 'cancelled' })],
        }),
      ),
  });
  const user = userEvent.setup();
  const { toasts } = open();
  await user.click(await screen.findByRole('button', { name: 'Batalkan Pesanan' }));
  const question = screen.getByRole('alertdialog');
  expect(question.textContent).toContain('Batalkan pesanan ini?');
  await user.click(within(question).getByRole('button', { name: 'Tidak' }));
  expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/cancel'))).toBe(false);

  await user.click(screen.getByRole('button', { name: 'Batalkan Pesanan' }));
  await user.click(screen.getByRole('button', { name: 'Ya, Batalkan Pesanan' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Pesanan dibatalkan' }));
  expect(screen.getByText('Dibatalkan', { selector: 'span' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Pembayaran' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Batalkan Pesanan' })).toBeNull();
});

it('while the receipt is checked, the cancel warns of a refund, is sent confirmed and then says the shop will return the money', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () =>
      Response.json(
        orderDetail({ payment_status: 'submitted', payments: [payment({ status: 'submitted' })] }),
      ),
    [`POST ${path}/cancel`]: () =>
      Response.json(
        orderDetail({
          status: 'cancelled',
          payment_status: 'void',
          payment_instructions: null,
          refund_status: 'needed',
        }),
      ),
  });
  const user = userEvent.setup();
  const { toasts } = open();
  await user.click(await screen.findByRole('button', { name: 'Batalkan Pesanan' }));
  // The receipt is not yet checked: the money comes back only once the transfer is found (issue 37).
  expect(screen.getByRole('alertdialog').textContent).toContain(
    'Bukti transfer Anda akan diperiksa lebih dulu sebelum dana dikembalikan',
  );
  await user.click(screen.getByRole('button', { name: 'Ya, Batalkan Pesanan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Pesanan dibatalkan',
      description: 'Toko akan memeriksa bukti transfer Anda lebih dulu, lalu mengembalikan dananya.',
    }),
  );
  const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/cancel'));
  expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ confirmPaid: true });
  expect(screen.getByRole('status').textContent).toContain('Toko akan mengembalikan dana Anda');
});

it('tells a stranger the order is not found, without telling whose it is', async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    [`GET ${path}`]: () =>
      Response.json({ error: { code: 'not_found', message: 'Pesanan tidak ditemukan' } }, { status: 404 }),
  });
  open();
  expect(await screen.findByRole('heading', { name: 'Pesanan Tidak Ditemukan' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Lihat Pesanan Saya' }).getAttribute('href')).toBe(
    '/account/orders',
  );
});

it('asks a visitor to sign in and come back to the order', async () => {
  mockApi({ 'GET /api/auth/session': guest });
  open();
  expect((await screen.findByRole('link', { name: 'Login' })).getAttribute('href')).toBe(
    `/login?next=${encodeURIComponent(`/orders/${ORDER_ID}`)}`,
  );
});

it('pays through the gateway: the shopper changes to QRIS, its QR shows on this page, and the order reads paid without a reload', async () => {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const options = { channels: ['other_qris', 'bca_va', 'gopay'] as const, manual_transfer: true, cod: null };
  const gatewayAttempt = gatewayPayment({
    id: 'pay2',
    channel: 'other_qris',
    amount: 267_000,
    qr_string: QRIS_STRING,
  });
  // Leaving the manual transfer drops its code: the total is what the gateway charges.
  const byQris = { unique_code: 0, total_amount: 267_000 };
  let sent: unknown = null;
  let paid = false;
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () =>
      Response.json(
        paid
          ? orderDetail({
              ...byQris,
              status: 'processing',
              payment_status: 'paid',
              payments: [{ ...gatewayAttempt, status: 'paid' }],
            })
          : orderDetail({ payment_options: { ...options, channels: [...options.channels] } }),
      ),
    [`POST ${path}/payment-method`]: (_, init) => {
      sent = JSON.parse(String(init.body));
      return Response.json(
        orderDetail({
          ...byQris,
          payment_options: { ...options, channels: [...options.channels] },
          payments: [gatewayAttempt, payment({ status: 'void' })],
        }),
      );
    },
  });
  const user = userEvent.setup();
  open();
  const pay = await screen.findByRole('region', { name: 'Pembayaran' });
  // The manual transfer is what the order started with: its instructions show, the list waits.
  expect(within(pay).getByText('Rekening Tujuan')).toBeTruthy();
  expect(within(pay).queryByRole('radio')).toBeNull();
  await user.click(within(pay).getByRole('button', { name: 'Ganti cara pembayaran' }));
  const methods = within(pay).getByRole('group', { name: 'Ganti cara pembayaran' });
  expect(
    within(methods)
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('aria-label')),
  ).toEqual(['QRIS', 'Virtual Account BCA', 'GoPay', 'Transfer Bank (manual)']);
  expect(within(methods).getByRole('radio', { name: 'Transfer Bank (manual)' })).toHaveProperty(
    'checked',
    true,
  );
  await user.click(within(methods).getByRole('radio', { name: 'QRIS' }));
  await user.click(within(pay).getByRole('button', { name: 'Bayar dengan QRIS' }));
  expect(await within(pay).findByRole('img', { name: 'Kode QRIS untuk membayar pesanan ini' })).toBeTruthy();
  expect(sent).toEqual({ channel: 'other_qris' });
  // Paid on this page: no gateway page, no transfer instructions, no code.
  expect(assign).not.toHaveBeenCalled();
  expect(within(pay).queryByText('Rekening Tujuan')).toBeNull();
  expect(pay.textContent).not.toMatch(/Transfer tepat sebesar|kode unik/i);
  expect(within(pay).getByText('Rp 267.000')).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Produk' }).textContent).not.toContain('Kode Unik');
  // The notification lands; the page reads the order again by itself (no reload).
  paid = true;
  expect(await within(pay).findByText('Pembayaran Diterima', {}, { timeout: 6_000 })).toBeTruthy();
}, 10_000);

it("a card goes on to the gateway's page", async () => {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const options = { channels: ['other_qris', 'credit_card'], manual_transfer: false, cod: null } as const;
  const card = gatewayPayment({
    id: 'pay2',
    channel: 'credit_card',
    redirect_url: 'https://app.midtrans.com/snap/v4/redirection/tok',
  });
  const failed = gatewayPayment({
    channel: 'other_qris',
    status: 'rejected',
    reason: 'Waktu pembayaran habis',
  });
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () =>
      Response.json(
        orderDetail({
          unique_code: 0,
          payment_options: { ...options, channels: [...options.channels] },
          payments: [failed],
        }),
      ),
    [`POST ${path}/payment-method`]: () =>
      Response.json(
        orderDetail({
          unique_code: 0,
          payment_options: { ...options, channels: [...options.channels] },
          payments: [card, failed],
        }),
      ),
  });
  const user = userEvent.setup();
  open();
  const pay = await screen.findByRole('region', { name: 'Pembayaran' });
  // The expired QRIS left no open way to pay: the list is there to choose anew.
  expect(within(pay).getByText(/Pembayaran via QRIS tidak berhasil/).textContent).toBeTruthy();
  await user.click(within(pay).getByRole('radio', { name: 'Kartu Kredit/Debit' }));
  await user.click(within(pay).getByRole('button', { name: 'Bayar dengan Kartu Kredit/Debit' }));
  await waitFor(() =>
    expect(assign).toHaveBeenCalledWith('https://app.midtrans.com/snap/v4/redirection/tok'),
  );
  expect(within(pay).getByRole('link', { name: 'Lanjutkan Pembayaran' }).getAttribute('href')).toBe(
    'https://app.midtrans.com/snap/v4/redirection/tok',
  );
});

it('a voucher’s discount and the gift wrap are lines of the one total, the gift message by the address (decision 045)', async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () =>
      Response.json(
        orderDetail({
          voucher_code: 'HEMAT50',
          discount_amount: 50_000,
          gift_wrap: true,
          gift_wrap_fee: 10_000,
          gift_message: 'Selamat ulang tahun!',
          total_amount: 227_123,
        }),
      ),
  });
  open();
  const items = await screen.findByRole('region', { name: 'Produk' });
  const costs = items.querySelector('dl') as HTMLElement;
  expect([...costs.querySelectorAll('div')].map((row) => row.textContent)).toEqual([
    'Subtotal ProdukRp 250.000',
    'Ongkos Kirim (Reguler)Rp 17.000',
    'Diskon (HEMAT50)-Rp 50.000',
    'Bungkus KadoRp 10.000',
    'Kode UnikRp 123',
    'TotalRp 227.123',
  ]);
  expect(screen.getByRole('region', { name: 'Alamat Pengiriman' }).textContent).toContain(
    'Pesan hadiah: Selamat ulang tahun!',
  );
});

it("a delivered order offers 'Tulis Ulasan' per product, opening its page's review form; earlier ones do not", async () => {
  const items = [
    orderDetail().order_items[0],
    { ...orderDetail().order_items[0], id: 'i2', variant_id: 'v2', size_ml: 100 },
    { ...orderDetail().order_items[0], id: 'i3', product_id: 'p2', product_name: 'Melati Senja' },
  ];
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () =>
      Response.json(orderDetail({ ...shipped, status: 'delivered', order_items: items as never })),
  });
  open();
  // Two sizes of one product: one link for it.
  const links = await screen.findAllByRole('link', { name: /^Tulis Ulasan / });
  expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
    ['Tulis Ulasan Oud Royale', '/product/p1?ulas=1'],
    ['Tulis Ulasan Melati Senja', '/product/p2?ulas=1'],
  ]);
});

it("a shipped order has no 'Tulis Ulasan' yet", async () => {
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () => Response.json(orderDetail(shipped)),
  });
  open();
  expect(await screen.findByText('Oud Royale', { exact: false })).toBeTruthy();
  expect(screen.queryByRole('link', { name: /^Tulis Ulasan / })).toBeNull();
});

it('shows Kredit Sampel after the discount, and the credit the order gives: pending, then in Akun Saya', async () => {
  const credited = {
    ...shipped,
    status: 'processing' as const,
    subtotal_amount: 250_000,
    credit_amount: 60_000,
    credit_earned: 35_000,
    unique_code: 0,
    total_amount: 207_000,
  };
  let order = orderDetail(credited);
  mockApi({
    'GET /api/auth/session': signedIn,
    'GET /api/settings': settings,
    [`GET ${path}`]: () => Response.json(order),
  });
  const first = open();
  const items = await screen.findByRole('region', { name: 'Produk' });
  const rows = [...(items.querySelector('dl') as HTMLElement).querySelectorAll('div')];
  expect(rows.map((row) => row.textContent)).toEqual([
    'Subtotal ProdukRp 250.000',
    'Ongkos Kirim (Reguler)Rp 17.000',
    'Kredit Sampel-Rp 60.000',
    'TotalRp 207.000',
  ]);
  expect(items.textContent).toContain(
    'Pesanan ini memberi Kredit Sampel Rp 35.000 untuk botol penuh aroma yang sama, aktif setelah pesanan diterima.',
  );
  expect(within(items).queryByRole('link', { name: 'Akun Saya' })).toBeNull();
  first.unmount();

  order = orderDetail({ ...credited, status: 'delivered' });
  open();
  const delivered = await screen.findByRole('region', { name: 'Produk' });
  await waitFor(() => expect(delivered.textContent).toContain('lihat di Akun Saya.'));
  expect(within(delivered).getByRole('link', { name: 'Akun Saya' }).getAttribute('href')).toBe('/account');
  expect(delivered.textContent).not.toContain('aktif setelah');
});
