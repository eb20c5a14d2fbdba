import { useEffect } from 'react';

/**
 * Pages of one record (a product, a collection) name themselves once loaded; the
 * shell titles only fixed routes, so the Worker's server-side title is not undone.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = `${title} | PT. Global Imperium`;
  }, [title]);
}
