import { MAX_LINE_QUANTITY, type Product } from '@gi/contracts';
import type { CartProduct } from '../features/cart/cart-store.ts';

/** A product's size as the cart adds it: 50 ml with 10 units unless told otherwise. */
export function cartProduct(
  id: string,
  name: string,
  price: number,
  size: Partial<Pick<CartProduct, 'variantId' | 'sizeMl' | 'stock' | 'maxPerOrder'>> = {},
): CartProduct {
  return {
    id,
    variantId: `${id}-50`,
    sizeMl: 50,
    name,
    price,
    image: `/images/${id}.webp`,
    stock: 10,
    ...size,
  };
}

/** The API's product holding the given sizes of it (each as the cart knows it). */
export function productJson(...sizes: CartProduct[]): Product {
  const [first] = sizes as [CartProduct];
  return {
    id: first.id,
    name: first.name,
    description: 'Parfum uji coba',
    price: Math.min(...sizes.map((s) => s.price)),
    image: first.image,
    image_widths: [],
    concentration: null,
    gender: null,
    rating: null,
    variants: sizes.map((s) => ({
      id: s.variantId,
      size_ml: s.sizeMl,
      price: s.price,
      stock: s.stock,
      sku: null,
      max_per_order: s.maxPerOrder ?? MAX_LINE_QUANTITY,
      sale_price: null,
      sale_ends_at: null,
    })),
    created_at: '',
    updated_at: '',
  };
}
