/**
 * The one route table of the shop. The shell builds its router from it and the
 * Worker uses it to answer unknown paths with HTTP 404, so the two never disagree.
 */
import {
  COLLECTIONS_PAGE_SIZE,
  FEATURED_COUNT,
  PRODUCTS_PAGE_SIZE,
  parsePage,
  parseProductBrowse,
  productListQuery,
} from './api-paths.ts';
import type { CartLine } from './cart-cookie.ts';
import { type PageNeeds, pageRead } from './page-delivery.ts';
import { FIRST_REVIEWS_QUERY } from './product-page.ts';
import type { RemoteName } from './remote-table.ts';
import { finderQuery, parseFinderChoice } from './scent-finder.ts';

/**
 * Where each remote's `mf-manifest.json` lives. The Worker writes this into the
 * page at request time, so a team can move its remote without rebuilding the shell.
 */
export type RemotesConfig = Record<RemoteName, string>;

export interface PageRoute {
  /** react-router pattern; `:name` segments are parameters. */
  path: string;
  remote: RemoteName;
  /** Exposed module of the remote, e.g. `./HomePage`. */
  module: string;
  /** Document title in Indonesian. */
  title: string;
  description: string;
  /** What the page starts with (see PageNeeds); a page without it starts with no answers. */
  needs?: (
    params: Record<string, string>,
    search: URLSearchParams,
    visitor: { cart: CartLine[] | null },
  ) => PageNeeds;
}

const settings = pageRead('GET /settings');
/** A page of collections, as the collections page and the catalogue's filter ask for it. */
const collections = (page: number) =>
  pageRead('GET /collections', { query: { page, pageSize: COLLECTIONS_PAGE_SIZE } });
const product = (id: string) => pageRead('GET /products/{id}', { params: { id } });
const reviews = (id: string) =>
  pageRead('GET /products/{id}/reviews', { params: { id }, query: FIRST_REVIEWS_QUERY });
const policy = (kind: string) => pageRead('GET /content/policies/{kind}', { params: { kind } });

const site = 'PT. Global Imperium';

