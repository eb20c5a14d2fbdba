import type { Voucher, VoucherDetail } from '@gi/contracts';

// Answers of the voucher endpoints and the pickers' lists, shaped as the API's (decision 041).

export const voucher: Voucher = {
  id: 'vc1',
  code: 'LEBARAN25',
  kind: 'percent',
  value: 25,
  min_spend: 200_000,
  starts_at: '2027-03-19T17:00:00.000Z',
  ends_at: '2027-04-05T16:59:00.000Z',
  usage_limit: 500,
  per_customer_limit: 1,
  product_ids: ['p1'],
  collection_ids: ['c1'],
  variant_ids: ['v2'],
  combines_with_sale: false,
  active: false,
  uses_count: 3,
  discount_total: 75_000,
  sales_total: 1_200_000,
  created_at: '2027-03-01T03:00:00.000Z',
  updated_at: '2027-03-01T03:00:00.000Z',
};

export const detail: VoucherDetail = {
  ...voucher,
  targets: {
    products: [{ id: 'p1', name: 'Oud Royale' }],
    collections: [{ id: 'c1', name: 'Koleksi Unggulan' }],
    variants: [{ id: 'v2', product_id: 'p2', product_name: 'Citrus Breeze', size_ml: 30 }],
  },
};

const size = (id: string, size_ml: number) => ({
  id,
  size_ml,
  price: 150_000,
  stock: 5,
  sku: null,
  max_per_order: 5,
});
const product = (id: string, name: string, variants: ReturnType<typeof size>[]) => ({
  id,
  name,
  description: 'Parfum uji yang wangi',
  price: 150_000,
  image: `/images/${id}.webp`,
  image_widths: [],
  concentration: null,
  gender: null,
  variants,
  created_at: '',
  updated_at: '',
});

/** GET /api/products and GET /api/collections as the target picker reads them. */
export const pickerRoutes = {
  'GET /api/products': () =>
    Response.json({
      items: [
        product('p1', 'Oud Royale', [size('v1', 50)]),
        product('p2', 'Citrus Breeze', [size('v2', 30), size('v3', 100)]),
      ],
      total: 2,
      page: 1,
      pageSize: 50,
      nextCursor: null,
      totalCapped: false,
    }),
  'GET /api/collections': () =>
    Response.json({
      items: [
        {
          id: 'c1',
          slug: 'signature',
          name: 'Koleksi Unggulan',
          description: null,
          image: null,
          product_count: 3,
          created_at: '',
        },
        {
          id: 'c2',
          slug: 'citrus',
          name: 'Aroma Citrus',
          description: null,
          image: null,
          product_count: 2,
          created_at: '',
        },
      ],
      total: 2,
      page: 1,
      pageSize: 50,
    }),
};
