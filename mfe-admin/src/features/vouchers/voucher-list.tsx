import { formatDateTime, formatRupiah, type Voucher } from '@gi/contracts';
import { Link, useQuery } from '@gi/platform';
import { buttonClass, toast, toastError, useErrorToast } from '@gi/ui';
import { LoadingState } from '@gi/ui/states';
import { sectionSearch } from '../../shared/admin-nav.ts';
import { PageSizeSelect, SearchBox, Toolbar } from '../../shared/list-controls.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody } from '../../shared/list-view.tsx';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import { useDeleteVoucher, useSetVoucherActive, voucherListQuery } from './api.ts';
import { voucherTargets, voucherValue } from './labels.ts';
import styles from './vouchers.module.css';

const columns = [
  'Kode',
  'Potongan',
  'Periode (WIB)',
  'Pemakaian',
  'Diskon Diberikan',
  'Penjualan',
  'Status',
  'Aksi',
];

function Period({ voucher }: { voucher: Voucher }) {
  const from = voucher.starts_at ? formatDateTime(voucher.starts_at) : 'Sejak dibuat';
  const to = voucher.ends_at ? formatDateTime(voucher.ends_at) : 'tanpa batas';
  return (
    <>
      {from} – {to}
    </>
  );
}

/** The admin's vouchers, newest first, with what each brought (decision 041's counters). */
export function VoucherList() {
  const list = useListParams({});
  const vouchers = useQuery(voucherListQuery({ q: list.q, page: list.page, pageSize: list.pageSize }));
  const remove = useDeleteVoucher();
  const setActive = useSetVoucherActive();
  useErrorToast(vouchers.isError, 'Gagal memuat voucher');
  useClampPage(vouchers.data?.total, list.pageSize, list.page, list.setPage);

  function onDelete(voucher: Voucher) {
    if (!window.confirm(`Hapus voucher ${voucher.code}? Voucher yang sudah dipakai akan dinonaktifkan.`))
      return;
    remove.mutate(voucher.id, {
      onSuccess: ({ deleted }) =>
        toast(
          deleted
            ? { title: 'Voucher dihapus' }
            : { title: 'Voucher dinonaktifkan', description: 'Sudah dipakai pesanan, jadi tidak dihapus' },
        ),
      onError: () => toastError('Gagal menghapus voucher'),
    });
  }

  function onToggle(voucher: Voucher) {
    setActive.mutate(
      { id: voucher.id, active: !voucher.active },
      {
        onSuccess: () => toast({ title: voucher.active ? 'Voucher dinonaktifkan' : 'Voucher diaktifkan' }),
        onError: () => toastError('Gagal mengubah status voucher'),
      },
    );
  }

  return (
    <>
      <div className={section.head}>
        <p>Kode potongan untuk checkout: persen, rupiah, atau ongkos kirim.</p>
        <div className={section.buttons}>
          <Link to={{ search: sectionSearch('add-voucher') }} className={buttonClass.primary}>
            Tambah Voucher
          </Link>
          <Link to={{ search: sectionSearch('bulk-vouchers') }} className={buttonClass.secondary}>
            Buat Kode Massal
          </Link>
        </div>
      </div>
      <Toolbar>
        <SearchBox label="Cari voucher" value={list.q} onSearch={list.setQuery} placeholder="Kode voucher" />
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
      </Toolbar>
      <ListBody
        query={vouchers}
        loading={<LoadingState>Memuat voucher...</LoadingState>}
        error="Gagal memuat voucher"
        empty={<p>{list.q ? 'Tidak ada voucher yang cocok.' : 'Belum ada voucher.'}</p>}
        table={{ label: 'Tabel voucher', caption: 'Daftar voucher', columns }}
        page={list.page}
        pageSize={list.pageSize}
        pageSearch={list.pageSearch}
        pagesLabel="Halaman voucher"
        row={(voucher) => (
          <tr key={voucher.id}>
            <td>
              <strong className={styles.code}>{voucher.code}</strong>
              <span className={`${table.muted} ${styles.sub}`}>{voucherTargets(voucher)}</span>
            </td>
            <td>
              {voucherValue(voucher)}
              {voucher.min_spend > 0 && (
                <span className={`${table.muted} ${styles.sub}`}>
                  Min. belanja {formatRupiah(voucher.min_spend)}
                </span>
              )}
            </td>
            <td>
              <Period voucher={voucher} />
            </td>
            <td>
              {voucher.uses_count} / {voucher.usage_limit ?? '∞'}
              {voucher.per_customer_limit !== null && (
                <span className={`${table.muted} ${styles.sub}`}>
                  {voucher.per_customer_limit}× per pelanggan
                </span>
              )}
            </td>
            <td>{formatRupiah(voucher.discount_total)}</td>
            <td>{formatRupiah(voucher.sales_total)}</td>
            <td>
              <span className={`${styles.badge} ${voucher.active ? '' : styles.off}`}>
                {voucher.active ? 'Aktif' : 'Nonaktif'}
              </span>
            </td>
            <td>
              <div className={table.actions}>
                <Link
                  to={{ search: sectionSearch('edit-voucher', voucher.id) }}
                  className={table.action}
                  aria-label={`Edit ${voucher.code}`}
                >
                  Edit
                </Link>
                <button
                  type="button"
                  className={table.action}
                  aria-label={`${voucher.active ? 'Nonaktifkan' : 'Aktifkan'} ${voucher.code}`}
                  disabled={setActive.isPending && setActive.variables?.id === voucher.id}
                  onClick={() => onToggle(voucher)}
                >
                  {voucher.active ? 'Nonaktifkan' : 'Aktifkan'}
                </button>
                <button
                  type="button"
                  className={table.danger}
                  aria-label={`Hapus ${voucher.code}`}
                  disabled={remove.isPending && remove.variables === voucher.id}
                  onClick={() => onDelete(voucher)}
                >
                  Hapus
                </button>
              </div>
            </td>
          </tr>
        )}
      />
    </>
  );
}
