import { z } from 'zod';
import { lineText, multilineText } from './text.ts';

const PHONE_INVALID = 'Nomor telepon tidak valid';

/**
 * An Indonesian phone number as people write it ('0812-3456-7890', '+62 812…',
 * '62812…', '(021) 555-1234') in the E.164 form couriers and wa.me read: '+62…'.
 * The national number after the 0 or 62 is 7 to 12 digits and never starts with 0.
 */
export const phoneSchema = lineText()
  .min(1, 'Nomor telepon harus diisi')
  .max(32, 'Nomor telepon maksimal 32 karakter')
  .transform((value, ctx) => {
    const compact = value.replace(/[\s().-]/g, '');
    const national = /^(?:\+62|62|0)([1-9]\d{6,11})$/.exec(compact)?.[1];
    if (!national) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return `+62${national}`;
  });

/** The delivery address of checkout and of the address book, by the spec's field names. */
export const deliveryAddressFields = {
  // A parcel for 'S' at 'x' reaches no one: a name and a street a courier can find.
  customerName: lineText()
    .min(1, 'Nama harus diisi')
    .min(3, 'Nama penerima minimal 3 karakter')
    .max(120, 'Nama maksimal 120 karakter'),
  customerPhone: phoneSchema,
  provinceCode: z.string({ error: 'Provinsi harus dipilih' }).regex(/^\d{2}$/, 'Provinsi harus dipilih'),
  regencyCode: z
    .string({ error: 'Kabupaten/kota harus dipilih' })
    .regex(/^\d{2}\.\d{2}$/, 'Kabupaten/kota harus dipilih'),
  districtCode: z
    .string({ error: 'Kecamatan harus dipilih' })
    .regex(/^\d{2}\.\d{2}\.\d{2}$/, 'Kecamatan harus dipilih'),
  postalCode: z
    .string({ error: 'Kode pos harus diisi' })
    .trim()
    .regex(/^\d{5}$/, 'Kode pos harus 5 angka')
    .regex(/^[1-9]/, 'Kode pos tidak valid'),
  /** Street, house number, RT/RW: the full address text is composed by the server. */
  customerAddress: multilineText()
    .min(1, 'Alamat harus diisi')
    .min(10, 'Alamat minimal 10 karakter: nama jalan dan nomor rumah')
    .max(500, 'Alamat maksimal 500 karakter'),
};

/**
 * The first digit of an Indonesian postal code is its region (Pos Indonesia): 1 Jakarta with
 * the Bogor, Depok, Bekasi and Tangerang areas, 2 northern and western Sumatra, 3 southern
 * Sumatra, 4 the rest of West Java and Banten, 5 Central Java and Yogyakarta, 6 East Java,
 * 7 Kalimantan, 8 Bali and Nusa Tenggara, 9 Sulawesi, Maluku and Papua. The official areas
 * (idn-area-data) carry no postal codes per district, so the province is what can be checked.
 */
const postalRegions: readonly [province: RegExp, firstDigits: string][] = [
  [/^(1[1-4]|21)$/, '2'],
  [/^1[5-9]$/, '3'],
  [/^31$/, '1'],
  [/^3[26]$/, '14'],
  [/^3[34]$/, '5'],
  [/^35$/, '6'],
  [/^5\d$/, '8'],
  [/^6\d$/, '7'],
  [/^[7-9]\d$/, '9'],
];

/** Whether a postal code can be in the province (true for a province the table does not know). */
export function postalCodeFitsProvince(postalCode: string, provinceCode: string): boolean {
  const region = postalRegions.find(([province]) => province.test(provinceCode));
  return !region || region[1].includes(postalCode.trim().charAt(0));
}

/**
 * The address's own cross-field rule, for every schema built from deliveryAddressFields. Zod runs
 * it after field issues too: a code or province that is itself invalid already has its message.
 */
export function checkPostalRegion(
  address: { postalCode: unknown; provinceCode: unknown },
  ctx: z.RefinementCtx,
): void {
  const { postalCode, provinceCode } = address;
  if (typeof postalCode !== 'string' || !/^[1-9]\d{4}$/.test(postalCode.trim())) return;
  if (typeof provinceCode === 'string' && !postalCodeFitsProvince(postalCode, provinceCode))
    ctx.addIssue({
      code: 'custom',
      path: ['postalCode'],
      message: 'Kode pos tidak sesuai dengan provinsi yang dipilih',
    });
}

/** The address book is bounded: a short list to pick from, not an archive. */
export const MAX_SAVED_ADDRESSES = 10;

export const savedAddressInputSchema = z
  .strictObject({
    ...deliveryAddressFields,
    isDefault: z.boolean().default(false),
  })
  .superRefine(checkPostalRegion);
export type SavedAddressInput = z.input<typeof savedAddressInputSchema>;

