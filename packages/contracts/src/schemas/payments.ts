import { z } from 'zod';
import { imageRefSchema } from './catalog.ts';
import { lineText, multilineText } from './text.ts';

// Payment by bank transfer with a unique code (issue 14, docs/decisions/015).

export const MAX_BANK_ACCOUNTS = 5;
export const DEFAULT_PAYMENT_WINDOW_HOURS = 24;
/** Unpaid orders one account may hold at once (decision 023). */
export const DEFAULT_UNPAID_PER_CUSTOMER = 3;
/** Unpaid orders from one client address: higher, many mobile users share carrier-NAT addresses. */
export const DEFAULT_UNPAID_PER_CLIENT = 20;

const unpaidLimit = (who: string, max: number, fallback: number) =>
  z
    .number({ error: `Batas pesanan belum dibayar ${who} harus berupa angka` })
    .int(`Batas pesanan belum dibayar ${who} harus bilangan bulat`)
    .min(1, `Batas pesanan belum dibayar ${who} minimal 1`)
    .max(max, `Batas pesanan belum dibayar ${who} maksimal ${max}`)
    .default(fallback);
/** Largest transfer receipt POST /api/orders/:id/receipt accepts (a phone photo or screenshot). */
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;

export const bankAccountSchema = z.strictObject({
  bank: lineText().min(1, 'Nama bank harus diisi').max(60, 'Nama bank maksimal 60 karakter'),
  /** Digits only once stored; people type '123-456 7890'. */
  accountNumber: lineText()
    .min(1, 'Nomor rekening harus diisi')
    .max(40, 'Nomor rekening maksimal 40 karakter')
    .transform((value) => value.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^\d{5,30}$/, 'Nomor rekening harus 5–30 angka')),
  holder: lineText()
    .min(1, 'Nama pemilik rekening harus diisi')
    .max(120, 'Nama pemilik maksimal 120 karakter'),
});
export type BankAccount = z.output<typeof bankAccountSchema>;

/** The admin's payment settings ('Pembayaran'): kept on the server, read by checkout and emails. */
export const paymentSettingsSchema = z.strictObject({
  bankAccounts: z
    .array(bankAccountSchema)
    .min(1, 'Tambahkan minimal satu rekening bank')
    .max(MAX_BANK_ACCOUNTS, `Maksimal ${MAX_BANK_ACCOUNTS} rekening bank`),
  /** Hours a new order waits for its transfer before the Cron cancels it. */
  paymentWindowHours: z
    .number({ error: 'Batas waktu pembayaran harus berupa angka' })
    .int('Batas waktu pembayaran harus bilangan bulat')
    .min(1, 'Batas waktu pembayaran minimal 1 jam')
    .max(168, 'Batas waktu pembayaran maksimal 168 jam (7 hari)'),
  /** Optional QRIS picture: an image uploaded through POST /api/images (`/images/…`), or none. */
  qrisImage: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(imageRefSchema.nullable()),
  /** Where the shop is told of new orders and uploaded receipts. */
  notificationEmail: z.string().trim().email('Email tidak valid').max(254),
  /** Settings saved before decision 023 have no limits: they read as the defaults. */
  unpaidOrdersPerCustomer: unpaidLimit('per pelanggan', 20, DEFAULT_UNPAID_PER_CUSTOMER),
  unpaidOrdersPerClient: unpaidLimit('per alamat jaringan', 500, DEFAULT_UNPAID_PER_CLIENT),
});
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;
export type PaymentSettingsInput = z.input<typeof paymentSettingsSchema>;

/**
 * The settings as the API answers them: what is stored, without the form's rules (the shop
 * has no bank account until the admin adds one).
 */
export const paymentSettingsAnswerSchema = z.object({
  bankAccounts: z.array(z.object({ bank: z.string(), accountNumber: z.string(), holder: z.string() })),
  paymentWindowHours: z.number().int(),
  qrisImage: z.string().nullable(),
  notificationEmail: z.string(),
  unpaidOrdersPerCustomer: z.number().int(),
  unpaidOrdersPerClient: z.number().int(),
}) satisfies z.ZodType<PaymentSettings>;

/** GET /api/settings/payment: what a buyer needs to pay (not the shop's inbox nor its limits). */
export const publicPaymentSettingsSchema = paymentSettingsAnswerSchema.omit({
  notificationEmail: true,
  unpaidOrdersPerCustomer: true,
  unpaidOrdersPerClient: true,
});
export type PublicPaymentSettings = z.output<typeof publicPaymentSettingsSchema>;

/** POST /api/admin/orders/:id/payment/reject. */
export const paymentRejectSchema = z.strictObject({
  reason: multilineText().min(1, 'Alasan penolakan harus diisi').max(500, 'Alasan maksimal 500 karakter'),
});
export type PaymentRejectInput = z.input<typeof paymentRejectSchema>;

/**
 * POST /api/orders/:id/cancel (the customer): an optional reason, and `confirmPaid` once the
 * shopper has read that a receipt under review turns the cancel into a refund (decision 023).
 */
export const orderCancelSchema = z.strictObject({
  reason: multilineText().max(500, 'Alasan maksimal 500 karakter').optional(),
  confirmPaid: z.boolean().optional(),
});
export type OrderCancelInput = z.input<typeof orderCancelSchema>;
