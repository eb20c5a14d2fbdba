import {
  type ChangePasswordInput,
  changePasswordSchema,
  type EmailChangeInput,
  emailChangeSchema,
  type ProfileUpdateInput,
  profileUpdateSchema,
  type SessionUser,
} from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { useUpdateProfile } from '@gi/session';
import { Field } from '@gi/ui';
import styles from './account.module.css';
import { AccountForm } from './account-form.tsx';

/** 'Profil': name and phone change at once (product.md §5's name rule, an Indonesian phone). */
export function ProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  return (
    <AccountForm
      id="account-profile"
      title="Profil"
      schema={profileUpdateSchema}
      send={(input: ProfileUpdateInput) => update.mutateAsync(input)}
      done={() => ({ title: 'Profil berhasil diperbarui', description: 'Data pribadi Anda telah disimpan.' })}
      failed="Gagal memperbarui profil"
      submit="Simpan Profil"
    >
      {(errors) => (
        <>
          {/* The address changes in its own section: this form keeps the current one. */}
          <input type="hidden" name="email" value={user.email} />
          <Field
            label="Nama"
            name="name"
            autoComplete="name"
            defaultValue={user.name}
            error={errors.name}
            required
          />
          <Field
            label="Nomor Telepon"
            name="phone"
            type="tel"
            autoComplete="tel"
            hint="Boleh dikosongkan. Contoh: 0812-3456-7890"
            defaultValue={user.phone ?? ''}
            error={errors.phone}
          />
        </>
      )}
    </AccountForm>
  );
}

/**
 * 'Ganti Email': the new address, with the current password (issue 38), waits for the link sent
 * to it (product.md §5); the current address gets a link that undoes the change.
 */
export function EmailForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  return (
    <AccountForm
      id="account-email"
      title="Ganti Email"
      schema={emailChangeSchema}
      send={(input: EmailChangeInput) => update.mutateAsync(input)}
      done={({ email }) => ({
        title: 'Tautan konfirmasi terkirim',
        description: `Buka tautan yang kami kirim ke ${email} untuk memakai email baru. Email lama Anda juga menerima tautan untuk membatalkan penggantian ini.`,
      })}
      failed="Gagal mengganti email"
      reset
      submit="Kirim Tautan Konfirmasi"
    >
      {(errors) => (
        <>
          <p className={styles.muted}>
            Email saat ini: <strong>{user.email}</strong>
          </p>
          {user.pendingEmail && (
            <p className={styles.note} role="status">
              Menunggu konfirmasi: tautan telah dikirim ke <strong>{user.pendingEmail}</strong>. Email baru
              berlaku setelah tautan tersebut dibuka; sampai saat itu Anda tetap masuk dengan{' '}
              <strong>{user.email}</strong>.
            </p>
          )}
          <input type="hidden" name="name" value={user.name} />
          <Field
            label="Email Baru"
            name="email"
            type="email"
            autoComplete="email"
            error={errors.email}
            required
          />
          <Field
            label="Password Saat Ini"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            hint="Demi keamanan, email hanya dapat diganti dengan password akun ini."
            error={errors.currentPassword}
            required
          />
        </>
      )}
    </AccountForm>
  );
}

const changePassword = (input: ChangePasswordInput) => api('POST /auth/password/change', { body: input });

/** 'Ganti Password': the current one, then the new one twice; other devices are signed out. */
export function PasswordForm() {
  return (
    <AccountForm
      id="account-password"
      title="Ganti Password"
      schema={changePasswordSchema}
      send={changePassword}
      done={() => ({
        title: 'Password berhasil diganti',
        description: 'Perangkat lain yang masuk ke akun ini telah dikeluarkan.',
      })}
      failed="Gagal mengganti password"
      reset
      submit="Ganti Password"
    >
      {(errors) => (
        <>
          <Field
            label="Password Saat Ini"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword}
            required
          />
          <Field
            label="Password Baru"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="Minimal 6 karakter."
            error={errors.password}
            required
          />
          <Field
            label="Ulangi Password Baru"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword}
            required
          />
        </>
      )}
    </AccountForm>
  );
}
