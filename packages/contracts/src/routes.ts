/**
 * The one route table of the shop. The shell builds its router from it and the
 * Worker uses it to answer unknown paths with HTTP 404, so the two never disagree.
 */
import { apiPaths, parsePage, parseProductBrowse } from './api-paths.ts';
import type { CartLine } from './cart-cookie.ts';

export type RemoteName = 'shop' | 'cart' | 'admin';

/** Federation container name of each remote; must equal `name` in its vite config. */
export const remoteContainers: Record<RemoteName, string> = {
  shop: 'mfe_shop',
  cart: 'mfe_cart',
  admin: 'mfe_admin',
};

/**
 * Where each remote's `mf-manifest.json` lives. The Worker writes this into the
 * page at request time, so a team can move its remote without rebuilding the shell.
 */
export type RemotesConfig = Record<RemoteName, string>;

/** Id of the JSON data block in the page that carries the remotes configuration. */
export const REMOTES_CONFIG_ELEMENT_ID = 'gi-remotes';

/** Id of the JSON data block with the API answers a page starts with (`initialData`). */
export const INITIAL_DATA_ELEMENT_ID = 'gi-data';

/**
 * Server rendering of a remote's first screen. A remote may ship `ssr/render.js`
 * next to its federation entry: a Worker module (`export default { fetch }`) that
 * answers a POST of `RenderRequest` (JSON) with the page's HTML, or 204 for a route
 * it does not render. The Worker runs it in a sandboxed isolate (no network, no
 * bindings) and puts the HTML into `FIRST_SCREEN_ELEMENT_ID`; the shell keeps it on
 * screen until the remote's page replaces it with the same markup.
 */
export const SSR_MODULE = 'ssr/render.js';
export const FIRST_SCREEN_ELEMENT_ID = 'gi-first-screen';
/**
 * Marks a control of a plain GET form whose choices live in the URL (the catalogue's
 * search and filters): the Worker leaves it live in the server's HTML, so the form
 * works without JavaScript, and the live page reads the same choices from the URL.
 */
export const URL_STATE_ATTRIBUTE = 'data-url-state';
export interface RenderRequest {
  /** Path and query of the page, e.g. `/products?page=2`. */
  url: string;
  /** The inlined API answers (the `gi-data` block), by GET path. */
  data: Record<string, unknown>;
  /** The visitor's cart as its cookie mirrors it; null when that cannot be trusted. */
  cart: CartLine[] | null;
}

export interface PageRoute {
  /** react-router pattern; `:name` segments are parameters. */
  path: string;
  remote: RemoteName;
  /** Exposed module of the remote, e.g. `./HomePage`. */
  module: string;
  /** Document title in Indonesian. */
  title: string;
  description: string;
  /**
   * The API reads the page starts with (GET paths, see api-paths.ts). The Worker
   * answers them into the HTML, so the page renders without waiting for them.
   */
  initialData?: (
    params: Record<string, string>,
    search: URLSearchParams,
    visitor: { cart: CartLine[] | null },
  ) => string[];
}

const site = 'PT. Global Imperium';

