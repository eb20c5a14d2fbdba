// Demo data for a local shop: the six collections of product.md §2, sample perfumes with
// their pictures in R2, and a local-only admin account. Writes into the same
// persisted D1/R2 state that `wrangler dev --persist-to <state>` serves, through
// wrangler's getPlatformProxy. Does nothing when collections already has rows.
//   node scripts/seed.mjs [--state .wrangler/state]
import { pbkdf2Sync, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    state: { type: 'string', default: '.wrangler/state' },
    // 'off': the courier settings are seeded but turned off (the journeys, scripts/start.mjs).
    'courier-rates': { type: 'string', default: 'on' },
  },
});
const state = resolve(root, values.state);

/** Shown in the README for local use only; real deployments use scripts/create-admin.mjs. */
const ADMIN = { email: 'admin@globalimperium.id', password: 'admin12345', name: 'Admin Global Imperium' };

const collections = [
  {
    slug: 'signature',
    name: 'Koleksi Unggulan',
    image: 'koleksi-signature',
    description:
      'Wewangian khas PT. Global Imperium yang paling dicintai pelanggan: perpaduan bunga, kayu dan amber yang elegan untuk dipakai setiap hari.',
  },
  {
    slug: 'luxury',
    name: 'Edisi Mewah',
    image: 'koleksi-luxury',
    description:
      'Parfum dengan bahan langka seperti oud, kasturi dan cendana pilihan, dikemas dalam botol kristal bertutup emas untuk momen istimewa.',
  },
  {
    slug: 'seasonal',
    name: 'Wewangian Musiman',
    image: 'koleksi-seasonal',
    description:
      'Aroma yang mengikuti suasana musim di Nusantara: segar saat kemarau, hangat dan lembut ketika hujan turun.',
  },
  {
    slug: 'gift',
    name: 'Paket Hadiah',
    image: 'koleksi-gift',
    description:
      'Pilihan parfum dan set hadiah dalam kemasan eksklusif, siap diberikan untuk ulang tahun, hari raya dan perayaan lainnya.',
  },
  {
    slug: 'oriental',
    name: 'Koleksi Oriental',
    image: 'koleksi-oriental',
    description:
      'Nuansa Timur yang kaya rempah, resin dan kayu: misterius, hangat dan memikat sepanjang malam.',
  },
  {
    slug: 'citrus',
    name: 'Aroma Citrus',
    image: 'koleksi-citrus',
    description: 'Kesegaran jeruk, bergamot dan yuzu yang membangkitkan semangat di iklim tropis.',
  },
];

