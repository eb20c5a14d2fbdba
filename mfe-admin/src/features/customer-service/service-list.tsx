import {
  type CustomerServiceRecord,
  csCategories,
  csPriorities,
  csStatuses,
  csStatusLabels,
  formatDateTime,
} from '@gi/contracts';
import { Link, useQuery } from '@gi/platform';
import { buttonClass, toast, toastError, useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import {
  LabelledOptions,
  PageSizeSelect,
  SearchBox,
  SelectField,
  Toolbar,
} from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { Pagination } from '../../shared/pagination.tsx';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import { DataTable, RowActions } from '../../shared/table-region.tsx';
import { serviceListQuery, useDeleteService } from './api.ts';
import { categoryLabels, labelOf, priorityLabels } from './labels.ts';
import styles from './service.module.css';

const filters = { status: csStatuses, category: csCategories, priority: csPriorities };
const columns = ['Judul', 'Kategori', 'Prioritas', 'Status', 'Dibuat', 'Aksi'];

/** Attachments are our own images or web addresses; anything else (javascript:, data:) is not linked. */
const isLinkable = (url: string) => /^(\/images\/|https?:\/\/)/.test(url);

/** Customer-service records (contact-form messages among them), filtered and paged on the server. */
export function ServiceList() {
  const list = useListParams(filters);
  const services = useQuery(
    serviceListQuery({
      q: list.q,
      ...list.filters,
      page: list.page,
      pageSize: list.pageSize,
      after: list.after,
      before: list.before,
    }),
  );
  const remove = useDeleteService();
  useErrorToast(services.isError, 'Gagal memuat data layanan pelanggan');
  useClampPage(services.data?.total, list.pageSize, list.page, list.setPage);

  function onDelete(record: CustomerServiceRecord) {
    if (!window.confirm('Apakah Anda yakin ingin menghapus data ini?')) return;
    remove.mutate(record.id, {
      onSuccess: () => toast({ title: 'Berhasil', description: 'Data layanan pelanggan berhasil dihapus' }),
      onError: () => toastError('Gagal menghapus data layanan pelanggan'),
    });
  }

  const data = services.data;
  const filtered = list.q !== '' || Object.values(list.filters).some(Boolean);

  return (
    <>
      <div className={section.head}>
        <p>Pertanyaan, keluhan dan pesan dari halaman kontak.</p>
        <Link to={{ search: sectionSearch('add-customer-service') }} className={buttonClass.primary}>
          Tambah Data
        </Link>
      </div>
      <Toolbar>
        <SearchBox
          label="Cari data"
          value={list.q}
          onSearch={list.setQuery}
          placeholder="Judul atau deskripsi"
        />
        <SelectField
          label="Status"
          value={list.filters.status}
          onChange={(event) => list.setFilter('status', event.target.value)}
        >
          <option value="">Semua Status</option>
          <LabelledOptions values={csStatuses} labels={csStatusLabels} />
        </SelectField>
        <SelectField
          label="Kategori"
          value={list.filters.category}
          onChange={(event) => list.setFilter('category', event.target.value)}
        >
          <option value="">Semua Kategori</option>
          <LabelledOptions values={csCategories} labels={categoryLabels} />
        </SelectField>
        <SelectField
          label="Prioritas"
          value={list.filters.priority}
          onChange={(event) => list.setFilter('priority', event.target.value)}
        >
          <option value="">Semua Prioritas</option>
          <LabelledOptions values={csPriorities} labels={priorityLabels} />
        </SelectField>
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <button type="button" className={buttonClass.secondary} onClick={list.reset} disabled={!filtered}>
          Reset Filter
        </button>
      </Toolbar>

      {services.isPending ? (
        <LoadingState>Memuat data layanan pelanggan...</LoadingState>
      ) : services.isError ? (
        <ErrorState message="Gagal memuat data layanan pelanggan" onRetry={() => services.refetch()} />
      ) : data && data.items.length === 0 ? (
        <EmptyState>
          <p>{filtered ? 'Tidak ada data yang cocok dengan filter.' : 'Belum ada data layanan pelanggan.'}</p>
        </EmptyState>
      ) : (
        data && (
          <>
            <DataTable
              label="Tabel layanan pelanggan"
              caption="Data layanan pelanggan"
              columns={columns}
              busy={services.isFetching}
            >
              {data.items.map((record) => (
                <tr key={record.id}>
                  <td>
                    <strong>{record.title}</strong>
                    {record.description && (
                      <span className={`${table.clamp} ${table.muted}`}>{record.description}</span>
                    )}
                    {record.file_url && isLinkable(record.file_url) && (
                      <a href={record.file_url} target="_blank" rel="noreferrer" className={styles.file}>
                        Lihat lampiran
                      </a>
                    )}
                  </td>
                  <td>{labelOf(categoryLabels, record.category)}</td>
                  <td>
                    <span className={`${styles.badge} ${styles[`priority-${record.priority}`] ?? ''}`}>
                      {labelOf(priorityLabels, record.priority)}
                    </span>
                  </td>
                  <td>
                    <span className={`${styles.badge} ${styles[`status-${record.status}`] ?? ''}`}>
                      {labelOf(csStatusLabels, record.status)}
                    </span>
                  </td>
                  <td>{formatDateTime(record.created_at)}</td>
                  <td>
                    <RowActions
                      editTo={{ search: sectionSearch('edit-customer-service', record.id) }}
                      name={record.title}
                      deleteText="Hapus"
                      deleting={remove.isPending && remove.variables === record.id}
                      onDelete={() => onDelete(record)}
                    />
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={list.page}
              pageSize={list.pageSize}
              total={data.total}
              pageSearch={(target) => list.seekSearch(target, data)}
              label="Halaman layanan pelanggan"
            />
          </>
        )
      )}
    </>
  );
}
