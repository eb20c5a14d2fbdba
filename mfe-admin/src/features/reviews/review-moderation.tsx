import { reviewStatuses } from '@gi/contracts';
import { useQuery } from '@gi/platform';
import { useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { LabelledOptions, PageSizeSelect, SelectField, Toolbar } from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { Pagination } from '../../shared/pagination.tsx';
import { reviewListQuery } from './api.ts';
import { reviewStatusLabels } from './labels.ts';
import { ReviewCard } from './review-card.tsx';
import styles from './reviews.module.css';

const filters = { status: reviewStatuses };

/** 'Ulasan': the reviews waiting for moderation first (decision 040), the latest submitted first. */
export function ReviewModeration() {
  const list = useListParams(filters);
  const status = list.filters.status || 'pending';
  const reviews = useQuery(
    reviewListQuery({
      status,
      page: list.page,
      pageSize: list.pageSize,
      after: list.after,
      before: list.before,
    }),
  );
  useErrorToast(reviews.isError, 'Gagal memuat ulasan');
  useClampPage(reviews.data?.total, list.pageSize, list.page, list.setPage);
  const data = reviews.data;

  return (
    <>
      <Toolbar>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) =>
            list.setFilter('status', event.target.value === 'pending' ? '' : event.target.value)
          }
        >
          <LabelledOptions values={reviewStatuses} labels={reviewStatusLabels} />
        </SelectField>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
      </Toolbar>
      {reviews.isPending ? (
        <LoadingState>Memuat ulasan...</LoadingState>
      ) : reviews.isError || !data ? (
        <ErrorState message="Gagal memuat ulasan" onRetry={() => reviews.refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState>
          <p>
            {status === 'pending' ? 'Tidak ada ulasan yang menunggu moderasi.' : 'Belum ada ulasan di sini.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <ul
            className={styles.list}
            aria-label={`Ulasan ${reviewStatusLabels[status]}`}
            aria-busy={reviews.isFetching}
          >
            {data.items.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          <Pagination
            page={list.page}
            pageSize={list.pageSize}
            total={data.total}
            pageSearch={(target) => list.seekSearch(target, data)}
            label="Halaman ulasan"
          />
        </>
      )}
    </>
  );
}
