import {
  type StaffInvite,
  type StaffMember,
  type StaffRole,
  staffInviteInputSchema,
  staffRoleLabels,
  staffRoles,
} from '@gi/contracts';
import { ApiError } from '@gi/contracts/client';
import { formatDateTime } from '@gi/contracts/web';
import { useQuery } from '@gi/platform';
import { errorMessage, useSession } from '@gi/session';
import { buttonClass, Field, SelectField, toast, toastError, useErrorToast, useZodForm } from '@gi/ui';
import { LoadingState } from '@gi/ui/states';
import { type FormEvent, useState } from 'react';
import { Dialog, DialogButtons } from '../../shared/dialog.tsx';
import { useClampPage, useListParams } from '../../shared/list-params.ts';
import { ListBody } from '../../shared/list-view.tsx';
import section from '../../shared/section.module.css';
import table from '../../shared/table.module.css';
import {
  staffListQuery,
  useDisableStaff,
  useEnableStaff,
  useInviteStaff,
  useResendInvite,
  useRevokeInvite,
  useSetStaffRole,
} from './api.ts';
import styles from './staff.module.css';

const columns = ['Nama', 'Email', 'Peran', 'Status', 'Aksi'];
const noFilters = {};

/** What each role may do, as the owner reads it before choosing one (decision 052). */
const roleNotes: Record<StaffRole, string> = {
  owner: 'semua, termasuk staf dan pengaturan pembayaran',
  admin: 'semua kecuali staf dan pengaturan pembayaran',
  order_handler: 'pesanan dan pengiriman; tanpa pengaturan, harga atau staf',
  content_editor: 'halaman, konten dan produk tanpa harga atau stok',
};

function RoleOptions() {
  return staffRoles.map((role) => (
    <option key={role} value={role}>
      {staffRoleLabels[role]}
    </option>
  ));
}

/** The invitation form: an address and a role; the mail carries a signed link. */
function InviteForm() {
  const invite = useInviteStaff();
  const { errors, setErrors, parse } = useZodForm(staffInviteInputSchema);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = parse(form);
    if (!input) return;
    invite.mutate(input, {
      onSuccess: (sent) => {
        toast({ title: 'Undangan terkirim', description: `Tautan undangan dikirim ke ${sent.email}` });
        form.reset();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        toastError(errorMessage(error, 'Gagal mengirim undangan. Silakan coba lagi.'));
      },
    });
  }

  return (
    <form className={section.form} onSubmit={onSubmit} noValidate aria-labelledby="staff-invite-title">
      <h3 id="staff-invite-title">Undang Staf</h3>
      <Field label="Email" name="email" type="email" autoComplete="off" error={errors.email} required />
      <SelectField label="Peran" name="role" defaultValue="order_handler" error={errors.role}>
        <RoleOptions />
      </SelectField>
      <ul className={styles.roles}>
        {staffRoles.map((role) => (
          <li key={role}>
            <strong>{staffRoleLabels[role]}</strong>: {roleNotes[role]}
          </li>
        ))}
      </ul>
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={invite.isPending}>
          {invite.isPending ? 'Mengirim...' : 'Kirim Undangan'}
        </button>
      </div>
    </form>
  );
}

/** A member's role, changed at once (it counts from the member's next request). */
function RoleSelect({ member }: { member: StaffMember }) {
  const setRole = useSetStaffRole();
  return (
    <SelectField
      label={`Peran ${member.name}`}
      value={member.role}
      disabled={setRole.isPending}
      onChange={(event) =>
        setRole.mutate(
          { id: member.id, role: event.target.value as StaffRole },
          {
            onSuccess: (saved) =>
              toast({ title: 'Peran diubah', description: `${saved.name}: ${staffRoleLabels[saved.role]}` }),
            onError: (error) => toastError(errorMessage(error, 'Gagal mengubah peran. Silakan coba lagi.')),
          },
        )
      }
    >
      <RoleOptions />
    </SelectField>
  );
}

function DisableDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const disable = useDisableStaff();
  const [error, setError] = useState<string>();
  return (
    <Dialog title={`Nonaktifkan akun ${member.name}?`} onClose={onClose} error={error}>
      <p>{member.email} keluar dari semua perangkat saat ini juga dan tidak dapat masuk lagi ke dasbor.</p>
      <DialogButtons
        confirm="Ya, Nonaktifkan"
        pending={disable.isPending}
        onCancel={onClose}
        onConfirm={() =>
          disable.mutate(member.id, {
            onSuccess: () => {
              toast({ title: 'Akun dinonaktifkan', description: member.email });
              onClose();
            },
            onError: (err) => setError(errorMessage(err, 'Gagal menonaktifkan akun. Silakan coba lagi.')),
          })
        }
      />
    </Dialog>
  );
}

