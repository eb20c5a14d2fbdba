/**
 * The one route table of the shop. The shell builds its router from it and the
 * Worker uses it to answer unknown paths with HTTP 404, so the two never disagree.
 */
export type RemoteName = 'shop' | 'cart' | 'admin';

export interface PageRoute {
  /** react-router pattern; `:name` segments are parameters. */
  path: string;
  remote: RemoteName;
  /** Exposed module of the remote, e.g. `./HomePage`. */
  module: string;
  /** Document title in Indonesian. */
  title: string;
  description: string;
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
  },
  {
    path: '/cart',
    remote: 'cart',
    module: './CartPage',
    title: `Keranjang Belanja | ${site}`,
    description: 'Keranjang belanja dan checkout parfum PT. Global Imperium.',
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
    path: '/admin/login',
    remote: 'admin',
    module: './AdminLoginPage',
    title: `Login Admin | ${site}`,
    description: 'Masuk ke dasbor admin PT. Global Imperium.',
  },
];

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string>;
}

/** Matches a pathname against the table; a trailing slash is ignored. */
export function matchPageRoute(pathname: string): RouteMatch | null {
  const parts = splitPath(pathname);
  for (const route of pageRoutes) {
    const pattern = splitPath(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matched = pattern.every((segment, i) => {
      const part = parts[i] as string;
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = decodeURIComponent(part);
        return true;
      }
      return segment === part;
    });
    if (matched) return { route, params };
  }
  return null;
}

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}
