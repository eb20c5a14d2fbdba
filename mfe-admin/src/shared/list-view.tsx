import { Link, type To } from '@gi/platform';
import { buttonClass } from '@gi/ui';
import { EmptyState, ErrorState } from '@gi/ui/states';
import type { ReactNode } from 'react';
import { Pagination } from './pagination.tsx';
import section from './section.module.css';
import { DataTable } from './table-region.tsx';

/** A list section's intro line beside its add button. */
export function ListHead({ intro, addTo, addText }: { intro: string; addTo: To; addText: string }) {
  return (
    <div className={section.head}>
      <p>{intro}</p>
      <Link to={addTo} className={buttonClass.primary}>
        {addText}
      </Link>
    </div>
  );
}

interface ListPage {
  items: readonly unknown[];
  total: number;
  totalCapped?: boolean;
}

interface ListBodyProps<P extends ListPage> {
  /** The list's query: its state picks what shows. */
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    data: P | undefined;
    refetch: () => unknown;
  };
  /** Shown while the first answer loads. */
  loading: ReactNode;
  /** The error state's message (it offers a retry). */
  error: string;
  /** Inside the empty state, when the answer has no rows. */
  empty: ReactNode;
  table: { label: string; caption: string; columns: readonly string[] };
  page: number;
  pageSize: number;
  /** Query string of page `n`; `data` gives the keyset cursors of the page on screen. */
  pageSearch: (page: number, data: P) => string;
  /** The pagination's accessible name. */
  pagesLabel: string;
  /** One keyed `<tr>` per item; `number` counts from 1 across pages. */
  row: (item: P['items'][number], number: number) => ReactNode;
}

/** An admin list below its toolbar: loading, error, empty, or the table and its pages. */
export function ListBody<P extends ListPage>(props: ListBodyProps<P>) {
  const { query, page, pageSize } = props;
  const data = query.data;
  if (query.isPending) return props.loading;
  if (query.isError) return <ErrorState message={props.error} onRetry={() => query.refetch()} />;
  if (!data) return null;
  if (data.items.length === 0) return <EmptyState>{props.empty}</EmptyState>;
  const offset = (page - 1) * pageSize;
  return (
    <>
      <DataTable {...props.table} busy={query.isFetching}>
        {data.items.map((item, index) => props.row(item, offset + index + 1))}
      </DataTable>
      <Pagination
        page={page}
        pageSize={pageSize}
        total={data.total}
        capped={data.totalCapped}
        pageSearch={(target) => props.pageSearch(target, data)}
        label={props.pagesLabel}
      />
    </>
  );
}