// Newest first: the first three are the home page's featured products. Each
// description names its scents in Indonesian (jeruk, melati, mawar, kayu, vanila…):
// search reads descriptions, so 'jeruk' finds Citrus Bloom (decision 013); `notes` is
// the scent pyramid (top, heart, base) that search and the note filter read too (017).
const products = [
  {
    name: 'Oud Royale',
    notes: [['Safron', 'Bergamot'], ['Mawar Taif'], ['Oud', 'Amber']],
    concentration: 'Parfum',
    gender: 'unisex',
    image: 'oud-royale',
    price: 1_599_000,
    collections: ['luxury', 'oriental', 'signature'],
    description:
      'Kayu oud Kamboja yang pekat berpadu mawar Taif dan amber hangat. Wewangian malam yang berwibawa dengan jejak aroma hingga 12 jam.',
  },
  {
    name: 'Mawar Sultana',
    notes: [['Leci'], ['Mawar Damaskus', 'Peoni'], ['Kasturi Putih']],
    concentration: 'EDP',
    gender: 'wanita',
    image: 'mawar-sultana',
    price: 749_000,
    collections: ['signature', 'gift'],
    description:
      'Buket mawar Damaskus dan peoni dengan dasar kasturi putih. Feminin, anggun dan cocok untuk acara resmi maupun santai.',
  },
  {
    name: 'Citrus Bloom',
    notes: [['Jeruk Manis', 'Lemon'], ['Bunga Jeruk'], ['Kasturi Putih']],
    concentration: 'EDT',
    gender: 'unisex',
    image: 'citrus-bloom',
    price: 229_000,
    collections: ['citrus'],
    description:
      'Jeruk manis, lemon dan bunga jeruk yang ceria. Parfum ringan untuk menemani aktivitas pagi hingga sore di cuaca panas.',
  },
  {
    name: 'Amber Imperium',
    notes: [['Kayu Manis'], ['Benzoin'], ['Amber', 'Vanila']],
    concentration: 'Extrait',
    gender: 'unisex',
    image: 'amber-imperium',
    price: 1_250_000,
    collections: ['signature', 'luxury'],
    description:
      'Amber keemasan, vanila Madagaskar dan benzoin dalam harmoni yang hangat. Wewangian khas rumah parfum Global Imperium.',
  },
  {
    name: 'Melati Malam',
    notes: [['Bergamot'], ['Melati Sambac', 'Sedap Malam'], ['Cendana']],
    concentration: 'EDP',
    gender: 'wanita',
    image: 'melati-malam',
    price: 459_000,
    collections: ['signature', 'seasonal'],
    description:
      'Melati sambac yang mekar di malam hari, dipadukan sedap malam dan sentuhan kayu lembut. Romantis dan khas Nusantara.',
  },
  {
    name: 'Bergamot Pagi',
    notes: [['Bergamot', 'Mint'], ['Teh Putih'], ['Kasturi Putih']],
    concentration: 'EDT',
    gender: 'unisex',
    image: 'bergamot-pagi',
    price: 289_000,
    collections: ['citrus', 'seasonal'],
    description:
      'Jeruk bergamot Calabria, daun mint dan teh putih. Kesegaran yang bersih seperti udara pagi setelah hujan.',
  },
  {
    name: 'Santal Kraton',
    notes: [['Kapulaga'], ['Iris'], ['Cendana', 'Kasturi Putih']],
    concentration: 'EDP',
    gender: 'pria',
    image: 'santal-kraton',
    price: 899_000,
    collections: ['oriental', 'luxury'],
    description:
      'Kayu cendana Mysore yang lembut dengan kapulaga dan iris. Terinspirasi kemegahan keraton Jawa, tenang namun berkelas.',
  },
  {
    name: 'Vanila Senja',
    notes: [['Karamel'], ['Kayu Manis'], ['Vanila', 'Tonka']],
    concentration: 'EDP',
    gender: 'wanita',
    image: 'vanila-senja',
    price: 399_000,
    collections: ['seasonal', 'gift'],
    description:
      'Vanila, karamel dan kayu manis yang hangat seperti langit senja. Manis yang tidak berlebihan untuk sore yang santai.',
  },
  {
    name: 'Jeruk Bali Sunrise',
    notes: [['Jeruk Bali', 'Jahe'], ['Bunga Kelapa'], ['Cedar']],
    concentration: 'EDT',
    gender: 'unisex',
    image: 'jeruk-bali-sunrise',
    price: 259_000,
    collections: ['citrus'],
    description:
      'Jeruk bali merah muda, jahe segar dan bunga kelapa. Semangat matahari terbit di pantai Bali dalam satu semprotan.',
  },
  {
    name: 'Kasturi Emas',
    notes: [['Safron'], ['Ambrette'], ['Kasturi Putih', 'Amber']],
    concentration: 'Parfum',
    gender: 'unisex',
    image: 'kasturi-emas',
    price: 1_099_000,
    collections: ['luxury', 'gift'],
    description:
      'Kasturi putih, ambrette dan sedikit safron dalam botol kristal bertutup emas. Lembut di kulit, mewah di setiap langkah.',
  },
  {
    name: 'Nilam Nusantara',
    notes: [['Lada Hitam'], ['Nilam'], ['Vetiver', 'Kakao']],
    concentration: 'EDP',
    gender: 'pria',
    image: 'nilam-nusantara',
    price: 549_000,
    collections: ['oriental', 'signature'],
    description:
      'Minyak nilam Aceh yang disuling tradisional, berpadu vetiver dan kakao. Membumi, dalam dan penuh karakter.',
  },
  {
    name: 'Yuzu & Teh Hijau',
    notes: [['Yuzu', 'Jeruk Nipis'], ['Teh Hijau', 'Melati Sambac'], ['Bambu']],
    concentration: 'EDT',
    gender: 'unisex',
    image: 'yuzu-teh-hijau',
    price: 329_000,
    collections: ['citrus', 'seasonal'],
    description:
      'Jeruk yuzu Jepang dan teh hijau melati dengan sentuhan bambu. Segar, bersih dan menenangkan untuk hari kerja yang sibuk.',
  },
  {
    name: 'Hujan Tropis',
    notes: [['Daun Pandan'], ['Lili Air'], ['Vetiver']],
    concentration: 'EDT',
    gender: 'unisex',
    image: 'hujan-tropis',
    price: 379_000,
    collections: ['seasonal'],
    description:
      'Aroma tanah basah, daun pandan dan lili air. Menghadirkan kesejukan musim hujan di hutan tropis.',
  },
  {
    name: 'Kopi & Kapulaga',
    notes: [['Kapulaga'], ['Kopi Gayo'], ['Tembakau', 'Vanila']],
    concentration: 'EDP',
    gender: 'pria',
    image: 'kopi-kapulaga',
    price: 649_000,
    collections: ['oriental'],
    description:
      'Biji kopi Gayo sangrai, kapulaga dan tembakau manis. Hangat, berani dan berkesan untuk malam yang panjang.',
  },
  {
    name: 'Paket Duo Mini',
    notes: [[], ['Mawar Damaskus'], ['Vanila']],
    concentration: 'EDP',
    gender: 'wanita',
    image: 'paket-duo-mini',
    price: 499_000,
    collections: ['gift'],
    description:
      'Dua parfum 30 ml, Mawar Sultana dan Vanila Senja, dalam kotak hadiah berpita. Hadiah manis untuk orang tersayang.',
  },
  {
    name: 'Set Hadiah Imperium',
    notes: [[], ['Ambrette'], ['Oud', 'Kasturi Putih', 'Amber']],
    concentration: 'Parfum',
    gender: 'unisex',
    image: 'set-hadiah-imperium',
    price: 1_399_000,
    collections: ['gift', 'luxury'],
    description:
      'Tiga parfum 30 ml dari Edisi Mewah (Oud Royale, Kasturi Emas, Amber Imperium) dalam kotak kayu berlapis beludru.',
  },
];

