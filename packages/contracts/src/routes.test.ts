import { describe, expect, it } from 'vitest';
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
