import type { Review, ReviewSummary } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { formatDate, imageSrcSet } from '@gi/contracts/web';
import { keepPreviousData, Link, useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage, useSession } from '@gi/session';
import { buttonClass, toastError } from '@gi/ui';
import { EmptyState, ErrorState, Loading, SkeletonText } from '@gi/ui/states';
import { createContext, useContext, useState } from 'react';
import type { ReviewSort, reviewKeys, reviewsQuery } from './api.ts';
import { occasionLabels, projectionLabels } from './labels.ts';
import { MyReview } from './my-review.tsx';
import styles from './reviews-section.module.css';
import type { RatingLine, Stars } from './stars.tsx';

/**
 * What the product page already loaded and this chunk uses too (the reviews' query, the stars,
 * the sign-in link): handed over rather than imported, so those modules stay in the page's chunk
 * and are not split into a third file both would load.
 */
export interface SectionKit {
  reviewsQuery: typeof reviewsQuery;
  reviewKeys: typeof reviewKeys;
  Stars: typeof Stars;
  RatingLine: typeof RatingLine;
  /** The sign-in's address that comes back to the product (`write`: its form open). */
  loginBack: (productId: string, write?: boolean) => string;
}

const KitContext = createContext<SectionKit | null>(null);

function useKit(): SectionKit {
  const kit = useContext(KitContext);
  if (!kit) throw new Error('ReviewsSection renders its parts');
  return kit;
}

const sortLabels: Record<ReviewSort, string> = { newest: 'Terbaru', helpful: 'Paling Membantu' };

/**
 * The product's reviews (issue 41): figures, the wear-test, the list and the customer's own
 * review or form. Loaded as its own chunk when the section nears the screen, so the product
 * page's first visit does not carry it.
 */
export default function ReviewsSection({
  productId,
  write,
  kit,
}: {
  productId: string;
  /** The page's WRITE_REVIEW_PARAM: '1' opens the form, a review link's token opens it without signing in. */
  write: string | null;
  kit: SectionKit;
}) {
  return (
    <KitContext.Provider value={kit}>
      <Reviews productId={productId} write={write} />
    </KitContext.Provider>
  );
}

function Reviews({ productId, write }: { productId: string; write: string | null }) {
  const { reviewsQuery, loginBack } = useKit();
  const [sort, setSort] = useState<ReviewSort>('newest');
  // The cursors of the pages shown after the first ('Muat Ulasan Lainnya').
  const [more, setMore] = useState<string[]>([]);
  // The other sort's first page keeps the shown one until it comes: the sort buttons stay put.
  const {
    data: first,
    isPending,
    isError,
    refetch,
  } = useQuery({
    ...reviewsQuery(productId, sort),
    placeholderData: keepPreviousData,
  });
  const choose = (next: ReviewSort) => {
    setSort(next);
    setMore([]);
  };
  return (
    <>
      <h2 id="reviews-title" className={styles.title}>
        Ulasan Pembeli
      </h2>
      <MyReview productId={productId} write={write} login={loginBack(productId, true)} />
      {isPending && (
        <Loading label="Memuat ulasan...">
          <SkeletonText lines={4} />
        </Loading>
      )}
      {isError && <ErrorState message="Ulasan gagal dimuat." onRetry={() => refetch()} />}
      {first && first.summary.count === 0 && <EmptyState>Belum ada ulasan untuk produk ini.</EmptyState>}
      {first && first.summary.count > 0 && (
        <>
          <Summary summary={first.summary} />
          <fieldset className={styles.sorts} aria-label="Urutkan ulasan">
            {(Object.keys(sortLabels) as ReviewSort[]).map((key) => (
              <button
                key={key}
                type="button"
                className={styles.sort}
                aria-pressed={sort === key}
                onClick={() => choose(key)}
              >
                {sortLabels[key]}
              </button>
            ))}
          </fieldset>
          <ul className={styles.list}>
            <ReviewItems items={first.items} productId={productId} />
            {more.map((after) => (
              <MoreReviews key={after} productId={productId} sort={sort} after={after} />
            ))}
          </ul>
          <LoadMore
            productId={productId}
            sort={sort}
            last={more.at(-1)}
            firstCursor={first.nextCursor}
            onMore={(cursor) => setMore((shown) => [...shown, cursor])}
          />
        </>
      )}
    </>
  );
}

/** Average, the 5..1 stars' bars and the wear-test's summary. */
function Summary({ summary }: { summary: ReviewSummary }) {
  const { RatingLine } = useKit();
  const { count, average, distribution, wearTest } = summary;
  return (
    <div className={styles.summary}>
      <div>
        {average !== null && <RatingLine average={average} count={count} />}
        <ul className={styles.bars} aria-label="Sebaran bintang">
          {[5, 4, 3, 2, 1].map((stars) => {
            const n = distribution[stars - 1] ?? 0;
            return (
              <li key={stars} className={styles.bar}>
                <span>{stars} ★</span>
                <span className={styles.track} aria-hidden="true">
                  <span className={styles.fill} style={{ width: `${count ? (n / count) * 100 : 0}%` }} />
                </span>
                <span>{n}</span>
              </li>
            );
          })}
        </ul>
      </div>
      {wearTest.count > 0 && <WearSummary wear={wearTest} />}
    </div>
  );
}

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

