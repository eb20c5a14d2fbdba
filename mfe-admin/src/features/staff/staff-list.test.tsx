import type { StaffList as StaffListAnswer, StaffMember } from '@gi/contracts';
import { formatDateTime } from '@gi/contracts/web';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { admin, callsTo, mockApi, renderPage, session } from '../../test/render.tsx';
import { StaffList } from './staff-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const member = (id: string, name: string, role: StaffMember['role'], disabledAt: string | null = null) => ({
  id,
  name,
  email: `${id}@contoh.id`,
  role,
  disabledAt,
  createdAt: '2026-11-01T03:00:00.000Z',
});

function staffApi(extra: Record<string, () => Response> = {}) {
  const members: StaffMember[] = [
    member(admin.id, admin.name, 'owner'),
    member('budi', 'Budi Gudang', 'order_handler'),
    member('citra', 'Citra Lama', 'content_editor', '2026-11-20T03:00:00.000Z'),
  ];
  const answer = (): StaffListAnswer => ({
    items: members,
    total: members.length,
    page: 1,
    pageSize: 10,
    invites: [],
  });
  return mockApi({
    'GET /api/auth/session': session(admin),
    'GET /api/admin/staff': () => Response.json(answer()),
    'PATCH /api/admin/staff/budi': () => {
      members[1] = { ...(members[1] as StaffMember), role: 'admin' };
      return Response.json(members[1]);
    },
    'POST /api/admin/staff/citra/enable': () => {
      members[2] = { ...(members[2] as StaffMember), disabledAt: null };
      return Response.json(members[2]);
    },
    'POST /api/admin/staff/budi/disable': () => {
      members[1] = { ...(members[1] as StaffMember), disabledAt: '2026-11-29T03:00:00.000Z' };
      return Response.json(members[1]);
    },
    ...extra,
  });
}

it("lists the staff with their roles; the owner's own row cannot be changed, a disabled one says so", async () => {
  staffApi();
  renderPage('/admin?section=staff', <StaffList />);
  const table = await screen.findByRole('table', { name: 'Staf toko dan perannya' });
  const [, own, budi, citra] = within(table).getAllByRole('row') as HTMLElement[];
  expect(within(own as HTMLElement).getByText('Pemilik')).toBeTruthy();
  expect(within(own as HTMLElement).getByText('Akun Anda')).toBeTruthy();
  expect(within(own as HTMLElement).queryByRole('combobox')).toBeNull();
  expect((within(budi as HTMLElement).getByLabelText('Peran Budi Gudang') as HTMLSelectElement).value).toBe(
    'order_handler',
  );
  expect(within(citra as HTMLElement).getByText(/Nonaktif sejak/)).toBeTruthy();
  expect(within(citra as HTMLElement).queryByRole('button', { name: /Nonaktifkan/ })).toBeNull();
  expect(within(citra as HTMLElement).queryByRole('combobox')).toBeNull();
});

it('enables a disabled account again, which then shows as active with its role to change', async () => {
  const fetch = staffApi();
  const { toasts } = renderPage('/admin?section=staff', <StaffList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Aktifkan Kembali Citra Lama' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({ title: 'Akun diaktifkan kembali', description: expect.any(String) }),
  );
  expect(callsTo(fetch, 'POST /api/admin/staff/citra/enable')).toHaveLength(1);
  expect(await screen.findByLabelText('Peran Citra Lama')).toBeTruthy();
  expect(screen.queryByText(/Nonaktif sejak/)).toBeNull();
});

