import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../cart-cookie.ts';
import { type OrderStatus, orderStatuses } from '../labels.ts';
import { lineText, multilineText } from './text.ts';

const orderStatusSchema = z.enum(orderStatuses);

/**
 * An Indonesian mobile or landline number as people write it ('0812-3456-7890',
 * '+62 812-3456-7890', '6281234567890', '(021) 555-1234'), once spaces, dots,
 * dashes and brackets are taken out: 0, 62 or +62, then 7 to 13 digits.
 */
const indonesianPhone = /^(?:\+?62|0)[1-9]\d{6,12}$/;

/** Checkout fields of spec §5; the phone is optional and stored as null when empty. */
export const checkoutSchema = z.strictObject({
  customerName: lineText().min(1, 'Nama harus diisi').max(120, 'Nama maksimal 120 karakter'),
  customerEmail: z.string().trim().min(1, 'Email harus diisi').email('Email tidak valid').max(254),
  customerPhone: lineText()
    .max(32, 'Nomor telepon maksimal 32 karakter')
    .refine((v) => v === '' || indonesianPhone.test(v.replace(/[\s().-]/g, '')), 'Nomor telepon tidak valid')
    .nullish()
    .transform((v) => (v ? v : null)),
  customerAddress: multilineText().min(1, 'Alamat harus diisi').max(1000, 'Alamat maksimal 1000 karakter'),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/**
 * What the browser may send to create an order: products and quantities only.
 * Prices, totals, status and the user come from the server; extra fields are rejected.
 */
export const orderCreateSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        productId: z.string().min(1).max(64),
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
      (items) => new Set(items.map((i) => i.productId)).size === items.length,
      'Produk ganda dalam pesanan',
    ),
  customer: checkoutSchema,
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

export const orderStatusUpdateSchema = z.strictObject({ status: orderStatusSchema });

export interface OrderItem {
  id: string;
  product_id: string | null;
  product_name: string;
  product_price: number;
  quantity: number;
  subtotal: number;
}

export interface Order {
  id: string;
  user_id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  customer_address: string;
  total_amount: number;
  status: OrderStatus;
  created_at: string;
  updated_at: string;
  order_items: OrderItem[];
}
