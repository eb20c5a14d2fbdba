import { profileUpdateSchema } from '@gi/contracts';
import { useSession, useUpdateProfile } from '@gi/session';
import { buttonClass, Field, toast, useZodForm } from '@gi/ui';
import { type FormEvent, useState } from 'react';
import { showRefusal } from '../../shared/save-form.ts';
import section from '../../shared/section.module.css';

/** Profil Admin: name changes at once; a new email waits for the link sent to it (product.md §5). */
export function ProfileForm() {
  const { user } = useSession();
  const update = useUpdateProfile();
  const { errors, setErrors, parse } = useZodForm(profileUpdateSchema);
  const [email, setEmail] = useState<string | null>(null);
  if (!user) return null;
  // A new email needs the current password (issue 38): asked only once the address changes.
  const changingEmail = email !== null && email.trim().toLowerCase() !== user.email;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (!input || update.isPending) return;
    update.mutate(input, {
      onSuccess: () =>
        toast({ title: 'Profil berhasil diperbarui', description: 'Data pribadi Anda telah disimpan.' }),
      onError: showRefusal(setErrors, 'Gagal memperbarui profil'),
    });
  }

  return (
    <form className={`${section.form} ${section.card}`} onSubmit={onSubmit} noValidate>
      {user.pendingEmail && (
        <p className={section.note} role="status">
          Tautan konfirmasi telah dikirim ke <strong>{user.pendingEmail}</strong>. Email baru berlaku setelah
          tautan tersebut dibuka; sampai saat itu Anda tetap masuk dengan <strong>{user.email}</strong>.
        </p>
      )}
      <Field
        label="Nama"
        name="name"
        autoComplete="name"
        defaultValue={user.name}
        error={errors.name}
        required
      />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={user.email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        hint="Mengganti email mengirim tautan konfirmasi ke alamat baru."
        required
      />
      {changingEmail && (
        <Field
          label="Password Saat Ini"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
          hint="Diperlukan untuk mengganti email."
          required
        />
      )}
      <div className={section.buttons}>
        <button type="submit" className={buttonClass.primary} disabled={update.isPending}>
          {update.isPending ? 'Menyimpan...' : 'Simpan Perubahan'}
        </button>
      </div>
    </form>
  );
}
