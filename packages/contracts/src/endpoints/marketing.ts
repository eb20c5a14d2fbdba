import { backInStockInputSchema, backInStockSchema, unsubscribeQuerySchema } from '../schemas/marketing.ts';
import {
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  idParam,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
  okAnswer,
  PUBLIC_ACTION,
} from './define.ts';

// 'Kabari Saya' on a sold-out size, and the unsubscribe link every marketing email carries
// (issue 40, decision 042).

const tags = ['Pemasaran'];
const subscribed = jsonAnswer(backInStockSchema, 'Permintaan kabar stok');
/** A token the shop signed, made in a test; any text of its length passes the schema. */
const exampleToken = { token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.contoh.tanda-tangan' };

export const notify = endpoint({
  method: 'post',
  path: '/products/{id}/notify',
  tags,
  summary:
    "'Kabari Saya': satu email saat ukuran yang habis tersedia lagi (tamu dengan email; pelanggan ke email akunnya)",
  policy: PUBLIC_ACTION,
  request: {
    params: idParam,
    body: jsonBody(backInStockInputSchema),
  },
  example: {
    params: { id: EXAMPLE_IDS.product },
    body: { variantId: EXAMPLE_IDS.soldOutVariant, email: 'pembeli@contoh.id' },
  },
  responses: {
    201: subscribed,
    200: jsonAnswer(backInStockSchema, 'Sudah diminta sebelumnya: tetap satu'),
    400: invalidAnswer,
    404: errorAnswer('Produk atau ukuran tidak ditemukan'),
    422: errorAnswer('Ukuran masih tersedia, atau email sudah berhenti berlangganan'),
    429: errorAnswer('Terlalu banyak permintaan'),
  },
});

/**
 * No query in the definition: a missing or bad token lands on the home page too, not on a 400.
 * Opening the link changes nothing (mail scanners open every link): it asks first.
 */
export const unsubscribe = endpoint({
  method: 'get',
  path: '/marketing/unsubscribe',
  tags,
  summary:
    'Tautan berhenti berlangganan di setiap email pemasaran (?token=), tanpa login: halaman yang bertanya dulu; tautan tidak valid ke beranda',
  policy: PUBLIC_ACTION,
  example: { query: exampleToken },
  responses: {
    200: { description: "Halaman HTML 'Berhenti berlangganan email promosi?' dengan tombol (form POST)" },
    303: { description: 'Tautan tidak valid: ke /?langganan=tidak-valid' },
  },
});

/**
 * The unsubscribe itself, by POST to the same link: RFC 8058's one-click (the mail program POSTs
 * `List-Unsubscribe=One-Click`) answers JSON; the confirmation page's form (its
 * UNSUBSCRIBE_CONFIRM_FIELD) goes on to the home page's notice.
 */
export const unsubscribeOneClick = endpoint({
  method: 'post',
  path: '/marketing/unsubscribe',
  tags,
  summary:
    'Berhenti berlangganan: sekali klik dari program email (List-Unsubscribe-Post, ?token=) atau tombol halaman konfirmasi',
  policy: PUBLIC_ACTION,
  request: { query: unsubscribeQuerySchema },
  example: { query: exampleToken },
  responses: {
    200: okAnswer,
    303: { description: 'Dari halaman konfirmasi: ke /?langganan=berhenti atau tidak-valid' },
    400: errorAnswer('Tautan berhenti berlangganan tidak valid'),
  },
});