export const pageRoutes: readonly PageRoute[] = [
  {
    path: '/',
    remote: 'shop',
    module: './HomePage',
    title: `Parfum Khas Indonesia | ${site}`,
    description:
      'Temukan aroma khas Anda: parfum premium buatan PT. Global Imperium, dikirim ke seluruh Indonesia.',
    initialData: () => [apiPaths.settings, apiPaths.featuredProducts],
  },
  {
    path: '/about',
    remote: 'shop',
    module: './AboutPage',
    title: `Tentang Kami | ${site}`,
    description: 'Mengenal PT. Global Imperium, produsen parfum khas Indonesia dari bahan pilihan.',
    initialData: () => [apiPaths.settings],
  },
  {
    path: '/products',
    remote: 'shop',
    module: './ProductsPage',
    title: `Semua Produk | ${site}`,
    description: 'Jelajahi semua parfum PT. Global Imperium, dari yang terbaru, lengkap dengan harga.',
    // The collections, sizes and notes fill their filters, so the form works before (or without) JavaScript.
    initialData: (_, search) => [
      apiPaths.products(parseProductBrowse(search)),
      apiPaths.collections(1),
      apiPaths.productSizes,
      apiPaths.productNotes,
    ],
  },
  {
    path: '/product/:id',
    remote: 'shop',
    module: './ProductDetailPage',
    title: `Detail Produk | ${site}`,
    description: 'Aroma, harga dan keunggulan parfum PT. Global Imperium.',
    initialData: ({ id }) => (id ? [apiPaths.product(id)] : []),
  },
  {
    path: '/collections',
    remote: 'shop',
    module: './CollectionsPage',
    title: `Koleksi Parfum | ${site}`,
    description:
      'Koleksi parfum PT. Global Imperium: unggulan, edisi mewah, musiman, paket hadiah, oriental dan citrus.',
    initialData: (_, search) => [apiPaths.collections(parsePage(search.get('page')))],
  },
  {
    path: '/collections/:slug',
    remote: 'shop',
    module: './CollectionPage',
    title: `Koleksi | ${site}`,
    description: 'Parfum pilihan dari koleksi PT. Global Imperium.',
    initialData: ({ slug }, search) =>
      slug ? [apiPaths.collection(slug, parsePage(search.get('page')))] : [],
  },
  {
    path: '/contact',
    remote: 'shop',
    module: './ContactPage',
    title: `Hubungi Kami | ${site}`,
    description: 'Alamat, telepon, email dan jam operasional PT. Global Imperium, atau kirim pesan langsung.',
    initialData: () => [apiPaths.settings],
  },
  {
    path: '/faq',
    remote: 'shop',
    module: './FaqPage',
    title: `Pertanyaan Umum (FAQ) | ${site}`,
    description: 'Jawaban atas pertanyaan seputar parfum, pemesanan, pembayaran dan pengiriman.',
    initialData: () => [apiPaths.faq],
  },
  {
    path: '/shipping',
    remote: 'shop',
    module: './ShippingPage',
    title: `Pengiriman & Pengembalian | ${site}`,
    description: 'Estimasi waktu pengiriman ke seluruh Indonesia dan syarat pengembalian produk.',
    initialData: () => [
      apiPaths.shipping,
      apiPaths.policy('shipping-policy'),
      apiPaths.policy('returns-policy'),
    ],
  },
  {
    path: '/privacy',
    remote: 'shop',
    module: './PrivacyPage',
    title: `Kebijakan Privasi | ${site}`,
    description: 'Data apa yang dikumpulkan PT. Global Imperium dan bagaimana kami menggunakannya.',
    initialData: () => [apiPaths.policy('privacy-policy')],
  },
  {
    path: '/terms',
    remote: 'shop',
    module: './TermsPage',
    title: `Syarat & Ketentuan | ${site}`,
    description: 'Syarat dan ketentuan berbelanja di PT. Global Imperium.',
    initialData: () => [apiPaths.policy('terms-conditions')],
  },
  {
    path: '/cart',
    remote: 'cart',
    module: './CartPage',
    title: `Keranjang Belanja | ${site}`,
    description: 'Keranjang belanja dan checkout parfum PT. Global Imperium.',
    // The lines' current products (the cart's prices come from the API, never from storage).
    initialData: (_params, _search, { cart }) => (cart ?? []).map((line) => apiPaths.product(line.id)),
  },
  ...['/login', '/customer/login'].map((path) => ({
    path,
    remote: 'cart' as const,
    module: './LoginPage',
    title: `Masuk | ${site}`,
    description: 'Masuk ke akun PT. Global Imperium untuk checkout dan melihat pesanan Anda.',
  })),
  ...['/register', '/customer/register'].map((path) => ({
    path,
    remote: 'cart' as const,
    module: './RegisterPage',
    title: `Daftar Akun | ${site}`,
    description: 'Buat akun PT. Global Imperium untuk berbelanja parfum premium.',
  })),
  {
    path: '/forgot-password',
    remote: 'cart',
    module: './ForgotPasswordPage',
    title: `Lupa Password | ${site}`,
    description: 'Minta tautan untuk membuat password baru akun PT. Global Imperium.',
  },
  {
    path: '/reset-password',
    remote: 'cart',
    module: './ResetPasswordPage',
    title: `Buat Password Baru | ${site}`,
    description: 'Buat password baru untuk akun PT. Global Imperium Anda.',
  },
  {
    path: '/orders/:id',
    remote: 'cart',
    module: './OrderPage',
    title: `Detail Pesanan | ${site}`,
    description: 'Status, pembayaran dan pengiriman pesanan Anda di PT. Global Imperium.',
  },
  {
    path: '/account/orders',
    remote: 'cart',
    module: './AccountOrdersPage',
    title: `Pesanan Saya | ${site}`,
    description: 'Semua pesanan Anda di PT. Global Imperium.',
  },
  {
    path: '/admin/login',
    remote: 'admin',
    module: './AdminLoginPage',
    title: `Login Admin | ${site}`,
    description: 'Masuk ke dasbor admin PT. Global Imperium.',
  },
  {
    path: '/admin',
    remote: 'admin',
    module: './AdminPage',
    title: `Dasbor Admin | ${site}`,
    description: 'Kelola produk, koleksi, pesanan dan konten toko PT. Global Imperium.',
  },
  {
    path: '/manage-products',
    remote: 'admin',
    module: './ManageProductsPage',
    title: `Kelola Produk | ${site}`,
    description: 'Tambah produk baru ke katalog PT. Global Imperium.',
  },
];

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string>;
}

/**
 * Matches a pathname against the table; a trailing slash is ignored. A parameter
 * that is not valid percent-encoding (`/product/%`) matches nothing: a missing page.
 */
export function matchPageRoute(pathname: string): RouteMatch | null {
  const parts = splitPath(pathname);
  for (const route of pageRoutes) {
    const pattern = splitPath(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matched = pattern.every((segment, i) => {
      const part = parts[i] as string;
      if (segment.startsWith(':')) {
        const value = decodeSegment(part);
        if (value === null) return false;
        params[segment.slice(1)] = value;
        return true;
      }
      return segment === part;
    });
    if (matched) return { route, params };
  }
  return null;
}

function decodeSegment(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}
