import type { OwnReview, ReviewStatus } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { Link, queryOptions, useQuery } from '@gi/platform';
import { errorMessage, useSession } from '@gi/session';
import { buttonClass } from '@gi/ui';
import { Loading, SkeletonText } from '@gi/ui/states';
import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import styles from './reviews-section.module.css';

// The form and zod, its validator, are a chunk of their own: fetched when the customer opens the
// form, not with every product page's reviews (decision 040).
const loadForm = () => import('./review-form.tsx');
const LazyReviewForm = lazy(() => loadForm().then((module) => ({ default: module.ReviewForm })));

/** The form, with the loading state while its chunk comes. */
function ReviewForm(props: ComponentProps<typeof LazyReviewForm>) {
  return (
    <Suspense
      fallback={
        <Loading label="Memuat formulir ulasan...">
          <SkeletonText lines={5} />
        </Loading>
      }
    >
      <LazyReviewForm {...props} />
    </Suspense>
  );
}

/** Whether the customer may review the product, and their review: theirs only, dropped on sign-out. */
export const myReviewQuery = (productId: string) =>
  queryOptions({
    queryKey: ['reviews', 'mine', productId] as const,
    queryFn: () => api('GET /products/{id}/reviews/mine', { params: { id: productId } }),
  });

/** The same through a review request email's link (decision 047): no session needed. */
export const linkReviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['reviews', 'link', token] as const,
    queryFn: () => api('GET /reviews/link', { query: { token } }),
    retry: false,
  });

const statusText: Record<ReviewStatus, string> = {
  pending: 'Ulasan Anda menunggu moderasi sebelum tampil.',
  published: 'Ulasan Anda sudah tampil.',
  hidden: 'Ulasan Anda disembunyikan',
};

const NOT_ALLOWED =
  'Ulasan hanya dapat ditulis oleh pembeli yang pesanannya berisi produk ini sudah diterima.';

/**
 * The customer's part of the section: the form for a buyer whose order of the product was
 * delivered ('Tulis Ulasan'), their review's status with 'Ubah Ulasan', or why they cannot
 * write one. A guest is invited to sign in, unless a review link opened the page.
 */
export function MyReview({
  productId,
  write,
  login,
}: {
  productId: string;
  write: string | null;
  /** The sign-in's address that comes back to this form. */
  login: string;
}) {
  // A link that asks for the form fetches its chunk at once, alongside the customer's review.
  useEffect(() => {
    if (write) void loadForm();
  }, [write]);
  if (write && write !== '1') return <LinkReview productId={productId} token={write} login={login} />;
  return <SignedInReview productId={productId} openForm={write === '1'} login={login} />;
}

function SignedInReview({
  productId,
  openForm,
  login,
}: {
  productId: string;
  openForm: boolean;
  login: string;
}) {
  const { user, isLoading } = useSession();
  const { data } = useQuery({ ...myReviewQuery(productId), enabled: !!user });
  const [editing, setEditing] = useState(openForm);
  if (isLoading) return null;
  if (!user) {
    return (
      <p className={styles.muted}>
        Sudah membeli produk ini?{' '}
        <Link to={login} className={styles.link}>
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
        {NOT_ALLOWED}
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

/** The form opened by an email's link: for the customer and product its token names. */
function LinkReview({ productId, token, login }: { productId: string; token: string; login: string }) {
  const { data, error } = useQuery(linkReviewQuery(token));
  const [done, setDone] = useState(false);
  if (error) {
    return (
      <p className={styles.notice} role="alert">
        {errorMessage(error, 'Tautan ulasan tidak dapat dibuka. Silakan coba lagi.')}
      </p>
    );
  }
  if (!data) return null;
  if (data.productId !== productId) {
    return (
      <p className={styles.notice} role="status">
        Tautan ini untuk mengulas produk lain.
      </p>
    );
  }
  if (!data.review && !data.eligible) {
    return (
      <p className={styles.notice} role="status">
        {NOT_ALLOWED}
      </p>
    );
  }
  if (data.review || done) {
    return (
      <div className={styles.notice}>
        {data.review && <OwnStatus review={data.review} />}
        <p>
          <Link to={login} className={styles.link}>
            Masuk
          </Link>{' '}
          untuk mengubah ulasan atau menambahkan foto.
        </p>
      </div>
    );
  }
  return <ReviewForm productId={productId} review={null} linkToken={token} onDone={() => setDone(true)} />;
}

function OwnStatus({ review }: { review: OwnReview }) {
  return (
    <p role="status">
      {statusText[review.status]}
      {review.status === 'hidden' && review.hiddenReason ? `: ${review.hiddenReason}` : ''}
    </p>
  );
}
