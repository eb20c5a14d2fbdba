import type { OrderDetail, OrderPayment } from '@gi/contracts';
import { orderDetail as baseOrder, payment as basePayment, event } from '@gi/contracts/fixtures';

export { event };

export const payment = (overrides: Partial<OrderPayment> = {}) =>
  basePayment({ amount: 729_321, ...overrides });

/** An order as the admin API answers it: items Rp 729.000, free shipping here, unique code 321. */
export function orderDetail(id: string, overrides: Partial<OrderDetail> = {}): OrderDetail {
  return baseOrder({
    id,
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
    subtotal_amount: 729_000,
    shipping_fee: 0,
    unique_code: 321,
    total_amount: 729_321,
    order_items: [],
    payments: [payment()],
    payment_instructions: null,
    ...overrides,
  });
}

/** A row of GET /api/admin/orders as the list tests give it: Budi's order of Rp 479.000. */
export function orderRow(id: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    user_id: 'u1',
    customer_name: 'Budi Santoso',
    customer_email: 'budi@contoh.id',
    customer_phone: null,
    customer_address: 'Jl. Mawar 1',
    total_amount: 479_000,
    status,
    created_at: '2026-11-21T03:05:00.000Z',
    updated_at: '2026-11-21T03:05:00.000Z',
    order_items: [],
    ...extra,
  };
}
