import { describe, expect, it } from 'vitest';
import { inertControls, matchPageRoute, pageRoutes } from './routes.ts';

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

describe('inertControls', () => {
  const html =
    '<form><input name="jumlah"><select name="s"><option>a</option></select><button disabled="">Beli</button></form>' +
    '<form method="get"><input type="search" data-url-state="" name="q"><button data-url-state="">Cari</button></form>';

  it('disables every control of server HTML, once', () => {
    expect(inertControls(html)).toBe(
      '<form><input disabled name="jumlah"><select disabled name="s"><option>a</option></select><button disabled="">Beli</button></form>' +
        '<form method="get"><input disabled type="search" data-url-state="" name="q"><button disabled data-url-state="">Cari</button></form>',
    );
  });

  it("keeps a URL-state GET form's controls live for visitors without JavaScript", () => {
    expect(inertControls(html, { keepUrlState: true })).toBe(
      '<form><input disabled name="jumlah"><select disabled name="s"><option>a</option></select><button disabled="">Beli</button></form>' +
        '<form method="get"><input type="search" data-url-state="" name="q"><button data-url-state="">Cari</button></form>',
    );
    // An attribute that only starts with the marker's name is not the marker.
    expect(inertControls('<input data-url-state-x="">', { keepUrlState: true })).toBe(
      '<input disabled data-url-state-x="">',
    );
  });
});