export const pageRoutes: readonly PageRoute[] = [
  {
    path: '/',
    remote: 'shop',
    module: './HomePage',
    title: `Parfum Khas Indonesia | ${site}`,
    description:
      'Temukan aroma khas Anda: parfum premium buatan PT. Global Imperium, dikirim ke seluruh Indonesia.',
    // The featured products sit below the hero: their photos are not the first screen's. The
    // testimonials are the best published reviews (decision 047).
    needs: () => ({
      reads: [
        settings,
        pageRead('GET /products', { query: { limit: FEATURED_COUNT } }),
        pageRead('GET /reviews/best'),
      ],
    }),
  },
  {
    path: '/about',
    remote: 'shop',
    module: './AboutPage',
    title: `Tentang Kami | ${site}`,
    description: 'Mengenal PT. Global Imperium, produsen parfum khas Indonesia dari bahan pilihan.',
    needs: () => ({ reads: [settings] }),
  },
  {
    path: '/products',
    remote: 'shop',
    module: './ProductsPage',
    title: `Semua Produk | ${site}`,
    description: 'Jelajahi semua parfum PT. Global Imperium, dari yang terbaru, lengkap dengan harga.',
    // The collections, sizes and notes fill their filters, so the form works before (or without) JavaScript.
    needs: (_, search) => {
      const products = pageRead('GET /products', { query: productListQuery(parseProductBrowse(search)) });
      return {
        reads: [products, collections(1), pageRead('GET /products/sizes'), pageRead('GET /products/notes')],
        leadPhotos: products,
      };
    },
  },
  {
    path: '/product/:id',
    remote: 'shop',
    module: './ProductDetailPage',
    title: `Detail Produk | ${site}`,
    description: 'Aroma, harga dan keunggulan parfum PT. Global Imperium.',
    needs: ({ id = '' }) => {
      const read = product(id);
      return { reads: [read, reviews(id)], leadPhotos: read };
    },
  },
  {
    path: '/collections',
    remote: 'shop',
    module: './CollectionsPage',
    title: `Koleksi Parfum | ${site}`,
    description:
      'Koleksi parfum PT. Global Imperium: unggulan, edisi mewah, musiman, paket hadiah, oriental dan citrus.',
    needs: (_, search) => {
      const read = collections(parsePage(search.get('page')));
      return { reads: [read], leadPhotos: read };
    },
  },
  {
    path: '/collections/:slug',
    remote: 'shop',
    module: './CollectionPage',
    title: `Koleksi | ${site}`,
    description: 'Parfum pilihan dari koleksi PT. Global Imperium.',
    needs: ({ slug = '' }, search) => {
      const collection = pageRead('GET /collections/{slug}', {
        params: { slug },
        query: { page: parsePage(search.get('page')), pageSize: PRODUCTS_PAGE_SIZE },
      });
      return { reads: [collection], leadPhotos: collection };
    },
  },
  {
    path: '/cari-aroma',
    remote: 'shop',
    module: './ScentFinderPage',
    title: `Cari Aroma | ${site}`,
    description:
      'Jawab beberapa pertanyaan dan temukan parfum yang cocok untuk Anda, lengkap dengan alasannya dan ukuran sampel.',
    // Before the form is sent there is nothing to read; after, its matches, so the page works without JavaScript.
    needs: (_, search) => {
      const choice = parseFinderChoice(search);
      if (!choice) return { reads: [] };
      const matches = pageRead('GET /scent-finder', { query: finderQuery(choice) });
      return { reads: [matches], leadPhotos: matches };
    },
  },
  {
    path: '/contact',
    remote: 'shop',
    module: './ContactPage',
    title: `Hubungi Kami | ${site}`,
    description: 'Alamat, telepon, email dan jam operasional PT. Global Imperium, atau kirim pesan langsung.',
    needs: () => ({ reads: [settings] }),
  },
  {
    path: '/faq',
    remote: 'shop',
    module: './FaqPage',
    title: `Pertanyaan Umum (FAQ) | ${site}`,
    description: 'Jawaban atas pertanyaan seputar parfum, pemesanan, pembayaran dan pengiriman.',
    needs: () => ({ reads: [pageRead('GET /content/faq')] }),
  },
  {
    path: '/shipping',
    remote: 'shop',
    module: './ShippingPage',
    title: `Pengiriman & Pengembalian | ${site}`,
    description: 'Estimasi waktu pengiriman ke seluruh Indonesia dan syarat pengembalian produk.',
    needs: () => ({
      reads: [pageRead('GET /shipping'), policy('shipping-policy'), policy('returns-policy')],
    }),
  },
  {
    path: '/privacy',
    remote: 'shop',
    module: './PrivacyPage',
    title: `Kebijakan Privasi | ${site}`,
    description: 'Data apa yang dikumpulkan PT. Global Imperium dan bagaimana kami menggunakannya.',
    needs: () => ({ reads: [policy('privacy-policy')] }),
  },
  {
    path: '/terms',
    remote: 'shop',
    module: './TermsPage',
    title: `Syarat & Ketentuan | ${site}`,
    description: 'Syarat dan ketentuan berbelanja di PT. Global Imperium.',
    needs: () => ({ reads: [policy('terms-conditions')] }),
  },
  {
    path: '/favorit',
    remote: 'shop',
    module: './FavoritesPage',
    title: `Favorit | ${site}`,
    description: 'Parfum favorit Anda di PT. Global Imperium, dengan harga dan stok terkini.',
  },
  {
    path: '/cart',
    remote: 'cart',
    module: './CartPage',
    title: `Keranjang Belanja | ${site}`,
    description: 'Keranjang belanja dan checkout parfum PT. Global Imperium.',
    // The lines' current products, each once (two sizes are two lines of one product): the
    // cart's prices come from the API, never from storage.
    needs: (_params, _search, { cart }) => ({
      reads: [...new Set((cart ?? []).map((line) => line.id))].map(product),
    }),
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
    path: '/account',
    remote: 'cart',
    module: './AccountPage',
    title: `Akun Saya | ${site}`,
    description: 'Pesanan, profil, email, password dan buku alamat akun PT. Global Imperium Anda.',
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