/** 'Aktifkan Kembali': a disabled account signs in again with its password and role. */
function EnableButton({ member }: { member: StaffMember }) {
  const enable = useEnableStaff();
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      aria-label={`Aktifkan Kembali ${member.name}`}
      disabled={enable.isPending}
      onClick={() =>
        enable.mutate(member.id, {
          onSuccess: () => toast({ title: 'Akun diaktifkan kembali', description: member.email }),
          onError: (err) => toastError(errorMessage(err, 'Gagal mengaktifkan akun. Silakan coba lagi.')),
        })
      }
    >
      {enable.isPending ? 'Mengaktifkan...' : 'Aktifkan Kembali'}
    </button>
  );
}

/** 'Batalkan Undangan' asks first: the link in the mail stops working. */
function RevokeInviteDialog({ invite, onClose }: { invite: StaffInvite; onClose: () => void }) {
  const revoke = useRevokeInvite();
  const [error, setError] = useState<string>();
  return (
    <Dialog title={`Batalkan undangan untuk ${invite.email}?`} onClose={onClose} error={error}>
      <p>Tautan di email undangan tidak dapat dipakai lagi. Anda dapat mengundang alamat ini lagi nanti.</p>
      <DialogButtons
        confirm="Ya, Batalkan Undangan"
        pending={revoke.isPending}
        onCancel={onClose}
        onConfirm={() =>
          revoke.mutate(invite.id, {
            onSuccess: () => {
              toast({ title: 'Undangan dibatalkan', description: invite.email });
              onClose();
            },
            onError: (err) => setError(errorMessage(err, 'Gagal membatalkan undangan. Silakan coba lagi.')),
          })
        }
      />
    </Dialog>
  );
}

/** 'Kirim Ulang': a fresh link by email, good for 7 days; the old link stops working. */
function ResendInviteButton({ invite }: { invite: StaffInvite }) {
  const resend = useResendInvite();
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      aria-label={`Kirim Ulang undangan ${invite.email}`}
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(invite.id, {
          onSuccess: (sent) =>
            toast({ title: 'Undangan dikirim ulang', description: `Tautan baru dikirim ke ${sent.email}` }),
          onError: (err) =>
            toastError(errorMessage(err, 'Gagal mengirim ulang undangan. Silakan coba lagi.')),
        })
      }
    >
      {resend.isPending ? 'Mengirim...' : 'Kirim Ulang'}
    </button>
  );
}

/** 'Staf' (the owner's, decision 052): the staff with their roles, invitations, disabling and enabling. */
export function StaffList() {
  const { user } = useSession();
  const list = useListParams(noFilters);
  const staff = useQuery(staffListQuery(list.page, list.pageSize));
  const [disabling, setDisabling] = useState<StaffMember | null>(null);
  const [revoking, setRevoking] = useState<StaffInvite | null>(null);
  useErrorToast(staff.isError, 'Gagal memuat daftar staf');
  useClampPage(staff.data?.total, list.pageSize, list.page, list.setPage);
  const invites = staff.data?.invites ?? [];

  return (
    <div className={styles.stack}>
      <InviteForm />
      {invites.length > 0 && (
        <section aria-labelledby="staff-invites-title">
          <h3 id="staff-invites-title">Undangan Menunggu</h3>
          <ul aria-label="Undangan menunggu">
            {invites.map((invite) => (
              <li key={invite.id} className={styles.invite}>
                <span>
                  {invite.email}: {staffRoleLabels[invite.role]}, berlaku sampai{' '}
                  {formatDateTime(invite.expiresAt)}
                </span>
                <span className={table.actions}>
                  <ResendInviteButton invite={invite} />
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    aria-label={`Batalkan Undangan ${invite.email}`}
                    onClick={() => setRevoking(invite)}
                  >
                    Batalkan Undangan
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ListBody
        query={staff}
        loading={<LoadingState>Memuat staf...</LoadingState>}
        error="Gagal memuat daftar staf. Silakan coba lagi."
        empty={<p>Belum ada staf.</p>}
        table={{ label: 'Tabel staf', caption: 'Staf toko dan perannya', columns }}
        page={list.page}
        pageSize={list.pageSize}
        pageSearch={list.pageSearch}
        pagesLabel="Halaman staf"
        row={(member) => {
          const own = member.id === user?.id;
          return (
            <tr key={member.id}>
              <td>{member.name}</td>
              <td>{member.email}</td>
              <td>
                {own || member.disabledAt ? staffRoleLabels[member.role] : <RoleSelect member={member} />}
              </td>
              <td>{member.disabledAt ? `Nonaktif sejak ${formatDateTime(member.disabledAt)}` : 'Aktif'}</td>
              <td>
                <div className={table.actions}>
                  {own ? (
                    'Akun Anda'
                  ) : member.disabledAt ? (
                    <EnableButton member={member} />
                  ) : (
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      aria-label={`Nonaktifkan ${member.name}`}
                      onClick={() => setDisabling(member)}
                    >
                      Nonaktifkan
                    </button>
                  )}
                </div>
              </td>
            </tr>
          );
        }}
      />
      {disabling && <DisableDialog member={disabling} onClose={() => setDisabling(null)} />}
      {revoking && <RevokeInviteDialog invite={revoking} onClose={() => setRevoking(null)} />}
    </div>
  );
}
