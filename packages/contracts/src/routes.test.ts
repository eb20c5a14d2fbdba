import { describe, expect, it } from 'vitest';
import { apiPath } from './api-path.ts';
import { PRODUCTS_PAGE_SIZE } from './api-paths.ts';
import { readPath } from './page-delivery.ts';
import { matchPageRoute, pageRoutes } from './routes.ts';

describe('matchPageRoute', () => {
  it('matches every declared route by its own path', () => {
    for (const route of pageRoutes) {
      expect(matchPageRoute(route.path)?.route).toBe(route);
    }
  });

  it('ignores a trailing slash', () => {
    expect(matchPageRoute('/cart/')?.route.module).toBe('./CartPage');
  });

  it('returns null for unknown paths', () => {
    expect(matchPageRoute('/tidak-ada')).toBeNull();
    expect(matchPageRoute('/admin/login/extra')).toBeNull();
  });

  it('decodes parameters, and a malformed one matches no page', () => {
    expect(matchPageRoute('/product/parfum%20melati')?.params).toEqual({ id: 'parfum melati' });
    expect(matchPageRoute('/product/%')).toBeNull();
    expect(matchPageRoute('/collections/%ZZ')).toBeNull();
    expect(matchPageRoute('/collections/%E0%A4%A')).toBeNull();
  });
});

describe("the route table's needs", () => {
  const sample = (path: string) => path.replace(':id', 'p-1').replace(':slug', 'segar');

  it('preloads photos only of a read the page makes, and reads each path once', () => {
    for (const route of pageRoutes) {
      const match = matchPageRoute(sample(route.path));
      const needs = route.needs?.(match?.params ?? {}, new URLSearchParams('page=2'), {
        // Two sizes of one product: two lines, one read.
        cart: [
          { id: 'p-1', variantId: 'v-30', quantity: 1 },
          { id: 'p-1', variantId: 'v-50', quantity: 2 },
        ],
      });
      if (!needs) continue;
      const paths = needs.reads.map(readPath);
      expect(new Set(paths).size, route.path).toBe(paths.length);
      if (needs.leadPhotos) expect(paths, route.path).toContain(readPath(needs.leadPhotos));
    }
  });

  it('names the same GET paths the pages request (apiPath)', () => {
    const needs = matchPageRoute('/collections/segar');
    expect(
      needs?.route.needs?.(needs.params, new URLSearchParams('page=2'), { cart: null }).reads.map(readPath),
    ).toEqual([
      apiPath('GET /collections/{slug}', {
        params: { slug: 'segar' },
        query: { page: 2, pageSize: PRODUCTS_PAGE_SIZE },
      }),
    ]);
    const cart = matchPageRoute('/cart');
    expect(
      cart?.route
        .needs?.({}, new URLSearchParams(), { cart: [{ id: 'a', variantId: 'a-50', quantity: 2 }] })
        .reads.map(readPath),
    ).toEqual([apiPath('GET /products/{id}', { params: { id: 'a' } })]);
  });
});
