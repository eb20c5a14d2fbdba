import { z } from 'zod';
import { orderStatuses } from '../status-machines.ts';
import { listQuerySchema, pageSchema, seekListQuerySchema, seekPageSchema } from './catalog.ts';
import { savedAddressSchema } from './shipping.ts';

// The admin's customers (issue 42, decision 059): the list, a customer's page, and the erasure of
// a customer's personal data on request (UU PDP).

/** GET /api/admin/customers: newest first, by keyset; `q` finds words of the name or email by prefix. */
export const customerListQuerySchema = seekListQuerySchema.pick({
  q: true,
  page: true,
  pageSize: true,
  after: true,
  before: true,
});

/** One row of the list: the figures are counters kept with each order (migration 0056). */
export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  created_at: z.string(),
  orders_count: z.number().int(),
  /** Rupiah of the orders paid for (processing, shipped, delivered). */
  paid_total: z.number().int(),
  last_order_at: z.string().nullable(),
  /** When the customer agreed to marketing email; null: no consent. */
  marketing_consent_at: z.string().nullable(),
  /** When the personal data was erased on request; null: never. */
  erased_at: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerPageSchema = seekPageSchema(customerSummarySchema);

/** A customer's page: the figures and the saved addresses (at most 10 per account). */
export const customerDetailSchema = customerSummarySchema.extend({
  addresses: z.array(savedAddressSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** GET /api/admin/customers/{id}/orders: newest first. */
export const customerOrdersQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });

export const customerOrderSchema = z.object({
  id: z.string(),
  status: z.enum(orderStatuses),
  total_amount: z.number().int(),
  created_at: z.string(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerOrdersPageSchema = pageSchema(customerOrderSchema);

/** POST /api/admin/customers/{id}/erase: the admin confirmed what cannot be undone. */
export const customerEraseSchema = z.strictObject({
  confirm: z.literal(true, 'Konfirmasi penghapusan data pelanggan diperlukan'),
});
