import { type FormEvent, useEffect, useId, useState } from 'react';
import { urlState } from '../../shared/url-state.ts';
import styles from './product-search.module.css';

/** How long typing must pause before the search runs (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

interface ProductSearchProps {
  /** The search in the URL. */
  query: string;
  onSearch: (query: string) => void;
  /** The page's other choices, which a search without JavaScript (a plain GET) keeps. */
  keep?: URLSearchParams;
}

/** Search by name and description; the page keeps the term in the URL (`?q=`). */
export function ProductSearch({ query, onSearch, keep }: ProductSearchProps) {
  const inputId = useId();
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  // The URL changed under us (back button, a link): show its term, unless it is
  // just our own debounced text arriving (trimmed), which must not eat a trailing space.
  if (query !== shownQuery) {
    setShownQuery(query);
    if (query !== text.trim()) setText(query);
  }

  useEffect(() => {
    const next = text.trim();
    if (next === query) return;
    const timer = setTimeout(() => onSearch(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query, onSearch]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <search>
      <form method="get" action="/products" className={styles.search} onSubmit={onSubmit}>
        {[...(keep ?? [])].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} {...urlState} />
        ))}
        <label htmlFor={inputId} className={styles.label}>
          Cari produk
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Cari nama atau aroma, mis. melati"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className={styles.input}
          {...urlState}
        />
      </form>
    </search>
  );
}
