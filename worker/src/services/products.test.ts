import { env } from 'cloudflare:test';
import { productSorts } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { getDb } from '../db/client.ts';
import { type ProductListFilter, productListQueries } from './products.ts';

// Every sort and filter of /products reads an index: no query of the list walks the
// products table row by row, and a search starts from the FTS5 index.

const filters: Record<string, Partial<ProductListFilter>> = {
  none: {},
  price: { min: 100_000, max: 500_000 },
  min: { min: 100_000 },
  max: { max: 500_000 },
  collection: { collection: 'segar' },
  'collection and price': { collection: 'segar', max: 500_000 },
  size: { size: 50 },
  'size and price': { size: 50, min: 100_000 },
  'search and size': { q: 'citr', size: 50 },
  search: { q: 'citr' },
  'search and price': { q: 'citr', min: 100_000 },
  'search and collection': { q: 'citr', collection: 'segar' },
  note: { note: 'jeruk' },
  'note and price': { note: 'jeruk', max: 500_000 },
  'search and note': { q: 'citr', note: 'jeruk' },
};

interface Step {
  detail: string;
  parent: number;
}

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<Step[]> {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<Step>();
  return results;
}

describe('product list query plans', () => {
  for (const [name, filter] of Object.entries(filters)) {
    for (const sort of [undefined, ...productSorts]) {
      it(`${name}, sorted ${sort ?? 'by default'}`, async () => {
        const queries = productListQueries(getDb(env.DB), { ...filter, sort, offset: 0, limit: 25 });
        if (!queries) throw new Error('no query');
        for (const query of [queries.items, queries.total]) {
          const planRows = await plan(query);
          const steps = planRows.map((step) => step.detail);
          const detail = steps.join('\n');
          // A table scan shows as 'SCAN <table>' without an index.
          for (const table of [
            'products',
            'collections',
            'collection_products',
            'product_variants',
            'product_notes',
          ])
            expect(steps, detail).not.toContain(`SCAN ${table}`);
          if (filter.q) expect(detail).toMatch(/SCAN products_fts VIRTUAL TABLE INDEX \d+:M/);
          // A filter reads only the rows it selects, never a whole index in some order.
          if (name !== 'none') expect(detail, detail).not.toMatch(/^SCAN products( |$)/m);
          // Unfiltered, the page is read in its order from an index: no sort of the whole table.
          // (Each product's own few sizes are put in order for its JSON, and each size's live
          // sales by price, inside their subqueries: not a sort of the list.)
          if (name === 'none' && query === queries.items) {
            const listSorts = planRows.filter((s) => s.parent === 0 && s.detail.includes('TEMP B-TREE'));
            expect(listSorts, detail).toEqual([]);
          }
          // The price filter and sorts read the price now, a live sale's included (decision 060);
          // unfiltered, the total is a counter.
          const priced = ['price', 'min', 'max'].includes(name);
          if (priced || (name === 'none' && sort?.startsWith('price') && query === queries.items))
            expect(detail).toMatch(/USING (COVERING )?INDEX products_price_now\b/);
          // A size's sale is read from the live sales only (sales_ends), never every sale that started.
          if (query === queries.items) {
            expect(detail).toContain('SEARCH s USING INDEX sales_ends (ends_at>?)');
            expect(detail).not.toContain('sales_starts');
          }
        }
      });
    }
  }
});