function WearSummary({ wear }: { wear: ReviewSummary['wearTest'] }) {
  const projection = (Object.keys(wear.projection) as (keyof typeof wear.projection)[]).reduce((a, b) =>
    wear.projection[b] > wear.projection[a] ? b : a,
  );
  const occasions = (Object.keys(wear.occasions) as (keyof typeof wear.occasions)[])
    .filter((key) => wear.occasions[key] > 0)
    .sort((a, b) => wear.occasions[b] - wear.occasions[a]);
  return (
    <section className={styles.wear} aria-labelledby="wear-title">
      <h3 id="wear-title" className={styles.subtitle}>
        Uji Pakai di Iklim Tropis
      </h3>
      <dl className={styles.facts}>
        {wear.averageHours !== null && (
          <div>
            <dt>Tahan rata-rata</dt>
            <dd>{new Intl.NumberFormat('id-ID').format(wear.averageHours)} jam</dd>
          </div>
        )}
        <div>
          <dt>Proyeksi terbanyak</dt>
          <dd>{projectionLabels[projection]}</dd>
        </div>
        {occasions.length > 0 && (
          <div>
            <dt>Dipakai untuk</dt>
            <dd>{occasions.map((key) => `${occasionLabels[key]} (${wear.occasions[key]})`).join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>Dipakai saat panas &amp; lembap</dt>
          <dd>
            {percent(wear.heat, wear.count)} dari {wear.count} penguji
          </dd>
        </div>
      </dl>
    </section>
  );
}

function MoreReviews({ productId, sort, after }: { productId: string; sort: ReviewSort; after: string }) {
  const { reviewsQuery } = useKit();
  const { data } = useQuery(reviewsQuery(productId, sort, after));
  return data ? <ReviewItems items={data.items} productId={productId} /> : null;
}

/** 'Muat Ulasan Lainnya' while the last page shown has a next one. */
function LoadMore({
  productId,
  sort,
  last,
  firstCursor,
  onMore,
}: {
  productId: string;
  sort: ReviewSort;
  last: string | undefined;
  firstCursor: string | null;
  onMore: (cursor: string) => void;
}) {
  const { reviewsQuery } = useKit();
  const { data } = useQuery({ ...reviewsQuery(productId, sort, last), enabled: last !== undefined });
  const next = last === undefined ? firstCursor : data?.nextCursor;
  if (!next) return null;
  return (
    <button type="button" className={buttonClass.secondary} onClick={() => onMore(next)}>
      Muat Ulasan Lainnya
    </button>
  );
}

function ReviewItems({ items, productId }: { items: Review[]; productId: string }) {
  return items.map((review) => <ReviewItem key={review.id} review={review} productId={productId} />);
}

function ReviewItem({ review, productId }: { review: Review; productId: string }) {
  const { Stars } = useKit();
  return (
    <li className={styles.review}>
      <article aria-label={`Ulasan ${review.author}`}>
        <p className={styles.head}>
          <strong>{review.author}</strong>
          <span className={styles.badge}>✓ Pembeli Terverifikasi</span>
        </p>
        <p className={styles.head}>
          <Stars value={review.rating} label={`${review.rating} dari 5 bintang`} />
          {review.publishedAt && <time dateTime={review.publishedAt}>{formatDate(review.publishedAt)}</time>}
        </p>
        <p className={styles.body}>{review.body}</p>
        {review.wearTest && (
          <ul className={styles.chips} aria-label="Uji pakai">
            <li>Tahan {review.wearTest.hours} jam</li>
            <li>Proyeksi {projectionLabels[review.wearTest.projection].toLowerCase()}</li>
            {review.wearTest.occasions.map((occasion) => (
              <li key={occasion}>{occasionLabels[occasion]}</li>
            ))}
            {review.wearTest.heat && <li>Dipakai saat panas &amp; lembap</li>}
          </ul>
        )}
        {review.photos.length > 0 && (
          <ul className={styles.photos}>
            {review.photos.map((photo) => (
              <li key={photo.url}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.url}
                    srcSet={imageSrcSet(photo)}
                    sizes="6rem"
                    alt={`Foto dari ${review.author}`}
                    loading="lazy"
                    width={96}
                    height={96}
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        {review.reply && (
          <div className={styles.reply}>
            <p className={styles.subtitle}>Balasan PT. Global Imperium</p>
            <p className={styles.body}>{review.reply.text}</p>
          </div>
        )}
        <HelpfulButton review={review} productId={productId} />
      </article>
    </li>
  );
}

/** 'Membantu': a signed-in customer's vote, once per review; a guest is asked to sign in. */
function HelpfulButton({ review, productId }: { review: Review; productId: string }) {
  const { user } = useSession();
  const { reviewKeys, loginBack } = useKit();
  const client = useQueryClient();
  const vote = useMutation({
    mutationFn: () => api('POST /reviews/{id}/helpful', { params: { id: review.id } }),
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: reviewKeys.product(productId), refetchType: 'none' }),
    onError: (error) =>
      toastError(
        error instanceof ApiError && error.status === 401
          ? 'Masuk dulu untuk menandai ulasan membantu.'
          : errorMessage(error, 'Gagal menandai ulasan. Silakan coba lagi.'),
      ),
  });
  // The server's count once this customer voted, the list's until then.
  const count = vote.data?.helpfulCount ?? review.helpfulCount;
  return (
    <p className={styles.helpful}>
      {user ? (
        <button
          type="button"
          className={styles.link}
          disabled={vote.isPending || vote.isSuccess}
          onClick={() => vote.mutate()}
        >
          👍 Membantu ({count})
        </button>
      ) : (
        <>
          <span>👍 {count} orang terbantu · </span>
          <Link to={loginBack(productId)} className={styles.link}>
            Masuk untuk menilai
          </Link>
        </>
      )}
    </p>
  );
}
