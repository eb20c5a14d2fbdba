import type { OwnReview, ReviewStatus } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { Link, queryOptions, useQuery } from '@gi/platform';
import { useSession } from '@gi/session';
import { buttonClass } from '@gi/ui';
import { useState } from 'react';
import { ReviewForm } from './review-form.tsx';
import styles from './reviews-section.module.css';

/** Whether the customer may review the product, and their review: theirs only, dropped on sign-out. */
export const myReviewQuery = (productId: string) =>
  queryOptions({
    queryKey: ['reviews', 'mine', productId] as const,
    queryFn: () => api('GET /products/{id}/reviews/mine', { params: { id: productId } }),
  });

const statusText: Record<ReviewStatus, string> = {
  pending: 'Ulasan Anda menunggu moderasi sebelum tampil.',
  published: 'Ulasan Anda sudah tampil.',
  hidden: 'Ulasan Anda disembunyikan',
};

/**
 * The customer's part of the section: the form for a buyer whose order of the product was
 * delivered ('Tulis Ulasan'), their review's status with 'Ubah Ulasan', or why they cannot
 * write one. A guest is invited to sign in.
 */
export function MyReview({ productId, openForm }: { productId: string; openForm: boolean }) {
  const { user, isLoading } = useSession();
  const { data } = useQuery({ ...myReviewQuery(productId), enabled: !!user });
  const [editing, setEditing] = useState(openForm);
  if (isLoading) return null;
  if (!user) {
    return (
      <p className={styles.muted}>
        Sudah membeli produk ini?{' '}
        <Link to="/customer/login" className={styles.link}>
          Masuk
        </Link>{' '}
        untuk menulis ulasan.
      </p>
    );
  }
  if (!data) return null;
  const { eligible, review } = data;
  if (!review && !eligible) {
    return (
      <p className={styles.notice} role="status">
        Ulasan hanya dapat ditulis oleh pembeli yang pesanannya berisi produk ini sudah diterima.
      </p>
    );
  }
  if (editing) {
    return <ReviewForm productId={productId} review={review} onDone={() => setEditing(false)} />;
  }
  return (
    <div className={styles.notice}>
      {review && <OwnStatus review={review} />}
      <button type="button" className={buttonClass.primary} onClick={() => setEditing(true)}>
        {review ? 'Ubah Ulasan' : 'Tulis Ulasan'}
      </button>
    </div>
  );
}

function OwnStatus({ review }: { review: OwnReview }) {
  return (
    <p role="status">
      {statusText[review.status]}
      {review.status === 'hidden' && review.hiddenReason ? `: ${review.hiddenReason}` : ''}
    </p>
  );
}
