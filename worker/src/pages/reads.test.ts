import { env } from 'cloudflare:test';
import { matchPageRoute, pageRoutes, readPath } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/helpers.ts';
import { readableEndpoints } from './reads.ts';

const sample = (path: string) => path.replace(':id', 'p-1').replace(':slug', 'segar');
const cart = [{ id: 'p-1', variantId: 'v-1', quantity: 1 }];

/** The JSON of the page's initial data block. */
function initialData(html: string): Record<string, unknown> {
  const block = html.match(/<script type="application\/json" id="gi-data">(.*?)<\/script>/)?.[1];
  return JSON.parse(block ?? 'null');
}

describe("a page's reads", () => {
  it('name only endpoints the Worker can read for a page', () => {
    for (const route of pageRoutes) {
      const match = matchPageRoute(sample(route.path));
      const reads = route.needs?.(match?.params ?? {}, new URLSearchParams('page=2'), { cart })?.reads ?? [];
      for (const read of reads) expect(readableEndpoints, route.path).toContain(read.key);
    }
  });

  it('are answered under the URL the browser requests, with what the API answers there', async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO products (id, name, description, price, image) VALUES ('p-1', 'Parfum Uji', 'Aroma uji yang tahan lama.', 150000, '/images/uji.webp')",
      ),
      env.DB.prepare(
        "INSERT INTO product_variants (id, product_id, size_ml, price) VALUES ('v-1', 'p-1', 50, 150000)",
      ),
      env.DB.prepare("INSERT INTO collections (id, slug, name) VALUES ('k-1', 'segar', 'Segar')"),
      env.DB.prepare("INSERT INTO collection_products (collection_id, product_id) VALUES ('k-1', 'p-1')"),
    ]);
    for (const route of pageRoutes) {
      const match = matchPageRoute(sample(route.path));
      const reads = route.needs?.(match?.params ?? {}, new URLSearchParams(), { cart })?.reads ?? [];
      const html = await (await call(sample(route.path), { cookie: 'gi_cart=p-1~v-1:1' })).text();
      // Each read as the browser's query requests it: the page holds its answer, or the API has none (404).
      const expected: Record<string, unknown> = {};
      for (const path of reads.map(readPath)) {
        const res = await call(path);
        expect([200, 404], path).toContain(res.status);
        if (res.ok) expected[path] = await res.json();
      }
      expect(initialData(html), route.path).toEqual(expected);
    }
  });
});
