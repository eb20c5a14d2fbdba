import { and, asc, type Column, desc, gt, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import { AppError } from './errors.ts';

/**
 * Keyset ("seek") pages of the admin's long lists, sorted newest first by `created_at` with a
 * tiebreaker (docs/decisions/019-scale.md). A cursor is `<created_at>~<tiebreaker>` of the row
 * a page starts or ends at: `after` walks on, `before` walks back, and either costs the same
 * at any depth, where OFFSET reads every row it skips. Without a cursor the page is by offset
 * (a link or a reload of `?page=n`), bounded by the list query.
 */
export interface SeekOrder {
  createdAt: Column;
  /** Breaks ties between rows of the same millisecond: a unique column or rowid (as SQL). */
  tie: SQL;
  /** Ties sorted descending (rowid: the newest insert first) rather than ascending. */
  tieDescending: boolean;
  /** The cursor's tiebreaker as the value the column holds. */
  parseTie: (text: string) => string | number;
}

/** How far from an end of the list a page by offset may lie (as `page` does from the newest). */
export const OFFSET_PAGES = 10_000;
const PAGE_INVALID = 'Halaman tidak valid';

export interface SeekQuery {
  after?: string | undefined;
  before?: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * Whether `seek` needs the list's total: only a page by offset past the first, which it reads
 * from the nearer end. A first page or a cursor's page can be read in the batch that counts.
 */
export const seekNeedsTotal = (query: SeekQuery) =>
  query.after === undefined && query.before === undefined && query.page > 1;

export type SeekPlan = ReturnType<typeof seek>;

/**
 * The WHERE part, ORDER BY, LIMIT and OFFSET of one page, and whether it was read backwards.
 * `total` is the list's exact length: an offset read nearer the oldest end than the newest is
 * read oldest first from there, so the last page skips nothing. It may be left out when
 * `seekNeedsTotal` says so.
 */
export function seek(order: SeekOrder, query: SeekQuery, total = Number.POSITIVE_INFINITY) {
  const cursor = query.after ?? query.before;
  const newest = [desc(order.createdAt), order.tieDescending ? desc(order.tie) : asc(order.tie)];
  const oldest = [asc(order.createdAt), order.tieDescending ? asc(order.tie) : desc(order.tie)];
  const offset = (query.page - 1) * query.pageSize;
  const rowsAfter = total - offset - query.pageSize;
  // An offset skips at most OFFSET_PAGES pages from the nearer end; deeper is by cursor only.
  const bound = (OFFSET_PAGES - 1) * query.pageSize;
  if (cursor === undefined && offset > bound && rowsAfter > bound) {
    throw new AppError(400, 'invalid_input', PAGE_INVALID, { page: PAGE_INVALID });
  }
  if (cursor === undefined && offset > 0 && offset > rowsAfter) {
    return {
      where: undefined,
      orderBy: oldest,
      // Past the end: no row, and no query walks the list to find that out.
      limit: Math.max(0, Math.min(query.pageSize, total - offset)),
      offset: Math.max(0, rowsAfter),
      backwards: true,
      walked: false,
      more: rowsAfter > 0,
    };
  }
  const backwards = query.after === undefined && query.before !== undefined;
  let where: SQL | undefined;
  if (cursor) {
    const split = cursor.lastIndexOf('~');
    const createdAt = cursor.slice(0, split);
    const tie = order.parseTie(cursor.slice(split + 1));
    // Rows strictly past the cursor in the walking direction; the created_at bound alone lets
    // the (…, created_at DESC, …) index start at the cursor.
    const tieOnward = backwards === order.tieDescending ? gt(order.tie, tie) : lt(order.tie, tie);
    where = backwards
      ? and(gte(order.createdAt, createdAt), or(gt(order.createdAt, createdAt), tieOnward))
      : and(lte(order.createdAt, createdAt), or(lt(order.createdAt, createdAt), tieOnward));
  }
  return {
    where,
    orderBy: backwards ? oldest : newest,
    // One row more than the page tells whether another page follows in the walking direction.
    limit: query.pageSize + 1,
    offset: cursor ? 0 : offset,
    backwards,
    walked: cursor !== undefined,
    more: undefined,
  };
}

/**
 * The rows of a page, newest first, and the cursors of the pages beside it (null at either end).
 * `rows` are what `seek`'s query returned (pageSize + 1 at most).
 */
export function seekResult<Row>(
  plan: ReturnType<typeof seek>,
  rows: Row[],
  query: SeekQuery,
  cursorOf: (row: Row) => string,
): { rows: Row[]; previousCursor: string | null; nextCursor: string | null } {
  const more = plan.more ?? rows.length > query.pageSize;
  const page = rows.slice(0, query.pageSize);
  if (plan.backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  // An offset read from the oldest end knows both sides from the total. Forward: a page came
  // before if a cursor or an offset led here. Backwards by cursor: the extra row says so.
  const fromEnd = plan.more !== undefined;
  const hasPrevious = fromEnd ? query.page > 1 : plan.backwards ? more : plan.walked || query.page > 1;
  const hasNext = fromEnd ? more : plan.backwards ? true : more;
  return {
    rows: page,
    previousCursor: hasPrevious && first ? cursorOf(first) : null,
    nextCursor: hasNext && last ? cursorOf(last) : null,
  };
}

/**
 * Every row of a list, newest first, one page of `pageSize` at a time: each page starts at the
 * last one's cursor, so the walk costs the same at any depth and holds one page (an export,
 * decision 056). `readPage` runs `plan`'s query with the list's own filters.
 */
export async function* seekAll<Row>(
  order: SeekOrder,
  pageSize: number,
  readPage: (plan: SeekPlan) => Promise<Row[]>,
  cursorOf: (row: Row) => string,
): AsyncGenerator<Row[], void, undefined> {
  let after: string | undefined;
  do {
    const query = { after, page: 1, pageSize };
    const plan = seek(order, query);
    const page = seekResult(plan, await readPage(plan), query, cursorOf);
    if (page.rows.length > 0) yield page.rows;
    after = page.nextCursor ?? undefined;
  } while (after !== undefined);
}
