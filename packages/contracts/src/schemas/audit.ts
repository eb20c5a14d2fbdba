import { z } from 'zod';
import { seekListQuerySchema } from './catalog.ts';

// The audit trail (issue 42, decision 054): every staff change with who, when, what, and the
// changed fields before and after. GET /api/admin/audit reads it; nothing edits it.

/** What a change was made to; the admin's filter offers these. */
export const auditEntityTypes = [
  'product',
  'collection',
  'order',
  'setting',
  'content',
  'review',
  'voucher',
  'sale',
  'customer_service',
  'staff',
  'customer',
] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

export const auditEntityLabels: Record<AuditEntityType, string> = {
  product: 'Produk',
  collection: 'Koleksi',
  order: 'Pesanan',
  setting: 'Pengaturan',
  content: 'Konten',
  review: 'Ulasan',
  voucher: 'Voucher',
  sale: 'Promo',
  customer_service: 'Layanan Pelanggan',
  staff: 'Staf',
  customer: 'Pelanggan',
};

/** The changed fields, as they were (`before`) or became (`after`); null on a create or delete side. */
const fields = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.string(),
  /** The name and email the staff member had when they made the change. */
  user_name: z.string(),
  user_email: z.string(),
  entity_type: z.enum(auditEntityTypes),
  entity_id: z.string(),
  /** create, update, delete, or the step taken (status, payment_confirm, shipment, publish…). */
  action: z.string(),
  before: fields,
  after: fields,
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const DATE_INVALID = 'Tanggal harus berformat TTTT-BB-HH';
const blank = (value: unknown) => (value === '' ? undefined : value);
const day = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_INVALID)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00+07:00`)), DATE_INVALID)
    .optional(),
);
const filterText = (message: string) =>
  z.preprocess(blank, z.string().trim().min(1).max(64, message).optional());

/**
 * GET /api/admin/audit: newest first, a page at a time by cursor (`after` / `before` from the
 * page beside it); filters by staff member, entity type and id, and a range of days in WIB.
 */
export const auditQuerySchema = seekListQuerySchema
  .pick({ after: true, before: true, pageSize: true })
  .extend({
    userId: filterText('ID staf maksimal 64 karakter'),
    entityType: z.preprocess(
      blank,
      z.enum(auditEntityTypes, { message: 'Jenis data tidak dikenal' }).optional(),
    ),
    entityId: filterText('ID data maksimal 64 karakter'),
    /** First and last day of the range, both included, in WIB. */
    from: day,
    to: day,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'Tanggal akhir tidak boleh sebelum tanggal awal',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  previousCursor: z.string().nullable(),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
