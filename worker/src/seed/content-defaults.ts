// Default shop content: the settings every visitor sees until the admin edits them,
// and the FAQ and policy records the seed writes. Node's seed script imports this
// file directly (type stripping), so it keeps to erasable TypeScript and .ts imports.
import {
  type CourierSettings,
  courierCodes,
  DEFAULT_PAYMENT_WINDOW_HOURS,
  DEFAULT_UNPAID_PER_CLIENT,
  DEFAULT_UNPAID_PER_CUSTOMER,
  type FaqInput,
  type GatewaySettings,
  gatewayChannels,
  type PaymentSettings,
  type PolicyKind,
  policyTitles,
  type SiteSettings,
} from '@gi/contracts';
import { FAQ_CATEGORY, ONE_POLICY_WHERE } from '../lib/content-categories.ts';

/** The site settings' defaults (hero, about, contact: product.md §2); GET /api/settings merges the admin's stored values over these. */
export const defaultSiteSettings: SiteSettings = {
  // No default pictures: the shop falls back to its built-in hero and about images.
  heroBackground: null,
  aboutTitle: 'Tentang PT. Global Imperium',
  aboutParagraph1:
    'PT. Global Imperium adalah produsen parfum asal Indonesia yang meracik wewangian berkualitas tinggi ' +
    'dari bahan-bahan pilihan. Setiap aroma kami kembangkan dengan cermat oleh peracik berpengalaman agar ' +
    'memiliki karakter yang khas, elegan dan tahan lama.',
  aboutParagraph2:
    'Dari koleksi unggulan hingga edisi mewah dan paket hadiah, kami menghadirkan parfum untuk setiap ' +
    'momen dan kepribadian. Komitmen kami adalah memberikan produk asli, pelayanan yang ramah dan ' +
    'pengalaman berbelanja yang menyenangkan bagi seluruh pelanggan di Indonesia.',
  aboutImage: null,
  contactAddress: 'Jl. Melati Raya No. 88, Kebayoran Baru, Jakarta Selatan 12160, Indonesia',
  contactPhone1: '+62 21 7250 8800',
  contactPhone2: '+62 812 8800 7250',
  // None until the admin enters the shop's WhatsApp: no button is better than one that calls the office.
  contactWhatsapp: '',
  contactEmail: 'info@globalimperium.co.id',
  // The spec gives two readings of the opening hours: the home page's and the contact page's.
  hoursHome: [
    { days: 'Senin - Jumat', hours: '08:00 - 21:00' },
    { days: 'Sabtu', hours: '08:00 - 21:00' },
    { days: 'Minggu', hours: '08:00 - 20:00' },
  ],
  hoursContact: [
    { days: 'Senin - Jumat', hours: '09:00 - 17:00' },
    { days: 'Sabtu - Minggu', hours: '10:00 - 15:00' },
  ],
};

/** The `site_settings` row of the payment settings (decision 015). */
export const PAYMENT_SETTINGS_KEY = 'payment';

/**
 * Payment settings until the admin saves them: no bank account (a real shop must enter its
 * own before buyers can pay), 24 hours to pay, shop notices to the contact address.
 */
export const defaultPaymentSettings: PaymentSettings = {
  bankAccounts: [],
  paymentWindowHours: DEFAULT_PAYMENT_WINDOW_HOURS,
  qrisImage: null,
  notificationEmail: defaultSiteSettings.contactEmail,
  unpaidOrdersPerCustomer: DEFAULT_UNPAID_PER_CUSTOMER,
  unpaidOrdersPerClient: DEFAULT_UNPAID_PER_CLIENT,
};

/**
 * The gateway's settings until the admin saves them (decision 026): every channel but cards
 * (which the admin enables), and the manual transfer; cash on delivery off until the admin sets
 * its fee and limit (decision 034).
 */
export const defaultGatewaySettings: GatewaySettings = {
  channels: gatewayChannels.filter((channel) => channel !== 'credit_card'),
  manualTransfer: true,
  cod: { enabled: false, fee: 0, maxOrderValue: 0 },
};

/** The local demo shop's accounts (scripts/seed.mjs): plausible numbers, not real ones. */
export const demoPaymentSettings: PaymentSettings = {
  ...defaultPaymentSettings,
  bankAccounts: [
    { bank: 'BCA', accountNumber: '5425017788', holder: 'PT Global Imperium' },
    { bank: 'Mandiri', accountNumber: '1240009876543', holder: 'PT Global Imperium' },
  ],
  notificationEmail: 'pesanan@globalimperium.co.id',
};

/** A demo setting, unless the admin saved that one already. */
const demoSetting = (db: D1Database, key: string, value: unknown): D1PreparedStatement =>
  db
    .prepare('INSERT INTO site_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING')
    .bind(key, JSON.stringify(value));

/** The demo payment settings, unless the admin saved some already. */
export function paymentSeedStatement(db: D1Database): D1PreparedStatement {
  return demoSetting(db, PAYMENT_SETTINGS_KEY, demoPaymentSettings);
}

