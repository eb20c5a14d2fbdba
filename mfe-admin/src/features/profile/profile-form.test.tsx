import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { admin, callsTo, mockApi, renderPage, session } from '../../test/render.tsx';
import { ProfileForm } from './profile-form.tsx';

afterEach(() => vi.unstubAllGlobals());

it('shows the spec messages for a short name and an invalid email, without calling the API', async () => {
  const fetch = mockApi({ 'GET /api/auth/session': session(admin) });
  renderPage('/admin', <ProfileForm />);
  const name = await screen.findByLabelText('Nama');
  await userEvent.clear(name);
  await userEvent.type(name, 'S');
  await userEvent.clear(screen.getByLabelText('Email'));
  await userEvent.type(screen.getByLabelText('Email'), 'bukan-email');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Perubahan' }));
  expect(screen.getByText('Nama minimal 2 karakter')).toBeTruthy();
  expect(screen.getByText('Email tidak valid')).toBeTruthy();
  expect(callsTo(fetch, 'PATCH /api/auth/profile')).toHaveLength(0);
});

it('saves the profile and, for a new email, says a confirmation link went to it', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': session(admin),
    'PATCH /api/auth/profile': () =>
      Response.json({ user: { ...admin, name: 'Sari Dewi', pendingEmail: 'sari@globalimperium.id' } }),
  });
  const { toasts } = renderPage('/admin', <ProfileForm />);
  const name = await screen.findByLabelText('Nama');
  await userEvent.clear(name);
  await userEvent.type(name, 'Sari Dewi');
  await userEvent.clear(screen.getByLabelText('Email'));
  await userEvent.type(screen.getByLabelText('Email'), 'sari@globalimperium.id');
  // A new address needs the current password (issue 38).
  await userEvent.type(screen.getByLabelText('Password Saat Ini'), 'rahasia123');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Perubahan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Profil berhasil diperbarui',
      description: 'Data pribadi Anda telah disimpan.',
    }),
  );
  expect(callsTo(fetch, 'PATCH /api/auth/profile')[0]?.body).toEqual({
    name: 'Sari Dewi',
    email: 'sari@globalimperium.id',
    currentPassword: 'rahasia123',
  });
  const note = screen.getByRole('status');
  expect(note.textContent).toContain('Tautan konfirmasi telah dikirim ke sari@globalimperium.id');
  expect(note.textContent).toContain('admin@globalimperium.id');
});

it("toasts 'Gagal memperbarui profil' with the server's message and marks the field", async () => {
  mockApi({
    'GET /api/auth/session': session(admin),
    'PATCH /api/auth/profile': () =>
      Response.json(
        {
          error: {
            code: 'email_taken',
            message: 'Email sudah digunakan akun lain',
            fields: { email: 'Email sudah digunakan akun lain' },
          },
        },
        { status: 409 },
      ),
  });
  const { toasts } = renderPage('/admin', <ProfileForm />);
  await userEvent.click(await screen.findByRole('button', { name: 'Simpan Perubahan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Gagal memperbarui profil',
      description: 'Email sudah digunakan akun lain',
      variant: 'destructive',
    }),
  );
  expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
});

it("falls back to 'Terjadi kesalahan saat menyimpan data.' when the request fails", async () => {
  mockApi({
    'GET /api/auth/session': session(admin),
    'PATCH /api/auth/profile': () => {
      throw new TypeError('offline');
    },
  });
  const { toasts } = renderPage('/admin', <ProfileForm />);
  await userEvent.click(await screen.findByRole('button', { name: 'Simpan Perubahan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Gagal memperbarui profil',
      description: 'Terjadi kesalahan saat menyimpan data.',
      variant: 'destructive',
    }),
  );
});

it('asks for the current password only while the email changes; a name alone is saved without it', async () => {
  const fetch = mockApi({
    'GET /api/auth/session': session(admin),
    'PATCH /api/auth/profile': () => Response.json({ user: { ...admin, name: 'Sari Dewi' } }),
  });
  renderPage('/admin', <ProfileForm />);
  const name = await screen.findByLabelText('Nama');
  expect(screen.queryByLabelText('Password Saat Ini')).toBeNull();
  await userEvent.type(screen.getByLabelText('Email'), 'x');
  expect(screen.getByLabelText('Password Saat Ini')).toBeTruthy();
  await userEvent.type(screen.getByLabelText('Email'), '{Backspace}');
  expect(screen.queryByLabelText('Password Saat Ini')).toBeNull();
  await userEvent.clear(name);
  await userEvent.type(name, 'Sari Dewi');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Perubahan' }));
  await waitFor(() => expect(callsTo(fetch, 'PATCH /api/auth/profile')).toHaveLength(1));
  expect(callsTo(fetch, 'PATCH /api/auth/profile')[0]?.body).toEqual({
    name: 'Sari Dewi',
    email: 'admin@globalimperium.id',
  });
});
