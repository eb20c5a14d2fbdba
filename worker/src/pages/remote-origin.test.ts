import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { remotesConfigSchema } from '@gi/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ORIGIN } from '../../test/helpers.ts';
import app from '../index.ts';

// A remote deployed to its own origin, at the same path as its embedded copy. Nothing
// listens there: that origin is down, and its files can only come from there.
const CART_ORIGIN = 'http://127.0.0.1:9';
const onItsOrigin = {
  ...remotesConfigSchema.parse(env.REMOTES),
  cart: `${CART_ORIGIN}/mfe/cart/mf-manifest.json`,
};

async function page(path: string, REMOTES: unknown) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`), { ...env, REMOTES } as typeof env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const remotesOf = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="gi-remotes">(.*?)<\/script>/)?.[1] ?? 'null');
const pageInSlot = (html: string) => html.match(/<main id="main"><!--\$-->(.*?)<!--\/\$--><\/main>/)?.[1];

describe('a remote on another origin', () => {
  it('is read from that origin, never from the embedded copy at the same path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await page('/cart', onItsOrigin);
    expect(res.status).toBe(200);
    const html = await res.text();
    // Its manifest could not be read: the browser gets it as configured, and renders the page itself.
    expect(remotesOf(html).cart).toBe(onItsOrigin.cart);
    expect(pageInSlot(html)).toBe('');
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`"url":"${CART_ORIGIN}/mfe/cart/ssr/render.js"`),
    );
  });

  it('is configured by REMOTES given as text (wrangler --var, dashboard), with the CSP following it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await page('/', JSON.stringify(onItsOrigin));
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    // Rendered by the browser (the fixture's renderer answers 204 for /): no inline script to admit.
    expect(csp).toContain(`script-src 'self' ${CART_ORIGIN};`);
    expect(csp).toContain(`connect-src 'self' ${CART_ORIGIN};`);
    expect(remotesOf(await res.text()).cart).toBe(onItsOrigin.cart);
  });
});