/** A province, regency or district: its code in the official list and its name. */
export const areaSchema = z.object({ code: z.string(), name: z.string() });
export type Area = z.infer<typeof areaSchema>;
export const areaListSchema = z.object({ items: z.array(areaSchema) });

export const savedAddressSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  province: areaSchema,
  regency: areaSchema,
  district: areaSchema,
  postalCode: z.string(),
  customerAddress: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

const rupiah = (label: string) =>
  z
    .number({ error: `${label} harus berupa angka` })
    .int(`${label} harus bilangan bulat`)
    .min(0, `${label} tidak boleh negatif`)
    .max(10_000_000, `${label} maksimal Rp 10.000.000`);

const days = z
  .number({ error: 'Estimasi harus berupa angka' })
  .int('Estimasi harus bilangan bulat')
  .min(0, 'Estimasi tidak boleh negatif')
  .max(60, 'Estimasi maksimal 60 hari');

/**
 * A zone's or service's id as GET /api/shipping gave it: a save keeps it, so a quote a shopper
 * got before the save still names the service at 'Buat Pesanan' (decision 025). New rows have none.
 */
const savedId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Data pengiriman tidak valid. Muat ulang halaman.')
  .optional();

export const shippingServiceInputSchema = z
  .strictObject({
    id: savedId,
    name: lineText().min(1, 'Nama layanan harus diisi').max(60, 'Nama layanan maksimal 60 karakter'),
    baseFee: rupiah('Ongkos kirim'),
    perItemFee: rupiah('Biaya per barang tambahan').default(0),
    etaMinDays: days,
    etaMaxDays: days,
  })
  .refine((s) => s.etaMaxDays >= s.etaMinDays, {
    message: 'Estimasi maksimal tidak boleh kurang dari minimal',
    path: ['etaMaxDays'],
  });

export const shippingZoneInputSchema = z.strictObject({
  id: savedId,
  name: lineText().min(1, 'Nama zona harus diisi').max(80, 'Nama zona maksimal 80 karakter'),
  /** Province codes ('32') and regency/city codes ('32.71', which win over their province). */
  areaCodes: z
    .array(z.string().regex(/^\d{2}(?:\.\d{2})?$/, 'Kode wilayah tidak valid'))
    .min(1, 'Pilih minimal satu provinsi')
    .max(600),
  services: z.array(shippingServiceInputSchema).min(1, 'Tambahkan minimal satu layanan').max(10),
});

export const ZONES_REQUIRED =
  'Tambahkan minimal satu zona pengiriman: checkout memakainya bila tarif kurir langsung tidak tersedia';

/** The admin's whole shipping setup, saved at once. */
export const shippingConfigInputSchema = z
  .strictObject({
    // Checkout falls back on the zones whenever live courier rates fail (decision 032): never none.
    zones: z.array(shippingZoneInputSchema).min(1, ZONES_REQUIRED).max(20, 'Maksimal 20 zona'),
    /** Orders whose items reach this subtotal ship free; null: never. */
    freeShippingThreshold: rupiah('Batas gratis ongkir').nullable().default(null),
  })
  .superRefine(({ zones }, ctx) => {
    const seen = new Set<string>();
    zones.forEach((zone, z) => {
      zone.areaCodes.forEach((code, a) => {
        if (seen.has(code)) {
          ctx.addIssue({
            code: 'custom',
            message: 'Wilayah ini sudah masuk zona lain',
            path: ['zones', z, 'areaCodes', a],
          });
        }
        seen.add(code);
      });
    });
  });
export type ShippingConfigInput = z.input<typeof shippingConfigInputSchema>;

export const shippingServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseFee: z.number().int(),
  perItemFee: z.number().int(),
  etaMinDays: z.number().int(),
  etaMaxDays: z.number().int(),
});
export type ShippingService = z.infer<typeof shippingServiceSchema>;

export const shippingZoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  areas: z.array(areaSchema),
  services: z.array(shippingServiceSchema),
});
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

export const shippingConfigSchema = z.object({
  zones: z.array(shippingZoneSchema),
  freeShippingThreshold: z.number().int().nullable(),
});
export type ShippingConfig = z.infer<typeof shippingConfigSchema>;

