import { expect, it } from 'vitest';
import { readDataBlock } from './page-delivery.ts';

const page = (blocks: Record<string, string>) => ({
  getElementById: (id: string) => (id in blocks ? { textContent: blocks[id] ?? null } : null),
});

it("reads a data block's JSON, and null for a page without it, an empty or a broken one", () => {
  expect(readDataBlock(page({ 'gi-boot': '{"entries":["/a.js"]}' }), 'gi-boot')).toEqual({
    entries: ['/a.js'],
  });
  expect(readDataBlock(page({}), 'gi-boot')).toBeNull();
  expect(readDataBlock(page({ 'gi-boot': '' }), 'gi-boot')).toBeNull();
  expect(readDataBlock(page({ 'gi-boot': '{"entries":' }), 'gi-boot')).toBeNull();
});