/** The `site_settings` row of the live-rate setup (decision 032). */
export const COURIER_SETTINGS_KEY = 'shipping_courier';

/**
 * The local demo shop's live rates (scripts/seed.mjs): on, picked up from a warehouse in Kebon
 * Jeruk, Jakarta Barat, 100 g of packaging, every courier; `npm start` prices them through the
 * local stand-in for Biteship (scripts/, never part of the Worker).
 */
export const demoCourierSettings: CourierSettings = {
  enabled: true,
  origin: {
    customerName: 'Gudang PT Global Imperium',
    customerPhone: '+6281288007250',
    provinceCode: '31',
    regencyCode: '31.73',
    districtCode: '31.73.05',
    postalCode: '11530',
    customerAddress: 'Jl. Panjang No. 8, Kebon Jeruk, Jakarta Barat',
  },
  packagingWeightGrams: 100,
  couriers: [...courierCodes],
  // Booking on payment (decision 058): off until the admin turns it on.
  bookOnPayment: false,
};

/**
 * The demo live-rate setup, unless the admin saved one already; `enabled: false` leaves it
 * saved but off (the journeys check out with the zones unless one turns it on).
 */
export function courierSeedStatement(db: D1Database, enabled = true): D1PreparedStatement {
  return demoSetting(db, COURIER_SETTINGS_KEY, { ...demoCourierSettings, enabled });
}

/** The local demo shop's WhatsApp (scripts/seed.mjs): a plausible mobile number, not a real one. */
export const DEMO_WHATSAPP = '+62 812 8800 7250';

/** The demo WhatsApp number, unless the admin saved one already. */
export function whatsappSeedStatement(db: D1Database): D1PreparedStatement {
  return demoSetting(db, 'contactWhatsapp' satisfies keyof SiteSettings, DEMO_WHATSAPP);
}

/** The spec's static FAQ (its reading of delivery times: Jabodetabek 2-5 days, elsewhere 5-7). */
export const defaultFaq: readonly FaqInput[] = [
  {
    question: 'Berapa lama waktu pengiriman pesanan?',
    answer:
      'Untuk wilayah Jabodetabek, pesanan biasanya tiba dalam 2-5 hari kerja. ' +
      'Untuk wilayah lain di Indonesia, estimasi pengiriman adalah 5-7 hari kerja.',
  },
  {
    question: 'Apakah semua parfum yang dijual asli?',
    answer:
      'Ya. Semua parfum diproduksi sendiri oleh PT. Global Imperium dari bahan baku pilihan dan ' +
      'melalui pemeriksaan kualitas sebelum dikirim. Kami tidak menjual produk tiruan.',
  },
  {
    question: 'Berapa lama aroma parfum bertahan?',
    answer:
      'Parfum kami diformulasikan agar aromanya bertahan hingga 12 jam, tergantung jenis kulit, ' +
      'cuaca dan aktivitas Anda.',
  },
  {
    question: 'Bagaimana cara memesan?',
    answer:
      'Pilih parfum, tambahkan ke keranjang, lalu login dan isi informasi pengiriman pada halaman ' +
      'Keranjang Belanja. Pesanan Anda langsung tercatat dengan status menunggu.',
  },
  {
    question: 'Metode pembayaran apa saja yang tersedia?',
    answer:
      'Setelah pesanan dibuat, tim kami menghubungi Anda melalui email atau telepon untuk konfirmasi ' +
      'pesanan dan instruksi pembayaran melalui transfer bank.',
  },
  {
    question: 'Bagaimana cara melihat status pesanan saya?',
    answer:
      'Login ke akun Anda lalu buka halaman Keranjang Belanja. Lima pesanan terakhir Anda tampil ' +
      'beserta statusnya.',
  },
  {
    question: 'Apakah saya bisa mengembalikan produk?',
    answer:
      'Bisa. Pengembalian dapat diajukan paling lambat 7 hari setelah produk diterima, selama produk ' +
      'belum dibuka dan disertai bukti pembelian. Hubungi kami melalui halaman Kontak.',
  },
  {
    question: 'Bagaimana cara menyimpan parfum agar tetap awet?',
    answer:
      'Simpan parfum di tempat yang sejuk dan kering, jauh dari sinar matahari langsung, dan selalu ' +
      'tutup rapat botolnya setelah digunakan.',
  },
];

