import { WRITE_REVIEW_PARAM } from '@gi/contracts/web';
import { useLocation, useQuery } from '@gi/platform';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { reviewKeys, reviewsQuery } from './api.ts';
import type { SectionKit } from './reviews-section.tsx';
import styles from './stars.module.css';
import { RatingLine, Stars } from './stars.tsx';

/** Under the product's name: its average and count, from the reviews the page was served with. */
export function ProductRating({ productId }: { productId: string }) {
  const { data } = useQuery(reviewsQuery(productId));
  if (!data || data.summary.average === null) return null;
  return (
    <a href="#ulasan" className={styles.jump}>
      <RatingLine average={data.summary.average} count={data.summary.count} />
    </a>
  );
}

/**
 * Signing in from the reviews comes back to the product (home otherwise): `write` reopens its
 * form there.
 */
const loginBack = (productId: string, write = false) =>
  `/customer/login?next=${encodeURIComponent(`/product/${productId}${write ? `?${WRITE_REVIEW_PARAM}=1` : ''}`)}`;

type Section = ComponentType<{ productId: string; write: string | null; kit: SectionKit }>;
/** What the section is handed (exported for its tests). */
export const kit: SectionKit = { reviewsQuery, reviewKeys, Stars, RatingLine, loginBack };

/**
 * Where the reviews go: their code (list, sorting, votes) is a chunk of its own, fetched when
 * the section nears the screen or the browser is idle, so the product page's first visit does
 * not carry it; the form (with zod) is a further chunk, fetched when opened (my-review.tsx).
 * A link that asks for the form loads both at once.
 */
export function ProductReviews({ productId }: { productId: string }) {
  const ref = useRef<HTMLElement>(null);
  // '1' from a delivered order's page, or the signed token of a review request email's link.
  const write = new URLSearchParams(useLocation().search).get(WRITE_REVIEW_PARAM);
  const [section, setSection] = useState<{ Component: Section } | null>(null);

  useEffect(() => {
    let started = false;
    const load = () => {
      if (started) return;
      started = true;
      void import('./reviews-section.tsx').then((module) => setSection({ Component: module.default }));
    };
    if (write) {
      load();
      ref.current?.scrollIntoView();
      return;
    }
    const node = ref.current;
    const observer =
      node && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
            rootMargin: '600px 0px',
          })
        : undefined;
    if (node) observer?.observe(node);
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(load, { timeout: 5000 })
        : window.setTimeout(load, 3000);
    return () => {
      observer?.disconnect();
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [write]);

  return (
    <section id="ulasan" ref={ref} className={styles.section} aria-labelledby="reviews-title">
      {section ? (
        <section.Component productId={productId} write={write} kit={kit} />
      ) : (
        <h2 id="reviews-title" className={styles.heading}>
          Ulasan Pembeli
        </h2>
      )}
    </section>
  );
}