it('changes a role, and disables an account after asking', async () => {
  const fetch = staffApi();
  const { toasts } = renderPage('/admin?section=staff', <StaffList />);
  const select = await screen.findByLabelText('Peran Budi Gudang');
  await userEvent.selectOptions(select, 'admin');
  await waitFor(() =>
    expect(toasts).toContainEqual({ title: 'Peran diubah', description: 'Budi Gudang: Admin' }),
  );
  expect(callsTo(fetch, 'PATCH /api/admin/staff/budi')[0]?.body).toEqual({ role: 'admin' });

  await userEvent.click(screen.getByRole('button', { name: 'Nonaktifkan Budi Gudang' }));
  const dialog = screen.getByRole('dialog', { name: 'Nonaktifkan akun Budi Gudang?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Ya, Nonaktifkan' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(callsTo(fetch, 'POST /api/admin/staff/budi/disable')).toHaveLength(1);
  expect(await screen.findAllByText(/Nonaktif sejak/)).toHaveLength(2);
});

it('invites by email with a role, and shows the invitation waiting', async () => {
  let invited = false;
  const fetch = staffApi({
    'POST /api/admin/staff/invites': () => {
      invited = true;
      return Response.json(
        {
          id: 'i1',
          email: 'dewi@contoh.id',
          role: 'content_editor',
          createdAt: '2026-11-29T03:00:00.000Z',
          expiresAt: '2026-12-06T03:00:00.000Z',
        },
        { status: 201 },
      );
    },
    'GET /api/admin/staff': () =>
      Response.json({
        items: [member(admin.id, admin.name, 'owner')],
        total: 1,
        page: 1,
        pageSize: 10,
        invites: invited
          ? [
              {
                id: 'i1',
                email: 'dewi@contoh.id',
                role: 'content_editor',
                createdAt: '2026-11-29T03:00:00.000Z',
                expiresAt: '2026-12-06T03:00:00.000Z',
              },
            ]
          : [],
      }),
  });
  const { toasts } = renderPage('/admin?section=staff', <StaffList />);
  const form = await screen.findByRole('form', { name: 'Undang Staf' });
  await userEvent.click(within(form).getByRole('button', { name: 'Kirim Undangan' }));
  expect(within(form).getByText('Email tidak valid')).toBeTruthy();
  expect(callsTo(fetch, 'POST /api/admin/staff/invites')).toHaveLength(0);

  await userEvent.type(within(form).getByLabelText('Email'), 'Dewi@Contoh.id');
  await userEvent.selectOptions(within(form).getByLabelText('Peran'), 'content_editor');
  await userEvent.click(within(form).getByRole('button', { name: 'Kirim Undangan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Undangan terkirim',
      description: 'Tautan undangan dikirim ke dewi@contoh.id',
    }),
  );
  expect(callsTo(fetch, 'POST /api/admin/staff/invites')[0]?.body).toEqual({
    email: 'dewi@contoh.id',
    role: 'content_editor',
  });
  const waiting = await screen.findByRole('list', { name: 'Undangan menunggu' });
  expect(waiting.textContent).toContain('dewi@contoh.id: Editor Konten');
});

it('resends a waiting invitation, and revokes one after asking', async () => {
  const waiting = {
    id: 'i1',
    email: 'dewi@contoh.id',
    role: 'content_editor' as const,
    createdAt: '2026-11-29T03:00:00.000Z',
    expiresAt: '2026-12-06T03:00:00.000Z',
  };
  let invites = [waiting];
  const fetch = staffApi({
    'GET /api/admin/staff': () =>
      Response.json({
        items: [member(admin.id, admin.name, 'owner')],
        total: 1,
        page: 1,
        pageSize: 10,
        invites,
      }),
    'POST /api/admin/staff/invites/i1/resend': () => {
      invites = [{ ...waiting, id: 'i2', expiresAt: '2026-12-07T03:00:00.000Z' }];
      return Response.json(invites[0], { status: 201 });
    },
    'DELETE /api/admin/staff/invites/i2': () => {
      invites = [];
      return new Response(null, { status: 204 });
    },
  });
  const { toasts } = renderPage('/admin?section=staff', <StaffList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Kirim Ulang undangan dewi@contoh.id' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({
      title: 'Undangan dikirim ulang',
      description: 'Tautan baru dikirim ke dewi@contoh.id',
    }),
  );
  expect(callsTo(fetch, 'POST /api/admin/staff/invites/i1/resend')).toHaveLength(1);

  // Revoking asks first; 'Batal' keeps it.
  const revoke = () => screen.getByRole('button', { name: 'Batalkan Undangan dewi@contoh.id' });
  // The list shows the new invitation (its new expiry) before it is revoked.
  await screen.findByText(new RegExp(formatDateTime('2026-12-07T03:00:00.000Z')));
  await userEvent.click(revoke());
  let dialog = screen.getByRole('dialog', { name: 'Batalkan undangan untuk dewi@contoh.id?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
  expect(callsTo(fetch, 'DELETE /api/admin/staff/invites/i2')).toHaveLength(0);
  await userEvent.click(revoke());
  dialog = screen.getByRole('dialog', { name: 'Batalkan undangan untuk dewi@contoh.id?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Ya, Batalkan Undangan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({ title: 'Undangan dibatalkan', description: 'dewi@contoh.id' }),
  );
  expect(callsTo(fetch, 'DELETE /api/admin/staff/invites/i2')).toHaveLength(1);
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Undangan menunggu' })).toBeNull());
});
