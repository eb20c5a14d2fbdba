import { z } from 'zod';

// Sales analytics (issue 42, decision 055): the paid orders' figures for a period of WIB days the
// admin picks, beside the period of the same length just before it, read from the per-day sums
// the triggers of migration 0052 keep.

/** The longest period one answer covers, in days (a leap year). */
export const MAX_ANALYTICS_DAYS = 366;

export const analyticsGranularities = ['day', 'week', 'month'] as const;
export type AnalyticsGranularity = (typeof analyticsGranularities)[number];

export const analyticsGranularityLabels: Record<AnalyticsGranularity, string> = {
  day: 'Harian',
  week: 'Mingguan',
  month: 'Bulanan',
};

/** What the breakdowns group the sales by. */
export const analyticsDimensions = [
  'product',
  'size',
  'collection',
  'channel',
  'courier',
  'province',
  'customer',
  'voucher',
] as const;
export type AnalyticsDimension = (typeof analyticsDimensions)[number];

export const analyticsDimensionLabels: Record<AnalyticsDimension, string> = {
  product: 'Produk Terlaris',
  size: 'Ukuran Terlaris',
  collection: 'Penjualan per Koleksi',
  channel: 'Metode Pembayaran',
  courier: 'Kurir',
  province: 'Provinsi',
  customer: 'Pelanggan Baru vs Lama',
  voucher: 'Voucher Dipakai',
};

/** Rows per breakdown, by revenue. */
export const ANALYTICS_TOP = 10;

/**
 * The admin's preset periods, each ending today WIB: the Cron keeps their product and size
 * breakdowns but for today summed (decision 055), so these read as fast at any catalogue's size.
 */
export const analyticsPresets: readonly { label: string; days: number; granularity: AnalyticsGranularity }[] =
  [
    { label: '7 hari', days: 7, granularity: 'day' },
    { label: '30 hari', days: 30, granularity: 'day' },
    { label: '90 hari', days: 90, granularity: 'week' },
    { label: '12 bulan', days: 365, granularity: 'month' },
  ];

const DAY_MS = 86_400_000;

/** A calendar day moved by whole days, YYYY-MM-DD. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const calendarDay = (label: string) =>
  z
    .string({ error: `${label} harus diisi` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} harus tanggal YYYY-MM-DD`)
    .refine((day) => {
      const parsed = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
    }, `${label} bukan tanggal yang ada`);

/** GET /api/admin/analytics: the period's first and last WIB day, and the chart's step. */
export const analyticsQuerySchema = z
  .object({
    from: calendarDay('Tanggal mulai'),
    to: calendarDay('Tanggal akhir'),
    granularity: z
      .enum(analyticsGranularities, { error: 'Satuan waktu harus day, week atau month' })
      .default('day'),
  })
  .superRefine(({ from, to }, ctx) => {
    if (to < from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Tanggal akhir harus setelah tanggal mulai' });
    else if (daysBetween(from, to) > MAX_ANALYTICS_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Periode paling panjang ${MAX_ANALYTICS_DAYS} hari`,
      });
    }
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const figuresShape = {
  /** Paid orders' totals, integer rupiah. */
  revenue: z.number().int(),
  orders: z.number().int(),
  /** revenue / orders, rounded to the rupiah; 0 without orders. */
  averageOrderValue: z.number().int(),
  units: z.number().int(),
};
export const analyticsFiguresSchema = z.object(figuresShape);
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

/** One step of the chart: the day, the week's Monday or the month's first day (or the period's start). */
export const analyticsPointSchema = z.object({ start: z.string(), ...figuresShape });
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

/** Change from the previous period in percent, one decimal; null when the previous period had none. */
const changeSchema = z.number().nullable();

export const analyticsRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Orders (product, size, collection: order lines) in the period. */
  orders: z.number().int(),
  revenue: z.number().int(),
  units: z.number().int(),
});
export type AnalyticsRow = z.infer<typeof analyticsRowSchema>;

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(analyticsGranularities),
  previousFrom: z.string(),
  previousTo: z.string(),
  totals: analyticsFiguresSchema,
  previousTotals: analyticsFiguresSchema,
  change: z.object({
    revenue: changeSchema,
    orders: changeSchema,
    averageOrderValue: changeSchema,
    units: changeSchema,
  }),
  series: z.array(analyticsPointSchema),
  /** The previous period's steps, as many as `series`, for the comparison line. */
  previousSeries: z.array(analyticsPointSchema),
  breakdowns: z.object(
    Object.fromEntries(
      analyticsDimensions.map((dimension) => [dimension, z.array(analyticsRowSchema)]),
    ) as Record<AnalyticsDimension, z.ZodArray<typeof analyticsRowSchema>>,
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;
