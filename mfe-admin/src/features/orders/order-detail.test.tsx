import { shipment } from '@gi/contracts/fixtures';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { event, orderDetail, payment } from '../../test/orders.ts';
import { apiError, callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { PAID_ORDER_KEPT } from './order-actions.tsx';
import { ORDER_REFRESH_MS, OrderDetail } from './order-detail.tsx';

afterEach(() => vi.unstubAllGlobals());

const detail = (phone: string | null) =>
  orderDetail('3f2a9c1e-7b5d-4e11-9a00-1234567890ab', {
    customer_phone: phone,
    status: 'processing',
    payment_status: 'paid',
    order_items: [
      {
        id: 'i1',
        product_id: 'p1',
        product_name: 'Oud Royale',
        product_price: 250_000,
        variant_id: 'v1',
        size_ml: 100,
        quantity: 2,
        subtotal: 500_000,
      },
      {
        id: 'i2',
        product_id: 'p2',
        product_name: 'Citrus Bloom',
        product_price: 229_000,
        variant_id: null,
        size_ml: null,
        quantity: 1,
        subtotal: 229_000,
      },
    ],
  });

it('shows order info, customer info with the phone, and the items table', async () => {
  mockApi({ 'GET /api/admin/orders/o1': () => Response.json(detail('0812 3456 7890')) });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const info = await screen.findByRole('region', { name: 'Informasi Pesanan' });
  expect(within(info).getByText('3f2a9c1e-7b5d-4e11-9a00-1234567890ab')).toBeTruthy();
  expect(within(info).getByText('Diproses', { selector: 'span' })).toBeTruthy();
  const customer = screen.getByRole('region', { name: 'Informasi Pelanggan' });
  expect(within(customer).getByText('0812 3456 7890', { exact: false })).toBeTruthy();
  // A chat with the recipient about this order (issue 29, defect 5).
  const chat = new URL(
    within(customer).getByRole('link', { name: 'Chat via WhatsApp' }).getAttribute('href') ?? '',
  );
  expect(chat.origin + chat.pathname).toBe('https://wa.me/6281234567890');
  expect(chat.searchParams.get('text')).toBe(
    'Halo Budi Santoso, kami dari PT. Global Imperium ingin menghubungi Anda tentang pesanan #3f2a9c1e.',
  );
  expect(within(customer).getByText('Jl. Mawar 1, Jakarta')).toBeTruthy();
  const items = screen.getByRole('table');
  expect(
    within(items)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Produk', 'Ukuran', 'Harga', 'Qty', 'Subtotal']);
  const oud = within(items).getAllByRole('row')[1] as HTMLElement;
  expect(
    within(oud)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['Oud Royale', '100 ml', 'Rp 250.000', '2', 'Rp 500.000']);
  // A line from before sizes names none.
  const citrus = within(items).getAllByRole('row')[2] as HTMLElement;
  expect(within(citrus).getAllByRole('cell')[1]?.textContent).toBe('–');
  expect(within(items).getByText('Rp 729.321')).toBeTruthy();
  expect(within(items).getByRole('rowheader', { name: 'Kode Unik' }).nextSibling?.textContent).toBe('Rp 321');
});

it("a cash-on-delivery order's fee is its own line of the items' total", async () => {
  mockApi({
    'GET /api/admin/orders/o1': () =>
      Response.json({ ...detail(null), unique_code: 0, cod_fee: 5_000, total_amount: 734_000 }),
  });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const items = await screen.findByRole('region', { name: 'Item Pesanan' });
  expect(within(items).getByRole('rowheader', { name: 'Biaya COD' }).nextSibling?.textContent).toBe(
    'Rp 5.000',
  );
  expect(within(items).queryByRole('rowheader', { name: 'Kode Unik' })).toBeNull();
  expect(within(items).getByText('Rp 734.000')).toBeTruthy();
});

it('Kredit Sampel: the line after the discount, and what the order gives, pending until delivered', async () => {
  const credited = {
    ...detail(null),
    discount_amount: 29_000,
    voucher_code: 'HEMAT',
    credit_amount: 60_000,
    credit_earned: 35_000,
    shipping_fee: 17_000,
    unique_code: 0,
    total_amount: 657_000,
  };
  mockApi({ 'GET /api/admin/orders/o1': () => Response.json(credited) });
  const first = renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const items = await screen.findByRole('region', { name: 'Item Pesanan' });
  const footer = [...(items.querySelector('tfoot') as HTMLElement).querySelectorAll('tr')];
  expect(footer.map((row) => row.textContent)).toEqual([
    'Ongkos KirimRp 17.000',
    'Diskon (HEMAT)-Rp 29.000',
    'Kredit Sampel-Rp 60.000',
    'TotalRp 657.000',
  ]);
  const info = screen.getByRole('region', { name: 'Informasi Pesanan' });
  expect(within(info).getByText('Kredit Sampel').nextSibling?.textContent).toBe('-Rp 60.000 (dipakai)');
  expect(within(info).getByText('Memberi Kredit Sampel').nextSibling?.textContent).toBe(
    'Rp 35.000 (aktif setelah pesanan diterima)',
  );
  first.unmount();

  mockApi({ 'GET /api/admin/orders/o1': () => Response.json({ ...credited, status: 'delivered' }) });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const delivered = await screen.findByRole('region', { name: 'Informasi Pesanan' });
  expect(within(delivered).getByText('Memberi Kredit Sampel').nextSibling?.textContent).toBe(
    'Rp 35.000 (aktif)',
  );
});

it('offers no WhatsApp chat with a landline', async () => {
  mockApi({ 'GET /api/admin/orders/o1': () => Response.json(detail('(021) 7250-8800')) });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const customer = await screen.findByRole('region', { name: 'Informasi Pelanggan' });
  expect(within(customer).getByText('(021) 7250-8800')).toBeTruthy();
  expect(within(customer).queryByRole('link', { name: 'Chat via WhatsApp' })).toBeNull();
});

it('leaves the phone out when the customer gave none', async () => {
  mockApi({ 'GET /api/admin/orders/o1': () => Response.json(detail(null)) });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const customer = await screen.findByRole('region', { name: 'Informasi Pelanggan' });
  expect(within(customer).queryByText('Telepon')).toBeNull();
});

it("shows the server's message for an unknown order", async () => {
  mockApi({ 'GET /api/admin/orders/x': apiError(404, 'Pesanan tidak ditemukan', 'not_found') });
  renderPage('/admin', <OrderDetail id="x" onBack={() => {}} />);
  expect(await screen.findByText('Pesanan tidak ditemukan')).toBeTruthy();
});

it('shows the payment with its receipt and the timeline, and confirms a submitted payment', async () => {
  let confirmed = false;
  const submitted = orderDetail('o1', {
    payment_status: 'submitted',
    payments: [payment({ status: 'submitted', has_receipt: true, submitted_at: '2026-11-21T04:00:00.000Z' })],
    events: [
      event({ type: 'placed' }),
      event({ type: 'receipt_uploaded', created_at: '2026-11-21T04:00:00.000Z' }),
    ],
  });
  const fetch = mockApi({
    'GET /api/admin/orders/o1': () =>
      Response.json(
        confirmed
          ? {
              ...submitted,
              status: 'processing',
              payment_status: 'paid',
              payments: [payment({ status: 'paid', has_receipt: true })],
              events: [
                ...submitted.events,
                event({ type: 'payment_confirmed', actor: 'admin', status: 'processing' }),
              ],
            }
          : submitted,
      ),
    'POST /api/admin/orders/o1/payment/confirm': () => {
      confirmed = true;
      return Response.json({});
    },
  });
  const { toasts } = renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const pay = await screen.findByRole('region', { name: 'Pembayaran' });
  expect(within(pay).getByText('Menunggu Verifikasi')).toBeTruthy();
  expect(within(pay).getByText('Rp 729.321 (kode unik 321)')).toBeTruthy();
  expect(within(pay).getByRole('link', { name: 'Buka bukti transfer' }).getAttribute('href')).toBe(
    '/api/orders/o1/receipt',
  );
  const timeline = screen.getByRole('region', { name: 'Riwayat Pesanan' });
  expect(timeline.textContent).toContain(
    'Bukti transfer diunggah21 November 2026 pukul 11.00 WIB · Pelanggan',
  );

  await userEvent.click(within(pay).getByRole('button', { name: 'Konfirmasi pembayaran o1' }));
  await userEvent.click(screen.getByRole('button', { name: 'Ya, Konfirmasi' }));
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Pembayaran dikonfirmasi' }));
  expect(callsTo(fetch, 'POST /api/admin/orders/o1/payment/confirm')).toHaveLength(1);
  expect(await within(pay).findByText('Pembayaran Diterima')).toBeTruthy();
  expect(within(timeline).getByText('Pembayaran dikonfirmasi')).toBeTruthy();
  expect(within(pay).queryByRole('button', { name: /Konfirmasi/ })).toBeNull();
});

it('shows a gateway payment: method, transaction id, VA number, the notification history and what needs the admin', async () => {
  const fetch = mockApi({
    'GET /api/admin/orders/o2': () =>
      Response.json(
        orderDetail('o2', {
          status: 'cancelled',
          payment_status: 'void',
          unique_code: 0,
          total_amount: 729_000,
          payments: [
            payment({
              status: 'void',
              method: 'midtrans',
              channel: 'bca_va',
              amount: 729_000,
              provider_reference: 'trx-123',
              provider_status: 'settlement',
              pay_code: '880812345678',
            }),
          ],
        }),
      ),
    'GET /api/admin/orders/o2/gateway': () =>
      Response.json({
        payment_flag: 'paid_after_cancel',
        notifications: [
          {
            id: 'n2',
            payment_id: 'pay1',
            source: 'notification',
            transaction_status: 'settlement',
            fraud_status: 'accept',
            payment_type: 'bank_transfer',
            transaction_id: 'trx-123',
            gross_amount: '729000.00',
            outcome: 'flagged',
            created_at: '2026-11-21T05:00:00.000Z',
          },
          {
            id: 'n1',
            payment_id: 'pay1',
            source: 'poll',
            transaction_status: 'pending',
            fraud_status: 'accept',
            payment_type: 'bank_transfer',
            transaction_id: 'trx-123',
            gross_amount: '729000.00',
            outcome: 'pending',
            created_at: '2026-11-21T04:00:00.000Z',
          },
        ],
      }),
  });
  renderPage('/admin', <OrderDetail id="o2" onBack={() => {}} />);
  const pay = await screen.findByRole('region', { name: 'Pembayaran' });
  expect(pay.textContent).toContain('MetodeMidtrans · Virtual Account BCA');
  expect(pay.textContent).toContain('JumlahRp 729.000');
  expect(pay.textContent).toContain('ID Transaksitrx-123');
  expect(pay.textContent).toContain('Nomor VA880812345678');
  // The gateway's words in Indonesian, the raw one in the tooltip.
  expect(within(pay).getByText('Lunas').getAttribute('title')).toBe('settlement');
  expect(pay.textContent).not.toContain('settlement');
  // A gateway payment has no unique code.
  expect(pay.textContent).not.toContain('kode unik');
  expect(screen.queryByRole('rowheader', { name: 'Kode Unik' })).toBeNull();
  const history = await screen.findByRole('region', { name: 'Notifikasi Gateway' });
  expect((await within(history).findByRole('alert')).textContent).toContain('Dibayar setelah dibatalkan');
  expect(
    within(history)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual([
    'WaktuStatusJenisJumlahTindakan Toko',
    '21 November 2026 pukul 12.00 WIBLunasVirtual AccountRp 729.000Perlu dicek admin',
    '21 November 2026 pukul 11.00 WIB · dicek oleh CronMenunggu pembayaranVirtual AccountRp 729.000Menunggu',
  ]);
  expect(callsTo(fetch, 'GET /api/admin/orders/o2/gateway')).toHaveLength(1);
});

it('asks for no gateway history on an order paid by manual transfer', async () => {
  const fetch = mockApi({
    'GET /api/admin/orders/o3': () => Response.json(orderDetail('o3', { payments: [payment()] })),
  });
  renderPage('/admin', <OrderDetail id="o3" onBack={() => {}} />);
  expect(await screen.findByRole('region', { name: 'Pembayaran' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Notifikasi Gateway' })).toBeNull();
  expect(callsTo(fetch, 'GET /api/admin/orders/o3/gateway')).toHaveLength(0);
});

it('a cancelled order that was paid says it needs a refund, and the admin marks it refunded', async () => {
  const cancelled = (refund: 'needed' | 'refunded') =>
    orderDetail('o2', {
      status: 'cancelled',
      payment_status: 'void',
      refund_status: refund,
      payments: [payment({ status: 'void', has_receipt: true })],
    });
  let refunded = false;
  const fetch = mockApi({
    'GET /api/admin/orders/o2': () => Response.json(cancelled(refunded ? 'refunded' : 'needed')),
    'POST /api/admin/orders/o2/refund': () => {
      refunded = true;
      return Response.json(cancelled('refunded'));
    },
  });
  const { toasts } = renderPage('/admin', <OrderDetail id="o2" onBack={() => {}} />);
  const note = (await screen.findByText('Perlu Refund')).closest('[role="status"]') as HTMLElement;
  expect(note.textContent).toContain('Kembalikan dananya');
  await userEvent.click(within(note).getByRole('button', { name: /sudah direfund/ }));
  await waitFor(() =>
    expect(toasts).toContainEqual({ title: 'Berhasil', description: 'Pesanan ditandai sudah direfund' }),
  );
  expect(callsTo(fetch, 'POST /api/admin/orders/o2/refund')).toHaveLength(1);
  expect(await screen.findByText('Sudah Direfund')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /sudah direfund/ })).toBeNull();
});

const courierOrder = (overrides: Parameters<typeof orderDetail>[1] = {}) =>
  orderDetail('o5', {
    status: 'processing',
    payment_status: 'paid',
    shipping_service: 'JNE · Reguler',
    shipping_courier_code: 'jne',
    shipping_service_code: 'reg',
    ...overrides,
  });

const BOOKED = shipment();

it("'Buat Pengiriman' on a paid order with a courier rate: asks first, then shows the resi and the tracking link", async () => {
  let booked = false;
  const fetch = mockApi({
    'GET /api/admin/orders/o5': () =>
      Response.json(
        booked
          ? courierOrder({
              status: 'shipped',
              courier: 'JNE',
              tracking_number: BOOKED.waybill_id,
              shipment: BOOKED,
            })
          : courierOrder(),
      ),
    'POST /api/admin/orders/o5/shipment': () => {
      booked = true;
      return Response.json(
        courierOrder({ status: 'shipped', tracking_number: BOOKED.waybill_id, shipment: BOOKED }),
        {
          status: 201,
        },
      );
    },
  });
  const { toasts } = renderPage('/admin', <OrderDetail id="o5" onBack={() => {}} />);
  const offer = await screen.findByRole('region', { name: 'Pengiriman Kurir' });
  expect(offer.textContent).toContain('JNE · Reguler');
  await userEvent.click(within(offer).getByRole('button', { name: 'Buat Pengiriman' }));
  const dialog = screen.getByRole('dialog', { name: /Buat pengiriman pesanan/ });
  expect(callsTo(fetch, 'POST /api/admin/orders/o5/shipment')).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Buat Pengiriman' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Pengiriman dibuat',
      description: 'Nomor resi WYB-1775600036808',
    }),
  );
  expect(callsTo(fetch, 'POST /api/admin/orders/o5/shipment')).toHaveLength(1);
  const shipped = await screen.findByRole('link', { name: 'Lihat pelacakan' });
  expect(shipped.getAttribute('href')).toBe('https://track.biteship.com/trk-1');
  const history = screen.getByRole('list', { name: 'Riwayat pelacakan' });
  expect(
    within(history)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent),
  ).toEqual(['Paket dijemput kurir', 'Pengiriman dipesan']);
  const card = screen.getByRole('region', { name: 'Pengiriman Kurir' });
  expect(within(card).getByText('WYB-1775600036808', { selector: 'code' })).toBeTruthy();
  expect(within(card).getByText('Paket dijemput kurir', { selector: 'dd' })).toBeTruthy();
});

