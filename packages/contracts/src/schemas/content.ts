import { z } from 'zod';
import { policyKinds } from '../labels.ts';
import { whatsappNumber } from '../whatsapp.ts';
import { imageRefSchema, seekListQuerySchema } from './catalog.ts';
import { lineText, multilineText } from './text.ts';

export const csCategories = ['general', 'technical', 'billing', 'complaint', 'suggestion'] as const;
export const csPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export const csStatuses = ['active', 'pending', 'resolved', 'closed'] as const;

export const policyKindSchema = z.enum(policyKinds);

export const csStatusLabels: Record<(typeof csStatuses)[number], string> = {
  active: 'Aktif',
  pending: 'Menunggu',
  resolved: 'Selesai',
  closed: 'Ditutup',
};

export const customerServiceInputSchema = z.strictObject({
  title: lineText().min(1, 'Judul harus diisi').max(300, 'Judul maksimal 300 karakter'),
  description: multilineText().max(20000).default(''),
  category: z.enum(csCategories).default('general'),
  priority: z.enum(csPriorities).default('medium'),
  status: z.enum(csStatuses).default('active'),
  // Shown as a link in the admin list: a web address or our own image, never a script URL.
  file_url: z
    .string()
    .trim()
    .max(2048)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || /^\/images\/[A-Za-z0-9._-]+$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v),
      'URL lampiran harus diawali http://, https:// atau /images/',
    ),
});
export type CustomerServiceInput = z.input<typeof customerServiceInputSchema>;

export const customerServiceQuerySchema = seekListQuerySchema.extend({
  status: z.enum(csStatuses).optional(),
  category: z.enum(csCategories).optional(),
  priority: z.enum(csPriorities).optional(),
});

export const customerServiceRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  priority: z.string(),
  status: z.string(),
  file_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomerServiceRecord = z.infer<typeof customerServiceRecordSchema>;

/** Public contact form: saved as a customer-service record (category general). */
export const contactMessageSchema = z.strictObject({
  name: lineText().min(2, 'Nama minimal 2 karakter').max(120),
  email: z.string().trim().min(1, 'Email harus diisi').email('Email tidak valid').max(254),
  subject: lineText().min(1, 'Subjek harus diisi').max(200),
  message: multilineText().min(1, 'Pesan harus diisi').max(5000),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const faqInputSchema = z.strictObject({
  question: lineText().min(1, 'Pertanyaan harus diisi').max(300),
  answer: multilineText().min(1, 'Jawaban harus diisi').max(5000),
});
export type FaqInput = z.input<typeof faqInputSchema>;

export const faqEntrySchema = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export type FaqEntry = z.infer<typeof faqEntrySchema>;
export const faqListSchema = z.object({ items: z.array(faqEntrySchema) });

export const policyInputSchema = z.strictObject({
  content: multilineText().min(1, 'Isi kebijakan harus diisi').max(20000),
});
export type PolicyInput = z.input<typeof policyInputSchema>;

export const policySchema = z.object({
  kind: policyKindSchema,
  title: z.string(),
  content: z.string(),
  updated_at: z.string(),
});
export type Policy = z.infer<typeof policySchema>;

/** An optional image: empty means none; otherwise our own /images/… path or an https URL. */
const optionalImage = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(imageRefSchema.nullable());

const openingHoursSchema = z
  .array(
    z.strictObject({
      days: lineText().min(1, 'Hari harus diisi').max(60),
      hours: lineText().min(1, 'Jam harus diisi').max(60),
    }),
  )
  .max(7);

/** Site settings edited by the admin and shown to every visitor. */
export const siteSettingsSchema = z.strictObject({
  heroBackground: optionalImage,
  aboutTitle: lineText().min(1, 'Judul harus diisi').max(200),
  aboutParagraph1: multilineText().min(1, 'Paragraf harus diisi').max(3000),
  aboutParagraph2: multilineText().min(1, 'Paragraf harus diisi').max(3000),
  aboutImage: optionalImage,
  contactAddress: multilineText().min(1, 'Alamat harus diisi').max(500),
  contactPhone1: lineText().min(1, 'Nomor telepon harus diisi').max(40),
  contactPhone2: lineText().max(40),
  // The shop's WhatsApp (issue 29, defect 5): a mobile of its own, not the office line; empty
  // hides every WhatsApp button, since wa.me cannot reach a landline.
  contactWhatsapp: lineText()
    .max(40)
    .refine(
      (v) => v === '' || (/^[+\d\s().-]+$/.test(v) && whatsappNumber(v) !== null),
      'Nomor WhatsApp harus nomor ponsel Indonesia (08…, +628… atau 628…)',
    ),
  contactEmail: z.string().trim().email('Email tidak valid').max(254),
  hoursHome: openingHoursSchema,
  hoursContact: openingHoursSchema,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** PATCH /api/settings: the fields an editor changed, at least one. */
export const siteSettingsPatchSchema = siteSettingsSchema
  .partial()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'Tidak ada perubahan');

/** Dashboard figures (product.md §2), from the counters the triggers keep; sales in integer rupiah. */
export const activityItemSchema = z.object({
  type: z.enum(['order', 'customer_service', 'product']),
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const adminStatsSchema = z.object({
  totalProducts: z.number().int(),
  totalCollections: z.number().int(),
  totalOrders: z.number().int(),
  /**
   * 'Total Penjualan': paid orders only (processing, shipped, delivered); null for a role without
   * 'reports' (the order handler, the content editor: revenue is not theirs, decision 052).
   */
  totalSales: z.number().int().nullable(),
  /** 'Menunggu Pembayaran': orders waiting for payment (status pending). */
  awaitingPayment: z.number().int(),
  /** 'Menunggu Verifikasi': uploaded receipts the admin has not reviewed. */
  awaitingVerification: z.number().int(),
  /** 'Menunggu Gateway': orders whose payment the gateway will confirm, no admin check needed (decision 026). */
  awaitingGateway: z.number().int(),
  /** 'Perlu Dikirim': paid orders not yet shipped (status processing). */
  toShip: z.number().int(),
  /** 'Ulasan Menunggu': reviews waiting for moderation (decision 040's `reviews:pending` counter). */
  pendingReviews: z.number().int(),
  recentActivity: z.array(activityItemSchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
