import type {
  Collection,
  CollectionDetail,
  Product,
  ProductDetail,
  ProductVariant,
  SiteSettings,
} from '@gi/contracts';
import { PRODUCTS_PAGE_SIZE } from '@gi/contracts/web';

/** A size as the API answers it: five per order, no SKU, not on sale. */
export function variant(id: string, sizeMl: number, price: number, stock: number | null): ProductVariant {
  return {
    id,
    size_ml: sizeMl,
    price,
    stock,
    sku: null,
    max_per_order: 5,
    sale_price: null,
    sale_ends_at: null,
  };
}

export function product(id: string, name: string, price: number, extra: Partial<Product> = {}): Product {
  return {
    id,
    name,
    description: `${name}: parfum uji coba yang hangat dan mewah.`,
    price,
    image: `/images/${id}.webp`,
    image_widths: [320, 720, 1200],
    concentration: null,
    gender: null,
    variants: [variant(`${id}-50`, 50, price, 10)],
    rating: null,
    created_at: '2026-11-21T03:05:00.000Z',
    updated_at: '2026-11-21T03:05:00.000Z',
    ...extra,
  };
}

/** The product as GET /api/products/:id answers it: its photos (cover first) and notes. */
export function productDetail(base: Product, extra: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...base,
    images: [{ url: base.image, widths: base.image_widths }],
    notes: { top: [], heart: [], base: [] },
    trust_marks: null,
    ...extra,
  };
}

export const oud = product('p-oud', 'Oud Royale', 1_599_000);
export const citrus = product('p-citrus', 'Citrus Bloom', 229_000);
export const amber = product('p-amber', 'Amber Nights', 450_000);

export function page<T>(items: T[], total = items.length, pageNumber = 1, pageSize = 25) {
  return { items, total, page: pageNumber, pageSize };
}

export const settings: SiteSettings = {
  heroBackground: null,
  aboutTitle: 'Tentang PT. Global Imperium',
  aboutParagraph1: 'Kami meracik parfum khas Indonesia.',
  aboutParagraph2: 'Untuk setiap momen dan kepribadian.',
  aboutImage: null,
  contactAddress: 'Jl. Melati Raya No. 88, Jakarta Selatan',
  contactPhone1: '+62 21 7250 8800',
  contactPhone2: '+62 812 8800 7250',
  contactWhatsapp: '',
  contactEmail: 'info@globalimperium.co.id',
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

export function collection(slug: string, name: string, extra: Partial<Collection> = {}): Collection {
  return {
    id: `c-${slug}`,
    slug,
    name,
    description: `Pilihan ${name.toLowerCase()}.`,
    image: null,
    created_at: '2026-11-21T03:05:00.000Z',
    product_count: 2,
    ...extra,
  };
}

export const seededCollections: Collection[] = [
  collection('signature', 'Koleksi Unggulan'),
  collection('luxury', 'Edisi Mewah'),
  collection('seasonal', 'Wewangian Musiman'),
  collection('gift', 'Paket Hadiah'),
  collection('oriental', 'Koleksi Oriental'),
  collection('citrus', 'Aroma Citrus'),
];

/** One page of a collection's products; `total` is the whole collection's count. */
export function collectionDetail(
  base: Collection,
  products: Product[],
  { total = products.length, page = 1 }: { total?: number; page?: number } = {},
): CollectionDetail {
  return { ...base, product_count: total, products, page, pageSize: PRODUCTS_PAGE_SIZE };
}
