import { env } from 'cloudflare:test';
import { call, type TestUser } from './helpers.ts';

// Discovery sets' test data (decision 061), shared by the sets' worker tests.

export interface Size {
  productId: string;
  variantId: string;
}

/** A product named `name` with one size of `ml`, `price` and `stock` (null: not counted). */
export async function productOf(
  name: string,
  ml: number,
  price: number,
  stock: number | null,
): Promise<Size> {
  const size = { productId: crypto.randomUUID(), variantId: crypto.randomUUID() };
  await env.DB.batch([
    env.DB.prepare('INSERT INTO products (id, name, description, price, image) VALUES (?, ?, ?, ?, ?)').bind(
      size.productId,
      name,
      'Aroma uji yang tahan lama.',
      price,
      '/images/uji.webp',
    ),
    env.DB.prepare(
      'INSERT INTO product_variants (id, product_id, size_ml, price, stock, max_per_order) VALUES (?, ?, ?, ?, ?, 10)',
    ).bind(size.variantId, size.productId, ml, price, stock),
  ]);
  return size;
}

/** The admin's save of a set's samples, as the product form sends it. */
export const compose = (admin: TestUser, setId: string, components: unknown) =>
  call(`/api/admin/variants/${setId}/components`, {
    method: 'PUT',
    cookie: admin.cookie,
    json: { components },
  });
