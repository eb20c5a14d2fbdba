import { pageSizes, parsePage } from '@gi/contracts';
import { useSearchParams } from '@gi/platform';
import { useEffect, useEffectEvent } from 'react';

export type PageSize = (typeof pageSizes)[number];

/** A `?pageSize=` value: one of 10, 25, 50 (the API refuses others), else 10. */
export function parsePageSize(value: string | null): PageSize {
  const size = Number(value);
  return (pageSizes as readonly number[]).includes(size) ? (size as PageSize) : pageSizes[0];
}

/** The query string of an API list call, without empty values. */
export function apiSearch(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Search, filters, page size and page of an admin list, kept in the URL next to
 * the section so back, reload and links keep them. Only allowed filter values are
 * read: the API answers 400 to anything else.
 */
export function useListParams<const T extends Record<string, readonly string[]>>(filters: T) {
  type F = keyof T & string;
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const pageSize = parsePageSize(params.get('pageSize'));
  const q = params.get('q') ?? '';
  // A keyset cursor of the long lists (orders, customer service): set by their step links.
  const after = params.get('after') ?? '';
  const before = params.get('before') ?? '';
  // Each filter typed as its allowed values, or '' for none: what its API's query accepts.
  const values = {} as { [K in F]: T[K][number] | '' };
  for (const [key, allowed] of Object.entries(filters) as [F, readonly string[]][]) {
    const value = params.get(key) ?? '';
    values[key] = allowed.includes(value) ? value : '';
  }

  function update(changes: Record<string, string | number | null>, replace = false) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        // Any change of search, filter, size or page starts from that page's own position.
        next.delete('after');
        next.delete('before');
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace },
    );
  }

  /** Query string of another page of this list, for pagination links. */
  function pageSearch(target: number): string {
    const next = new URLSearchParams(params);
    next.delete('after');
    next.delete('before');
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    return `?${next}`;
  }

  /**
   * Like `pageSearch`, but the page beside this one is read by keyset from its neighbour's
   * cursor (the API's `previousCursor` / `nextCursor`), so a deep page costs what the first does.
   */
  function seekSearch(target: number, cursors: { previousCursor: string | null; nextCursor: string | null }) {
    const cursor =
      target === page + 1
        ? ['after', cursors.nextCursor]
        : target === page - 1
          ? ['before', cursors.previousCursor]
          : [];
    const [key, value] = cursor;
    if (target === 1 || !key || !value) return pageSearch(target);
    const next = new URLSearchParams(pageSearch(target));
    next.set(key, value);
    return `?${next}`;
  }

  return {
    page,
    pageSize,
    q,
    filters: values,
    after,
    before,
    pageSearch,
    seekSearch,
    setPage: (target: number) => update({ page: target > 1 ? target : null }, true),
    setPageSize: (size: number) => update({ pageSize: size === pageSizes[0] ? null : size, page: null }),
    // Typing replaces the history entry: one search is one step back, not one per letter.
    setQuery: (text: string) => update({ q: text.trim() || null, page: null }, true),
    setFilter: (key: F, value: string) => update({ [key]: value || null, page: null }),
    reset: () =>
      update({ q: null, page: null, ...Object.fromEntries(Object.keys(filters).map((k) => [k, null])) }),
  };
}

/** After a delete or a smaller page size the page may be past the end: go to the last one. */
export function useClampPage(
  total: number | undefined,
  pageSize: number,
  page: number,
  setPage: (page: number) => void,
) {
  const clamp = useEffectEvent((last: number) => setPage(last));
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (page > last) clamp(last);
  }, [total, pageSize, page]);
}