/** Policy texts (product.md §9's shipping and returns text, and the privacy and terms pages). */
export const defaultPolicies: Readonly<Record<PolicyKind, string>> = {
  'shipping-policy': [
    'Pesanan diproses pada hari kerja setelah pesanan dikonfirmasi, lalu dikirim melalui jasa ekspedisi ' +
      'terpercaya ke seluruh Indonesia.',
    'Estimasi waktu pengiriman:\n' +
      '- Jabodetabek: 1-2 hari kerja\n' +
      '- Pulau Jawa: 2-3 hari kerja\n' +
      '- Luar Pulau Jawa: 3-7 hari kerja',
    'Estimasi dapat lebih lama pada hari libur nasional, musim promo atau karena kondisi di luar kendali ' +
      'kami. Setiap parfum dikemas dengan aman agar botol tetap utuh selama perjalanan.',
    'Pastikan nama, nomor telepon dan alamat pengiriman yang Anda isi sudah benar. Kami tidak ' +
      'bertanggung jawab atas keterlambatan atau kegagalan pengiriman akibat data yang tidak lengkap.',
  ].join('\n\n'),
  'returns-policy': [
    'Kami ingin Anda puas dengan setiap pembelian. Pengembalian produk dapat diajukan paling lambat ' +
      '7 hari setelah pesanan diterima.',
    'Syarat pengembalian:\n' +
      '- Produk belum dibuka dan segel masih utuh\n' +
      '- Disertai bukti pembelian\n' +
      '- Produk dikembalikan dalam kemasan aslinya',
    'Untuk mengajukan pengembalian, hubungi kami melalui halaman Kontak dengan menyebutkan nomor ' +
      'pesanan dan alasan pengembalian. Produk yang rusak atau salah kirim kami ganti tanpa biaya tambahan.',
    'Dana dikembalikan atau produk diganti setelah barang kami terima dan periksa.',
  ].join('\n\n'),
  'privacy-policy': [
    'PT. Global Imperium menghargai privasi Anda. Kebijakan ini menjelaskan data apa yang kami ' +
      'kumpulkan dan bagaimana kami menggunakannya.',
    'Data yang kami kumpulkan: nama, alamat email, nomor telepon dan alamat pengiriman yang Anda ' +
      'berikan saat mendaftar, memesan atau menghubungi kami.',
    'Data tersebut hanya digunakan untuk memproses pesanan, mengirim produk, menanggapi pertanyaan ' +
      'Anda dan menjaga keamanan akun. Kami tidak menjual data pribadi Anda kepada pihak lain; data ' +
      'hanya dibagikan kepada mitra pengiriman sejauh diperlukan untuk mengantarkan pesanan.',
    'Kata sandi disimpan dalam bentuk terenkripsi, dan sesi login menggunakan cookie yang aman. ' +
      'Anda dapat memperbarui data profil kapan saja atau menghubungi kami untuk meminta penghapusan akun.',
  ].join('\n\n'),
  'terms-conditions': [
    'Dengan menggunakan situs ini dan berbelanja di PT. Global Imperium, Anda menyetujui syarat dan ' +
      'ketentuan berikut.',
    'Akun: Anda bertanggung jawab menjaga kerahasiaan kata sandi dan kebenaran data yang Anda berikan. ' +
      'Checkout hanya dapat dilakukan setelah login.',
    'Harga dan pesanan: harga tercantum dalam Rupiah. Total pesanan dihitung oleh sistem kami ' +
      'berdasarkan harga yang berlaku saat pesanan dibuat. Kami berhak membatalkan pesanan apabila ' +
      'terdapat kesalahan harga atau stok tidak tersedia.',
    'Pengiriman dan pengembalian mengikuti Kebijakan Pengiriman dan Kebijakan Pengembalian yang berlaku.',
    'Seluruh konten situs, termasuk nama, logo dan foto produk, adalah milik PT. Global Imperium dan ' +
      'tidak boleh digunakan tanpa izin tertulis. Syarat ini dapat berubah sewaktu-waktu; versi terbaru ' +
      'selalu tersedia di halaman ini.',
  ].join('\n\n'),
};

/**
 * Statements that write the default FAQ and policies, safe to run on every start:
 * the FAQ only goes into a store without any FAQ entry, and a policy only where that
 * policy has no record yet, so the admin's edits are never overwritten. Settings are
 * not written: their defaults apply at read time.
 */
export function contentSeedStatements(db: D1Database): D1PreparedStatement[] {
  const faqRows = defaultFaq.map(() => '(?, ?, ?)').join(', ');
  // One statement, so the emptiness check sees the store before any entry is added;
  // rows go in listed order, which the FAQ's oldest-first order keeps.
  const faq = db
    .prepare(
      `WITH seed (id, title, description) AS (VALUES ${faqRows})
       INSERT INTO customer_service (id, title, description, category, priority, status)
       SELECT id, title, description, '${FAQ_CATEGORY}', 'medium', 'active' FROM seed
       WHERE NOT EXISTS (SELECT 1 FROM customer_service WHERE category = '${FAQ_CATEGORY}')`,
    )
    .bind(...defaultFaq.flatMap((entry) => [crypto.randomUUID(), entry.question, entry.answer]));

  const policies = (Object.keys(defaultPolicies) as PolicyKind[]).map((kind) =>
    db
      .prepare(
        `INSERT INTO customer_service (id, title, description, category, priority, status)
         VALUES (?, ?, ?, ?, 'high', 'active')
         ON CONFLICT (category) WHERE ${ONE_POLICY_WHERE} DO NOTHING`,
      )
      .bind(crypto.randomUUID(), policyTitles[kind], defaultPolicies[kind], kind),
  );
  return [faq, ...policies];
}