// Sizes (decision 016): `price` above is the 50 ml bottle's; 30 and 100 ml cost about 0.6
// and 1.7 times as much, at a shop price ending in 9,000. Stock per size (30/50/100 ml);
// a name not listed has 12 of each. Sets come in their one box.
const shopPrice = (amount) => Math.round(amount / 10_000) * 10_000 - 1_000;
const stock = {
  'Oud Royale': [30, 18, 0],
  'Mawar Sultana': [20, 0, 6],
  'Citrus Bloom': [3, 20, 8],
  'Kasturi Emas': [0, 0, 0],
  'Melati Malam': [15, 9, 1],
};
const boxed = { 'Paket Duo Mini': [60, 7], 'Set Hadiah Imperium': [90, 2] };

/** [size_ml, price, stock] of each size a product is sold in. */
function sizesOf(product) {
  const box = boxed[product.name];
  if (box) return [[box[0], product.price, box[1]]];
  const [s30, s50, s100] = stock[product.name] ?? [12, 12, 12];
  return [
    [30, shopPrice(product.price * 0.6), s30],
    [50, product.price, s50],
    [100, shopPrice(product.price * 1.7), s100],
  ];
}

/**
 * A size's parcel as a shop weighs it: the glass bottle, its juice and the box (120 g + 3 g/ml,
 * migration 0029's rule) and the box's sides in cm; the gift sets' boxes hold several bottles.
 */
const boxes = { 30: [5, 5, 11], 50: [6, 6, 13], 60: [14, 9, 6], 90: [20, 14, 7], 100: [7, 7, 16] };
const parcelOf = (ml) => [120 + 3 * ml, ...boxes[ml]];

