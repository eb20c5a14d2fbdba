import {
  type CustomerServiceRecord,
  csCategories,
  csPriorities,
  csStatuses,
  csStatusLabels,
  formatDateTime,
} from '@gi/contracts';
import { useQuery } from '@gi/platform';
import { buttonClass, toast, toastError, useErrorToast } from '@gi/ui';
import { LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { FilterSelect, PageSizeSelect, SearchBox, Toolbar } from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody, ListHead } from '../../shared/list-view.tsx';
import table from '../../shared/table.module.css';
import { RowActions } from '../../shared/table-region.tsx';
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

  const filtered = list.q !== '' || Object.values(list.filters).some(Boolean);

  return (
    <>
      <ListHead
        intro="Pertanyaan, keluhan dan pesan dari halaman kontak."
        addTo={{ search: sectionSearch('add-customer-service') }}
        addText="Tambah Data"
      />
      <Toolbar>
        <SearchBox
          label="Cari data"
          value={list.q}
          onSearch={list.setQuery}
          placeholder="Judul atau deskripsi"
        />
        <FilterSelect
          label="Status"
          all="Semua Status"
          values={csStatuses}
          labels={csStatusLabels}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
        />
        <FilterSelect
          label="Kategori"
          all="Semua Kategori"
          values={csCategories}
          labels={categoryLabels}
          value={list.filters.category}
          onChange={(value) => list.setFilter('category', value)}
        />
        <FilterSelect
          label="Prioritas"
          all="Semua Prioritas"
          values={csPriorities}
          labels={priorityLabels}
          value={list.filters.priority}
          onChange={(value) => list.setFilter('priority', value)}
        />
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <button type="button" className={buttonClass.secondary} onClick={list.reset} disabled={!filtered}>
          Reset Filter
        </button>
      </Toolbar>
      <ListBody
        query={services}
        loading={<LoadingState>Memuat data layanan pelanggan...</LoadingState>}
        error="Gagal memuat data layanan pelanggan"
        empty={
          <p>{filtered ? 'Tidak ada data yang cocok dengan filter.' : 'Belum ada data layanan pelanggan.'}</p>
        }
        table={{ label: 'Tabel layanan pelanggan', caption: 'Data layanan pelanggan', columns }}
        page={list.page}
        pageSize={list.pageSize}
        pageSearch={list.seekSearch}
        pagesLabel="Halaman layanan pelanggan"
        row={(record) => (
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
        )}
      />
    </>
  );
}