export const shippingOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  fee: z.number().int(),
  etaMinDays: z.number().int(),
  etaMaxDays: z.number().int(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** The badges of a courier option: the lowest fee, the shortest estimate (decision 032). */
export const shippingOptionTags = ['cheapest', 'fastest'] as const;
export type ShippingOptionTag = (typeof shippingOptionTags)[number];

/** An option of a quote: a zone's service, or a courier's service priced live (`courier` set). */
export const shippingQuoteOptionSchema = shippingOptionSchema.extend({
  courier: z
    .object({
      /** The aggregator's courier code ('jne'). */
      code: z.string(),
      name: z.string(),
      /** The courier's service code ('reg') and name ('Reguler'). */
      service: z.string(),
      serviceName: z.string(),
      /** The aggregator says this service collects cash on delivery (decision 034). */
      cod: z.boolean(),
    })
    .optional(),
  tags: z.array(z.enum(shippingOptionTags)).optional(),
});
export type ShippingQuoteOption = z.infer<typeof shippingQuoteOptionSchema>;

/**
 * The options for one address and cart. `source` 'courier': the aggregator's live rates, cheapest
 * first, bound to `quoteId` (the order names it); 'zones': the admin's zones (decision 012), with a
 * `notice` when live rates were expected but failed. `weightGrams`: the parcel, packaging included.
 */
export const shippingQuoteAnswerSchema = z.object({
  zone: z.string(),
  subtotal: z.number().int(),
  options: z.array(shippingQuoteOptionSchema),
  source: z.enum(['courier', 'zones']),
  quoteId: z.string().nullable(),
  notice: z.string().nullable(),
  weightGrams: z.number().int(),
});
export type ShippingQuote = z.infer<typeof shippingQuoteAnswerSchema>;

/** The 409 code of an order whose courier quote no longer holds: checkout asks for a new quote. */
export const SHIPPING_QUOTE_CHANGED = 'shipping_quote_changed';

/**
 * Couriers the shop can offer through the aggregator (decision 032), by the aggregator's codes.
 * Instant couriers (GoSend, Grab) are not here: they price only a pinned map point, which
 * checkout does not ask for.
 */
export const courierCodes = ['jne', 'jnt', 'sicepat', 'anteraja', 'pos'] as const;
export type CourierCode = (typeof courierCodes)[number];
export const courierLabels: Record<CourierCode, string> = {
  jne: 'JNE',
  jnt: 'J&T Express',
  sicepat: 'SiCepat',
  anteraja: 'AnterAja',
  pos: 'POS Indonesia',
};

/** Grams: a size's shipping weight, or the packaging added to every parcel. */
export const weightGramsSchema = z
  .number({ error: 'Berat harus diisi dalam gram' })
  .int('Berat harus bilangan bulat (gram)')
  .min(1, 'Berat minimal 1 gram')
  .max(30_000, 'Berat maksimal 30.000 gram (30 kg)');

/** A box side in centimetres; optional (null: not measured). */
export const dimensionCmSchema = z
  .number({ error: 'Ukuran harus berupa angka (cm)' })
  .int('Ukuran harus bilangan bulat (cm)')
  .min(1, 'Ukuran minimal 1 cm')
  .max(150, 'Ukuran maksimal 150 cm')
  .nullable();

/**
 * The admin's live-rate setup: whether checkout asks the courier aggregator, where parcels are
 * picked up (the pickup contact and address, in checkout's fields), the packaging weight added
 * to every parcel and the couriers offered. One `site_settings` row ('shipping_courier').
 */
export const courierSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  origin: z.strictObject(deliveryAddressFields).superRefine(checkPostalRegion),
  packagingWeightGrams: z
    .number({ error: 'Berat kemasan harus diisi dalam gram' })
    .int('Berat kemasan harus bilangan bulat (gram)')
    .min(0, 'Berat kemasan tidak boleh negatif')
    .max(5_000, 'Berat kemasan maksimal 5.000 gram'),
  couriers: z
    .array(z.enum(courierCodes, { error: 'Kurir tidak dikenal' }))
    .min(1, 'Pilih minimal satu kurir')
    .max(courierCodes.length),
  /** Booking on payment (decision 058): a paid order priced by a courier is booked without a click. */
  bookOnPayment: z.boolean().default(false),
});
export type CourierSettings = z.output<typeof courierSettingsSchema>;
export type CourierSettingsInput = z.input<typeof courierSettingsSchema>;

/**
 * GET/PUT /api/admin/shipping/courier: the saved setup (null until the admin saves one), whether
 * the Worker holds the aggregator's key (the key itself never leaves the Worker) and the names of
 * the origin's areas.
 */
export const courierSettingsAnswerSchema = z.object({
  settings: z
    .object({
      enabled: z.boolean(),
      origin: z.object({
        customerName: z.string(),
        customerPhone: z.string(),
        provinceCode: z.string(),
        regencyCode: z.string(),
        districtCode: z.string(),
        postalCode: z.string(),
        customerAddress: z.string(),
      }),
      packagingWeightGrams: z.number().int(),
      couriers: z.array(z.enum(courierCodes)),
      bookOnPayment: z.boolean(),
    })
    .nullable(),
  configured: z.boolean(),
  originArea: z.object({ province: areaSchema, regency: areaSchema, district: areaSchema }).nullable(),
});
export type CourierSettingsAnswer = z.infer<typeof courierSettingsAnswerSchema>;
