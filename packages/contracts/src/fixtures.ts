// Test data in the API's answer shapes, shared by the remotes' tests (never imported by shop code).
import type { OrderDetail, OrderEvent, OrderPayment, OrderShipment } from './schemas/orders.ts';

export const ORDER_ID = '3f2a9c1e-7b5d-4e11-9a00-1234567890ab';

export const payment = (overrides: Partial<OrderPayment> = {}): OrderPayment => ({
  id: 'pay1',
  method: 'bank_transfer',
  status: 'pending',
  amount: 267_123,
  has_receipt: false,
  submitted_at: null,
  reviewed_at: null,
  reason: null,
  created_at: '2026-11-21T03:05:00.000Z',
  channel: null,
  redirect_url: null,
  provider_reference: null,
  provider_status: null,
  pay_code: null,
  biller_code: null,
  qr_string: null,
  deeplink_url: null,
  pay_expires_at: null,
  ...overrides,
});

export const event = (overrides: Partial<OrderEvent> & Pick<OrderEvent, 'type'>): OrderEvent => ({
  id: `e-${overrides.type}`,
  status: 'pending',
  actor: 'customer',
  note: null,
  created_at: '2026-11-21T03:05:00.000Z',
  ...overrides,
});

/** An unpaid order of Rp 250.000 in items, Rp 17.000 shipping and the unique code 123. */
export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: ORDER_ID,
    user_id: 'u1',
    customer_name: 'Ani Wijaya',
    customer_email: 'ani@contoh.id',
    customer_phone: '+6281234567890',
    customer_address: 'Jl. Mawar 1, Kec. Gambir, Kota Administrasi Jakarta Pusat, DKI Jakarta 10110',
    province_code: '31',
    province_name: 'Daerah Khusus Ibukota Jakarta',
    regency_code: '31.71',
    regency_name: 'Kota Administrasi Jakarta Pusat',
    district_code: '31.71.01',
    district_name: 'Gambir',
    postal_code: '10110',
    shipping_zone: 'Jabodetabek',
    shipping_service: 'Reguler',
    shipping_eta_min_days: 1,
    shipping_eta_max_days: 2,
    shipping_courier_code: null,
    shipping_service_code: null,
    shipping_weight_grams: null,
    subtotal_amount: 250_000,
    shipping_fee: 17_000,
    unique_code: 123,
    cod_fee: 0,
    voucher_code: null,
    discount_amount: 0,
    credit_amount: 0,
    credit_earned: 0,
    gift_message: null,
    gift_wrap: false,
    gift_wrap_fee: 0,
    total_amount: 267_123,
    status: 'pending',
    payment_status: 'pending',
    payment_due_at: '2026-11-22T03:05:00.000Z',
    courier: null,
    tracking_number: null,
    refund_status: null,
    created_at: '2026-11-21T03:05:00.000Z',
    updated_at: '2026-11-21T03:05:00.000Z',
    order_items: [
      {
        id: 'i1',
        product_id: 'p1',
        product_name: 'Oud Royale',
        product_price: 250_000,
        variant_id: 'v1',
        size_ml: 50,
        quantity: 1,
        subtotal: 250_000,
      },
    ],
    payments: [payment()],
    events: [event({ type: 'placed' })],
    payment_instructions: {
      bank_accounts: [{ bank: 'BCA', accountNumber: '1234567890', holder: 'PT. Global Imperium' }],
      qris_image: '/images/qris.png',
    },
    shipment: null,
    ...overrides,
  };
}

/** A shipment booked with JNE Reguler, picked up: its history newest first (decision 032). */
export const shipment = (overrides: Partial<OrderShipment> = {}): OrderShipment => ({
  courier_code: 'jne',
  courier_name: 'JNE',
  service_code: 'reg',
  service_name: 'JNE · Reguler',
  waybill_id: 'WYB-1775600036808',
  tracking_url: 'https://track.biteship.com/trk-1',
  status: 'picked',
  status_label: 'Paket dijemput kurir',
  history: [
    {
      status: 'picked',
      label: 'Paket dijemput kurir',
      note: 'Item has been picked and ready to be shipped.',
      at: '2026-11-27T03:00:00.000Z',
    },
    {
      status: 'confirmed',
      label: 'Pengiriman dipesan',
      note: 'Order has been confirmed. Locating nearest driver to pick up.',
      at: '2026-11-27T01:00:00.000Z',
    },
  ],
  ...overrides,
});
