import type { OrderDetail, OrderPayment, PaymentOptions } from '@gi/contracts';
import { ORDER_ID, orderDetail, payment } from '@gi/contracts/fixtures';
import { formatDateTime } from '@gi/contracts/web';
import decodeQR from '@paulmillr/qr/decode.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { gatewayPayment, QRIS_STRING } from '../../test/payments.ts';
import { mockApi, renderPage } from '../../test/render.tsx';
import { PaymentPanel } from './payment-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const options: PaymentOptions = {
  channels: ['other_qris', 'bca_va', 'echannel', 'gopay', 'shopeepay'],
  manual_transfer: true,
  cod: null,
};
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** An unpaid order of Rp 267.000 paid through the gateway by `attempt` (no transfer code). */
const byGateway = (attempt: Partial<OrderPayment>) =>
  orderDetail({
    unique_code: 0,
    total_amount: 267_000,
    payment_options: options,
    payments: [gatewayPayment(attempt)],
  });

function show(order: OrderDetail, routes: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi(routes);
  const page = renderPage('/orders/:id', <PaymentPanel order={order} />, {}, `/orders/${ORDER_ID}`);
  return { fetch, ...page, pay: screen.getByRole('region', { name: 'Pembayaran' }) };
}

/**
 * The QR as a phone's camera would read it: the drawn SVG's outline rasterised (a module is dark
 * when a ray from its centre crosses the outline an odd number of times), then decoded.
 */
function readQr(svg: Element): string {
  const [x0, y0, size] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number) as [
    number,
    number,
    number,
  ];
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  const loops = [...d.matchAll(/M([^Z]+)Z/g)].map((m) =>
    (m[1] ?? '').split('L').map((point) => point.split(' ').map(Number) as [number, number]),
  );
  const dark = (x: number, y: number) => {
    let crossings = 0;
    for (const points of loops)
      points.forEach(([ax, ay], i) => {
        const [bx, by] = points[(i + 1) % points.length] as [number, number];
        if (ax === bx && ax > x && ay > y !== by > y) crossings++;
      });
    return crossings % 2 === 1;
  };
  const scale = 4;
  const width = size * scale;
  const data = new Uint8Array(width * width * 4).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!dark(x0 + x + 0.5, y0 + y + 0.5)) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const pixel = ((y * scale + dy) * width + x * scale + dx) * 4;
          data.fill(0, pixel, pixel + 3); // black, opaque
        }
    }
  return decodeQR({ width, height: width, data });
}

it("QRIS: draws the gateway's QR string on the page, the amount charged and the time left in WIB", async () => {
  const expires = inAnHour();
  const { pay } = show(byGateway({ channel: 'other_qris', qr_string: QRIS_STRING, pay_expires_at: expires }));
  const qr = await within(pay).findByRole('img', { name: 'Kode QRIS untuk membayar pesanan ini' });
  expect(qr.tagName.toLowerCase()).toBe('svg');
  expect(readQr(qr)).toBe(QRIS_STRING);
  expect(within(pay).getByRole('button', { name: 'Simpan QR' })).toBeTruthy();
  expect(within(pay).getByText('Rp 267.000')).toBeTruthy();
  expect(within(pay).getByText(`${formatDateTime(expires)} WIB`)).toBeTruthy();
  expect(within(pay).getByRole('timer').textContent).toMatch(/^00:(59|60):\d{2}$|^01:00:00$/);
  expect(pay.textContent).not.toMatch(/Transfer tepat sebesar|kode unik|Rekening Tujuan/i);
  // Another way stays one tap away.
  expect(within(pay).getByRole('button', { name: 'Ganti cara pembayaran' })).toBeTruthy();
});

it("a virtual account: the bank's number, big, to copy, and the bank's steps", async () => {
  const user = userEvent.setup();
  const { pay, toasts } = show(byGateway({ channel: 'bca_va', pay_code: '12345678901234' }));
  expect(within(pay).getByText('Nomor Virtual Account BCA')).toBeTruthy();
  expect(within(pay).getByText('12345678901234')).toBeTruthy();
  await user.click(within(pay).getByRole('button', { name: 'Salin Nomor Virtual Account BCA' }));
  expect(await navigator.clipboard.readText()).toBe('12345678901234');
  expect(toasts).toContainEqual({
    title: 'Nomor Virtual Account BCA disalin',
    description: '12345678901234',
  });
  const routes = [...pay.querySelectorAll('summary')].map((s) => s.textContent);
  expect(routes).toEqual(['ATM BCA', 'BCA mobile (m-BCA)', 'KlikBCA']);
  // Without a deadline of its own the attempt counts down to the order's.
  expect(within(pay).getByText('22 November 2026 pukul 10.05 WIB')).toBeTruthy();
  expect(pay.textContent).toContain('Batas waktu pembayaran sudah lewat');
});