it('a refused booking is explained in Indonesian in the dialog, and the order stays as it was', async () => {
  mockApi({
    'GET /api/admin/orders/o5': () => Response.json(courierOrder()),
    'POST /api/admin/orders/o5/shipment': apiError(
      502,
      'Layanan kurir sedang tidak dapat dihubungi. Pesanan tidak berubah; coba lagi sebentar lagi.',
      'courier_unavailable',
    ),
  });
  renderPage('/admin', <OrderDetail id="o5" onBack={() => {}} />);
  const card = await screen.findByRole('region', { name: 'Pengiriman Kurir' });
  await userEvent.click(within(card).getByRole('button', { name: 'Buat Pengiriman' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Buat Pengiriman' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Layanan kurir sedang tidak dapat dihubungi. Pesanan tidak berubah; coba lagi sebentar lagi.',
  );
  expect(within(card).queryByRole('link', { name: 'Lihat pelacakan' })).toBeNull();
  expect(within(card).queryByText('Nomor Resi')).toBeNull();
});

it('no courier booking for an order priced by the zones or not yet paid', async () => {
  mockApi({
    'GET /api/admin/orders/o6': () =>
      Response.json(orderDetail('o6', { status: 'processing', payment_status: 'paid' })),
    'GET /api/admin/orders/o7': () =>
      Response.json(
        orderDetail('o7', { status: 'pending', shipping_courier_code: 'jne', shipping_service_code: 'reg' }),
      ),
  });
  const first = renderPage('/admin', <OrderDetail id="o6" onBack={() => {}} />);
  await screen.findByRole('region', { name: 'Informasi Pesanan' });
  expect(screen.queryByRole('region', { name: 'Pengiriman Kurir' })).toBeNull();
  first.unmount();
  renderPage('/admin', <OrderDetail id="o7" onBack={() => {}} />);
  await screen.findByRole('region', { name: 'Informasi Pesanan' });
  expect(screen.queryByRole('button', { name: 'Buat Pengiriman' })).toBeNull();
});

describe('while open', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('refreshes itself every 10 s, badge and select alike, until the order is final; closed, it asks no more', async () => {
    const answers = [
      orderDetail('o8', { status: 'pending', payment_status: 'pending', unique_code: 0 }),
      orderDetail('o8', { status: 'processing', payment_status: 'paid', unique_code: 0 }),
      orderDetail('o8', { status: 'delivered', payment_status: 'paid', unique_code: 0 }),
    ];
    let shown = 0;
    const fetch = mockApi({ 'GET /api/admin/orders/o8': () => Response.json(answers[shown]) });
    const view = renderPage('/admin', <OrderDetail id="o8" onBack={() => {}} />);
    const info = await screen.findByRole('region', { name: 'Informasi Pesanan' });
    const select = within(info).getByRole('combobox', { name: 'Ubah status pesanan o8' });
    const badge = () => info.querySelector('[data-status]')?.textContent;
    expect([badge(), select]).toEqual(['Menunggu Pembayaran', expect.objectContaining({ value: 'pending' })]);

    // The admin starts to move it by hand; the gateway's payment arrives first and the question goes.
    await userEvent.selectOptions(select, 'processing');
    expect(screen.getByRole('dialog').textContent).toContain('Dari Menunggu Pembayaran menjadi Diproses');
    shown = 1;
    await wait(ORDER_REFRESH_MS - 1_000);
    expect(callsTo(fetch, 'GET /api/admin/orders/o8')).toHaveLength(1);
    await wait(1_000);
    await waitFor(() => expect(badge()).toBe('Diproses'));
    expect(select).toHaveProperty('value', 'processing');
    expect(screen.queryByRole('dialog')).toBeNull();

    // The courier delivers: final, no more asking.
    shown = 2;
    await wait(ORDER_REFRESH_MS);
    await waitFor(() => expect(badge()).toBe('Diterima'));
    await wait(ORDER_REFRESH_MS * 3);
    expect(callsTo(fetch, 'GET /api/admin/orders/o8')).toHaveLength(3);
    view.unmount();
  });

  it('stops asking once closed', async () => {
    const fetch = mockApi({
      'GET /api/admin/orders/o9': () =>
        Response.json(orderDetail('o9', { status: 'processing', payment_status: 'paid' })),
    });
    const view = renderPage('/admin', <OrderDetail id="o9" onBack={() => {}} />);
    await screen.findByRole('region', { name: 'Informasi Pesanan' });
    await wait(ORDER_REFRESH_MS);
    await waitFor(() => expect(callsTo(fetch, 'GET /api/admin/orders/o9')).toHaveLength(2));
    view.unmount();
    await wait(ORDER_REFRESH_MS * 3);
    expect(callsTo(fetch, 'GET /api/admin/orders/o9')).toHaveLength(2);
  });
});

it("names the current status in the select as the badge does: 'Menunggu Verifikasi' while a receipt waits", async () => {
  mockApi({
    'GET /api/admin/orders/o1': () =>
      Response.json(
        orderDetail('o1', {
          payment_status: 'submitted',
          payments: [payment({ status: 'submitted', has_receipt: true })],
        }),
      ),
  });
  renderPage('/admin', <OrderDetail id="o1" onBack={() => {}} />);
  const info = await screen.findByRole('region', { name: 'Informasi Pesanan' });
  const select = within(info).getByRole('combobox', { name: 'Ubah status pesanan o1' }) as HTMLSelectElement;
  expect(info.querySelector('[data-status]')?.textContent).toBe('Menunggu Verifikasi');
  expect(select.selectedOptions[0]?.textContent).toBe('Menunggu Verifikasi');
});

it('a delivered order cannot be deleted and says why', async () => {
  mockApi({
    'GET /api/admin/orders/o6': () =>
      Response.json(orderDetail('o6', { status: 'delivered', payment_status: 'paid' })),
  });
  renderPage('/admin', <OrderDetail id="o6" onBack={() => {}} />);
  const remove = await screen.findByRole('button', { name: 'Hapus pesanan o6' });
  expect(remove).toHaveProperty('disabled', true);
  const why = document.getElementById(remove.getAttribute('aria-describedby') ?? '');
  expect(why?.textContent).toBe(PAID_ORDER_KEPT);
});

it("shows the server's refusal to delete an order with a payment in the dialog, and keeps the order", async () => {
  const back = vi.fn();
  mockApi({
    'GET /api/admin/orders/o4': () =>
      Response.json(orderDetail('o4', { status: 'pending', payment_status: 'pending' })),
    'DELETE /api/admin/orders/o4': apiError(
      409,
      'Pesanan yang sudah dibayar adalah catatan keuangan toko dan tidak dapat dihapus.',
      'order_has_payment',
    ),
  });
  renderPage('/admin', <OrderDetail id="o4" onBack={back} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Hapus pesanan o4' }));
  const dialog = screen.getByRole('dialog', { name: 'Hapus pesanan #o4?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Ya, Hapus' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe(
    'Pesanan yang sudah dibayar adalah catatan keuangan toko dan tidak dapat dihapus.',
  );
  expect(back).not.toHaveBeenCalled();
});
