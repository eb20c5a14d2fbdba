import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { OFFSET_PAGES, type SeekOrder, seek } from './keyset.ts';

const order: SeekOrder = {
  createdAt: orders.createdAt,
  tie: sql`${orders.id}`,
  tieDescending: false,
  parseTie: String,
};
const page = (n: number) => ({ page: n, pageSize: 10 });

describe('seek: a page by offset', () => {
  it('is read from the newest end while that is nearer, then from the oldest', () => {
    expect(seek(order, page(2), 1_000)).toMatchObject({ backwards: false, offset: 10, limit: 11 });
    // Page 60 of 100 has 400 rows after it: read oldest first, skipping those.
    expect(seek(order, page(60), 1_000)).toMatchObject({
      backwards: true,
      offset: 400,
      limit: 10,
      more: true,
    });
    // The last page, partly filled, skips nothing; a page past the end reads no row.
    expect(seek(order, page(101), 1_005)).toMatchObject({
      backwards: true,
      offset: 0,
      limit: 5,
      more: false,
    });
    expect(seek(order, page(102), 1_005)).toMatchObject({ limit: 0 });
  });

  it('lies at most OFFSET_PAGES pages from one end', () => {
    const total = 500_000;
    expect(seek(order, page(OFFSET_PAGES), total)).toMatchObject({ backwards: false });
    expect(seek(order, page(50_000), total)).toMatchObject({ backwards: true, offset: 0 });
    expect(seek(order, page(50_000 - OFFSET_PAGES + 1), total)).toMatchObject({ backwards: true });
    for (const deep of [OFFSET_PAGES + 1, 25_000, 50_000 - OFFSET_PAGES]) {
      expect(() => seek(order, page(deep), total), `page ${deep}`).toThrow(AppError);
    }
    // A cursor reads any depth.
    expect(seek(order, { ...page(25_000), after: '2026-01-01T00:00:00.000Z~a' }, total)).toMatchObject({
      offset: 0,
    });
  });
});
