import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../cart-cookie.ts';
import { type OrderStatus, orderStatuses } from '../labels.ts';
import { deliveryAddressFields } from './shipping.ts';

const orderStatusSchema = z.enum(orderStatuses);

/**
 * Checkout fields of product.md §5 with the delivery address in parts: the phone is required
 * (couriers refuse parcels without one) and customerAddress is the street part; the
 * order's customer_address is the full text the server composes from the parts.
 */
export const checkoutSchema = z.strictObject({
  ...deliveryAddressFields,
  customerEmail: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Email harus diisi')
    .email('Email tidak valid')
    .max(254),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** Products, their sizes and quantities of a cart, as the browser names them. */
export const orderItemsSchema = z
  .array(
    z.strictObject({
      productId: z.string().min(1).max(64),
      variantId: z.string({ error: 'Pilih ukuran' }).min(1, 'Pilih ukuran').max(64),
      quantity: z
        .number({ error: 'Jumlah harus berupa angka' })
        .int('Jumlah harus bilangan bulat')
        .min(1, 'Jumlah minimal 1')
        .max(MAX_LINE_QUANTITY, `Jumlah maksimal ${MAX_LINE_QUANTITY}`),
    }),
  )
  .min(1, 'Keranjang belanja kosong')
  .max(MAX_ORDER_LINES, `Maksimal ${MAX_ORDER_LINES} produk per pesanan`)
  .refine(
    (items) => new Set(items.map((i) => i.variantId)).size === items.length,
    'Produk ganda dalam pesanan',
  );

const shippingServiceIdSchema = z
  .string({ error: 'Pilih layanan pengiriman' })
  .min(1, 'Pilih layanan pengiriman')
  .max(64, 'Pilih layanan pengiriman');

/**
 * What the browser may send to create an order: products, quantities, the address
 * and the chosen shipping service. Prices, the shipping fee, totals, status and the
 * user come from the server; extra fields (a fee, a total) are rejected.
 */
export const orderCreateSchema = z.strictObject({
  items: orderItemsSchema,
  customer: checkoutSchema,
  shippingServiceId: shippingServiceIdSchema,
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

/** The shipping services for one address and cart, with fees computed by the server. */
export const shippingQuoteSchema = z.strictObject({
  districtCode: deliveryAddressFields.districtCode,
  items: orderItemsSchema,
});

export const orderStatusUpdateSchema = z.strictObject({ status: orderStatusSchema });

export interface OrderItem {
  id: string;
  product_id: string | null;
  product_name: string;
  product_price: number;
  /** The size bought; null on lines from before sizes (and size_ml null on a migrated size). */
  variant_id: string | null;
  size_ml: number | null;
  quantity: number;
  subtotal: number;
}

export interface Order {
  id: string;
  user_id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  /** The full delivery address text (street, district, regency, province, postal code). */
  customer_address: string;
  /** Structured parts; null on orders placed before delivery addresses existed. */
  province_code: string | null;
  province_name: string | null;
  regency_code: string | null;
  regency_name: string | null;
  district_code: string | null;
  district_name: string | null;
  postal_code: string | null;
  shipping_zone: string | null;
  shipping_service: string | null;
  shipping_eta_min_days: number | null;
  shipping_eta_max_days: number | null;
  /** Items only. */
  subtotal_amount: number;
  shipping_fee: number;
  /** subtotal_amount + shipping_fee (the transfer's unique code joins here later). */
  total_amount: number;
  status: OrderStatus;
  created_at: string;
  updated_at: string;
  order_items: OrderItem[];
}
