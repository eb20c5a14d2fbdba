import { expect, it } from 'vitest';
import { parseProductBrowse, productBrowseParams } from './api-paths.ts';
import { defaultVariant, formatPriceRange, formatSize, inStock } from './variants.ts';

const size = (size_ml: number | null, price: number, stock: number | null) => ({ size_ml, price, stock });

it("shows one price, or the range of a product's sizes, and falls back without sizes", () => {
  expect(formatPriceRange([size(30, 250_000, 1), size(50, 250_000, 0)], 1)).toBe('Rp 250.000');
  expect(formatPriceRange([size(30, 250_000, 1), size(100, 450_000, 0)], 1)).toBe('Rp 250.000 – Rp 450.000');
  expect(formatPriceRange([], 199_000)).toBe('Rp 199.000');
});

it('starts with the first size in stock; uncounted stock never runs out', () => {
  const sizes = [size(30, 1, 0), size(50, 2, null), size(100, 3, 4)];
  expect(defaultVariant(sizes)?.size_ml).toBe(50);
  expect(defaultVariant([size(30, 1, 0)])?.size_ml).toBe(30);
  expect(inStock({ stock: null })).toBe(true);
  expect(inStock({ stock: 0 })).toBe(false);
  expect(formatSize(50)).toBe('50 ml');
  expect(formatSize(null)).toBe('Ukuran standar');
});

it('reads ?size= as the API does: whole ml from 1 to 5000, anything else is no filter', () => {
  const read = (query: string) => parseProductBrowse(new URLSearchParams(query)).size;
  expect(read('size=100')).toBe(100);
  for (const bad of ['size=', 'size=0', 'size=5001', 'size=5e1', 'size=50ml', 'size=-50']) {
    expect(read(bad), bad).toBeUndefined();
  }
  expect(productBrowseParams({ q: '', size: 50, page: 1 }).toString()).toBe('size=50');
});