it("Mandiri: the biller code and the bill key, each to copy, with Mandiri's steps", async () => {
  const user = userEvent.setup();
  const { pay } = show(byGateway({ channel: 'echannel', biller_code: '70012', pay_code: '891234567890' }));
  await user.click(within(pay).getByRole('button', { name: 'Salin Kode Perusahaan' }));
  expect(await navigator.clipboard.readText()).toBe('70012');
  await user.click(within(pay).getByRole('button', { name: 'Salin Kode Bayar' }));
  expect(await navigator.clipboard.readText()).toBe('891234567890');
  expect([...pay.querySelectorAll('summary')].map((s) => s.textContent)).toEqual([
    'ATM Mandiri',
    "Livin' by Mandiri",
    'Mandiri Internet Banking',
  ]);
});

const gopay = {
  channel: 'gopay' as const,
  deeplink_url: 'gojek://gopay/merchanttransfer?tref=A1',
  qr_string: QRIS_STRING,
};

it("an e-wallet on a phone: 'Buka GoPay' opens its app", () => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(pointer: coarse)',
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  const { pay } = show(byGateway(gopay));
  expect(within(pay).getByRole('link', { name: 'Buka GoPay' }).getAttribute('href')).toBe(gopay.deeplink_url);
  expect(within(pay).queryByRole('img', { name: /Kode QR/ })).toBeNull();
});

it('an e-wallet on a computer: its QR, to scan with the phone', async () => {
  const { pay } = show(byGateway(gopay));
  expect(
    await within(pay).findByRole('img', { name: 'Kode QR GoPay untuk membayar pesanan ini' }),
  ).toBeTruthy();
  expect(within(pay).queryByRole('link', { name: 'Buka GoPay' })).toBeNull();
});

it("without pay details (the gateway was unreachable) it says so and 'Coba lagi' asks for the same channel", async () => {
  let sent: unknown = null;
  const user = userEvent.setup();
  const { pay } = show(byGateway({ channel: 'bri_va' }), {
    [`POST /api/orders/${ORDER_ID}/payment-method`]: (_, init) => {
      sent = JSON.parse(String(init.body));
      return Response.json(byGateway({ channel: 'bri_va', pay_code: '88810123456' }));
    },
  });
  expect(within(pay).getByRole('alert').textContent).toContain('Layanan pembayaran belum dapat dihubungi');
  await user.click(within(pay).getByRole('button', { name: 'Coba lagi' }));
  await waitFor(() => expect(sent).toEqual({ channel: 'bri_va' }));
});

it('once a receipt is sent, no other way to pay is offered', () => {
  const { pay } = show(
    orderDetail({
      payment_status: 'submitted',
      payment_options: options,
      payments: [payment({ status: 'submitted', has_receipt: true })],
    }),
  );
  expect(within(pay).getByText(/sedang diperiksa admin/)).toBeTruthy();
  expect(within(pay).queryByRole('button', { name: 'Ganti cara pembayaran' })).toBeNull();
  expect(within(pay).queryByRole('radio')).toBeNull();
  expect(within(pay).queryByRole('button', { name: 'Kirim Bukti Transfer' })).toBeNull();
});

it('a COD order: pay the courier in cash when the parcel arrives, nothing to choose or upload; once delivered, paid in cash (decision 034)', () => {
  const cod = (status: OrderPayment['status'], reviewed: string | null) =>
    orderDetail({
      status: status === 'paid' ? 'delivered' : 'processing',
      payment_status: status,
      payment_due_at: null,
      unique_code: 0,
      cod_fee: 5_000,
      total_amount: 272_000,
      payment_options: { ...options, cod: { fee: 5_000, max_order_value: 0 } },
      payment_instructions: null,
      payments: [payment({ method: 'cod', status, amount: 272_000, reviewed_at: reviewed })],
    });
  const { pay, unmount } = show(cod('pending', null));
  expect(pay.textContent).toContain('Status: Bayar di Tempat (COD)');
  expect(pay.textContent).toContain('Bayar tunai ke kurir saat paket tiba: Rp 272.000');
  expect(pay.textContent).toContain('Termasuk biaya COD Rp 5.000');
  expect(within(pay).queryByRole('radio')).toBeNull();
  expect(pay.textContent).not.toMatch(/Transfer tepat|bukti transfer/i);
  unmount();

  const collected = '2026-11-24T06:30:00.000Z';
  const { pay: paid } = show(cod('paid', collected));
  expect(paid.textContent).toContain('Status: Pembayaran Diterima');
  expect(paid.textContent).toContain(`Dibayar tunai ke kurir pada ${formatDateTime(collected)} WIB.`);
});

it('a free order (decision 062): says no payment is needed, nothing to pay, choose or upload', () => {
  const { pay } = show(
    orderDetail({
      status: 'processing',
      payment_status: 'paid',
      payment_due_at: null,
      unique_code: 0,
      discount_amount: 267_000,
      total_amount: 0,
      payment_options: options,
      payment_instructions: null,
      payments: [
        payment({ method: 'free', status: 'paid', amount: 0, reviewed_at: '2026-11-24T06:30:00.000Z' }),
      ],
    }),
  );
  expect(pay.textContent).toContain('Status: Tidak perlu pembayaran');
  expect(pay.textContent).not.toMatch(/Dikonfirmasi pada|Transfer tepat|bukti transfer|Bayar/);
  expect(within(pay).queryByRole('radio')).toBeNull();
  expect(within(pay).queryByRole('button')).toBeNull();
});