/** Same format as worker/src/auth/password.ts: PBKDF2-SHA256, 100,000 iterations, base64. */
function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, 'sha256');
  return `pbkdf2-sha256$100000$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Timestamps one minute apart counting back from now, so "newest first" keeps the order above. */
const minutesAgo = (n) => new Date(Date.now() - n * 60_000).toISOString();

const { contentSeedStatements, courierSeedStatement, paymentSeedStatement, whatsappSeedStatement } =
  await import(pathToFileURL(join(root, 'worker/src/seed/content-defaults.ts')).href);
const { IMAGE_WIDTHS } = await import(pathToFileURL(join(root, 'packages/contracts/src/media.ts')).href);
const { foldNote, noteLayers } = await import(
  pathToFileURL(join(root, 'packages/contracts/src/scent.ts')).href
);

// wrangler lives in the worker package; resolve it from there.
const wranglerPath = createRequire(join(root, 'worker/package.json')).resolve('wrangler');
const { getPlatformProxy } = await import(pathToFileURL(wranglerPath).href);
// wrangler dev --persist-to <state> keeps its data under <state>/v3; the proxy takes that path itself.
const { env, dispose } = await getPlatformProxy({
  configPath: join(root, 'wrangler.toml'),
  persist: { path: join(state, 'v3') },
});

try {
  const existing = await env.DB.prepare('SELECT count(*) AS n FROM collections').first('n');
  if (existing > 0) {
    console.log(`Seed skipped: ${existing} collections already in ${state}`);
  } else {
    const upload = async (file, key) => {
      const bytes = readFileSync(join(root, 'scripts/seed-images', file));
      await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: 'image/webp' } });
    };
    const imageUrl = async (name) => {
      await upload(`${name}.webp`, `seed-${name}.webp`);
      return `/images/seed-${name}.webp`;
    };
    // A product photo and its smaller copies (scripts/seed-images/generate.mjs draws them 1200 px wide).
    const photo = async (name) => {
      for (const width of IMAGE_WIDTHS) await upload(`${name}-${width}w.webp`, `seed-${name}-${width}w.webp`);
      return { url: await imageUrl(name), widths: [...IMAGE_WIDTHS, 1200].join(',') };
    };

    const statements = [];
    const collectionIds = new Map();
    for (const [i, c] of collections.entries()) {
      const id = randomUUID();
      collectionIds.set(c.slug, id);
      statements.push(
        env.DB.prepare(
          'INSERT INTO collections (id, slug, name, description, image, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        ).bind(id, c.slug, c.name, c.description, await imageUrl(c.image), minutesAgo(i)),
      );
    }
    for (const [i, p] of products.entries()) {
      const id = randomUUID();
      const at = minutesAgo(i);
      // The bottle, then a close-up of its label: the cover and the gallery's second photo.
      const photos = [await photo(p.image), await photo(`${p.image}-2`)];
      const sizes = sizesOf(p);
      statements.push(
        env.DB.prepare(
          'INSERT INTO products (id, name, description, price, image, image_widths, concentration, gender, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ).bind(
          id,
          p.name,
          p.description,
          Math.min(...sizes.map(([, price]) => price)),
          photos[0].url,
          photos[0].widths,
          p.concentration,
          p.gender,
          at,
          at,
        ),
        ...sizes.map(([ml, price, units]) =>
          env.DB.prepare(
            'INSERT INTO product_variants (id, product_id, size_ml, price, stock, sku, weight_grams, weight_estimated, length_cm, width_cm, height_cm, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)',
          ).bind(
            randomUUID(),
            id,
            ml,
            price,
            units,
            `GI-${p.image.toUpperCase()}-${ml}`,
            ...parcelOf(ml),
            at,
            at,
          ),
        ),
        ...photos.map((image, position) =>
          env.DB.prepare(
            'INSERT INTO product_images (product_id, position, url, widths) VALUES (?, ?, ?, ?)',
          ).bind(id, position, image.url, image.widths),
        ),
        ...noteLayers.flatMap((layer, l) =>
          p.notes[l].map((note, position) =>
            env.DB.prepare(
              'INSERT INTO product_notes (product_id, layer, position, note, note_key) VALUES (?, ?, ?, ?, ?)',
            ).bind(id, layer, position, note, foldNote(note)),
          ),
        ),
      );
      for (const slug of p.collections) {
        statements.push(
          env.DB.prepare(
            'INSERT INTO collection_products (collection_id, product_id, position) VALUES (?, ?, ?)',
          ).bind(collectionIds.get(slug), id, i),
        );
      }
    }
    const adminId = randomUUID();
    statements.push(
      env.DB.prepare(
        'INSERT INTO users (id, email, password_hash) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING',
      ).bind(adminId, ADMIN.email, hashPassword(ADMIN.password)),
      env.DB.prepare(
        // The shop's owner (decision 052): every permission, so tools and journeys sign in as it.
        "INSERT INTO profiles (id, name, email, role) SELECT id, ?, email, 'owner' FROM users WHERE email = ? ON CONFLICT (id) DO NOTHING",
      ).bind(ADMIN.name, ADMIN.email),
    );
    // The spec's FAQ and policy texts (site settings need no rows: their defaults apply on read).
    statements.push(...contentSeedStatements(env.DB));
    // Demo bank accounts, payment window and the shop's notification address (decision 015).
    statements.push(paymentSeedStatement(env.DB));
    // The shop's demo WhatsApp, so the storefront's WhatsApp buttons show (issue 29, defect 5).
    statements.push(whatsappSeedStatement(env.DB));
    // Live courier rates from a Jakarta Barat warehouse, priced by the local courier simulator (decision 032).
    statements.push(courierSeedStatement(env.DB, values['courier-rates'] !== 'off'));
    // One batch: a failed seed leaves the database empty, and the next start tries again.
    await env.DB.batch(statements);

    console.log(
      `Seeded ${collections.length} collections, ${products.length} products with images, admin ${ADMIN.email} (local only)`,
    );
  }
} finally {
  await dispose();
}
