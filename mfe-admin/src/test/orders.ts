import type { OrderDetail, OrderEvent, OrderPayment } from '@gi/contracts';

export const payment = (overrides: Partial<OrderPayment> = {}): OrderPayment => ({
  id: 'pay1',
  method: 'bank_transfer',
  status: 'pending',
  amount: 729_321,
  has_receipt: false,
  submitted_at: null,
  reviewed_at: null,
  reason: null,
  created_at: '2026-11-21T03:05:00.000Z',
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

/** An order as the admin API answers it: items Rp 729.000, free shipping here, unique code 321. */
export function orderDetail(id: string, overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id,
    user_id: 'u1',
    customer_name: 'Budi Santoso',
    customer_email: 'budi@contoh.id',
    customer_phone: null,
    customer_address: 'Jl. Mawar 1, Jakarta',
    province_code: null,
    province_name: null,
    regency_code: null,
    regency_name: null,
    district_code: null,
    district_name: null,
    postal_code: null,
    shipping_zone: 'Jabodetabek',
    shipping_service: 'Reguler',
    shipping_eta_min_days: 1,
    shipping_eta_max_days: 2,
    subtotal_amount: 729_000,
    shipping_fee: 0,
    unique_code: 321,
    total_amount: 729_321,
    status: 'pending',
    payment_status: 'pending',
    payment_due_at: '2026-11-22T03:05:00.000Z',
    courier: null,
    tracking_number: null,
    created_at: '2026-11-21T03:05:00.000Z',
    updated_at: '2026-11-21T03:05:00.000Z',
    order_items: [],
    payments: [payment()],
    events: [event({ type: 'placed' })],
    payment_instructions: null,
    ...overrides,
  };
}
