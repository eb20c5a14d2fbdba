import {
  type AuditEntityType,
  type AuditEntry,
  auditEntityLabels,
  auditEntityTypes,
  formatDateTime,
} from '@gi/contracts';
import { useQuery, useSearchParams } from '@gi/platform';
import { buttonClass, useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { type FormEvent, type ReactNode, useId } from 'react';
import { parsePageSize } from '../../shared/list-params.ts';
import { DataTable } from '../../shared/table-region.tsx';
import { type AuditParams, auditQuery } from './api.ts';
import styles from './audit-log.module.css';

// 'Log Aktivitas' (decision 054): who changed what, when, and what it was before and after.
// Read only: the trail has no edit, and the server refuses any. Filters live in the address.

/** What each step is called; a step the list does not know yet shows as the server names it. */
const actionLabels: Record<string, string> = {
  create: 'Membuat',
  update: 'Mengubah',
  delete: 'Menghapus',
  status: 'Mengubah status',
  payment_confirm: 'Mengonfirmasi pembayaran',
  payment_reject: 'Menolak bukti transfer',
  refunded: 'Menandai refund selesai',
  shipment: 'Membuat pengiriman',
  publish: 'Menerbitkan',
  hide: 'Menyembunyikan',
  reply: 'Membalas',
  deactivate: 'Menonaktifkan',
  bulk_create: 'Membuat kode massal',
  invite: 'Mengundang',
  invite_revoke: 'Membatalkan undangan',
  invite_resend: 'Mengirim ulang undangan',
  role: 'Mengubah peran',
  disable: 'Menonaktifkan akun',
  enable: 'Mengaktifkan kembali akun',
  two_factor_on: 'Mengaktifkan verifikasi dua langkah',
  two_factor_off: 'Mematikan verifikasi dua langkah',
  recovery_codes_new: 'Membuat kode pemulihan baru',
  erase: 'Menghapus data pribadi',
  set_components: 'Menyusun isi set discovery',
};

const FILTERS = ['userId', 'entityType', 'entityId', 'from', 'to'] as const;

const isEntityType = (value: string): value is AuditEntityType =>
  (auditEntityTypes as readonly string[]).includes(value);

/** The list's filters and cursor as the address holds them. */
function useAuditParams() {
  const [search, setSearch] = useSearchParams();
  const entityType = search.get('entityType') ?? '';
  const params: AuditParams = {
    userId: search.get('userId') ?? '',
    entityType: isEntityType(entityType) ? entityType : '',
    entityId: search.get('entityId') ?? '',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    after: search.get('after') ?? '',
    before: search.get('before') ?? '',
    pageSize: parsePageSize(search.get('pageSize')),
  };
  /** New filters (or a step to a cursor): every other filter stays, a filter change starts at the newest. */
  function update(changes: Partial<Record<keyof AuditParams, string>>) {
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('after');
      next.delete('before');
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  }
  return { params, update };
}

const wib = (iso: string) => `${formatDateTime(iso)} WIB`;

/** A field's value as the admin reads it: text as is, none as '—', anything else as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** 'field: before → after' for each changed field; a create lists what it set, a delete what it removed. */
function Changes({ entry }: { entry: AuditEntry }) {
  const { before, after } = entry;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <span className={styles.muted}>Tanpa perubahan</span>;
  return (
    <ul className={styles.changes}>
      {fields.map((field) => (
        <li key={field}>
          <strong>{field}</strong>:{' '}
          <code>
            {before && after
              ? `${shown(before[field])} → ${shown(after[field])}`
              : shown((after ?? before)?.[field])}
          </code>
        </li>
      ))}
    </ul>
  );
}

function Filters({ params, update }: ReturnType<typeof useAuditParams>) {
  const id = useId();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update(Object.fromEntries(FILTERS.map((key) => [key, String(form.get(key) ?? '').trim()])));
  }
  // Keyed by the filters in effect: back, a reload or a row's link shows them in the fields.
  const key = FILTERS.map((name) => params[name]).join('|');
  return (
    <form key={key} className={styles.filters} onSubmit={onSubmit} aria-label="Saring log aktivitas">
      <div className={styles.field}>
        <label htmlFor={`${id}-type`}>Jenis data</label>
        <select id={`${id}-type`} name="entityType" defaultValue={params.entityType}>
          <option value="">Semua Jenis</option>
          {auditEntityTypes.map((type) => (
            <option key={type} value={type}>
              {auditEntityLabels[type]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-entity`}>ID data</label>
        <input id={`${id}-entity`} name="entityId" defaultValue={params.entityId} maxLength={64} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-user`}>ID staf</label>
        <input id={`${id}-user`} name="userId" defaultValue={params.userId} maxLength={64} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-from`}>Dari tanggal (WIB)</label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={params.from} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-to`}>Sampai tanggal (WIB)</label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={params.to} />
      </div>
      <button type="submit" className={buttonClass.primary}>
        Terapkan
      </button>
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={() => update(Object.fromEntries(FILTERS.map((name) => [name, ''])))}
      >
        Hapus Filter
      </button>
    </form>
  );
}

const table = {
  label: 'Tabel log aktivitas',
  caption: 'Perubahan oleh staf, terbaru lebih dulu',
  columns: ['Waktu', 'Staf', 'Data', 'Aksi', 'Perubahan'],
};

/** Log Aktivitas: every staff change, newest first, filtered by staff, data and days. */
export function AuditLog() {
  const { params, update } = useAuditParams();
  const log = useQuery(auditQuery(params));
  useErrorToast(log.isError, 'Gagal memuat log aktivitas');
  const data = log.data;
  const filtered = FILTERS.some((name) => params[name]);

  let body: ReactNode;
  if (log.isPending) body = <LoadingState>Memuat log aktivitas...</LoadingState>;
  else if (log.isError)
    body = (
      <ErrorState message="Gagal memuat log aktivitas. Silakan coba lagi." onRetry={() => log.refetch()} />
    );
  else if (!data || data.items.length === 0)
    body = (
      <EmptyState>
        <p>{filtered ? 'Tidak ada aktivitas yang cocok dengan filter.' : 'Belum ada aktivitas staf.'}</p>
      </EmptyState>
    );
  else
    body = (
      <>
        <DataTable {...table} busy={log.isFetching}>
          {data.items.map((entry) => (
            <tr key={entry.id}>
              <td>{wib(entry.created_at)}</td>
              <td>
                <button
                  type="button"
                  className={styles.link}
                  onClick={() => update({ userId: entry.user_id })}
                  aria-label={`Saring aktivitas ${entry.user_name}`}
                >
                  {entry.user_name}
                </button>
                <div className={styles.muted}>{entry.user_email}</div>
              </td>
              <td>
                {auditEntityLabels[entry.entity_type]}
                <div>
                  <button
                    type="button"
                    className={styles.link}
                    onClick={() => update({ entityType: entry.entity_type, entityId: entry.entity_id })}
                    aria-label={`Saring riwayat ${auditEntityLabels[entry.entity_type]} ${entry.entity_id}`}
                  >
                    <code>{entry.entity_id}</code>
                  </button>
                </div>
              </td>
              <td>{actionLabels[entry.action] ?? entry.action}</td>
              <td>
                <Changes entry={entry} />
              </td>
            </tr>
          ))}
        </DataTable>
        <nav className={styles.steps} aria-label="Halaman log aktivitas">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={!data.previousCursor}
            onClick={() => update({ before: data.previousCursor ?? '' })}
          >
            Lebih Baru
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={!data.nextCursor}
            onClick={() => update({ after: data.nextCursor ?? '' })}
          >
            Lebih Lama
          </button>
        </nav>
      </>
    );

  return (
    <>
      <p className={styles.muted}>
        Setiap perubahan oleh staf: siapa, kapan, data apa, sebelum dan sesudahnya. Log ini tidak dapat diubah
        atau dihapus.
      </p>
      <Filters params={params} update={update} />
      {body}
    </>
  );
}
