import type { StaffInviteInput, StaffRole } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { keepPreviousData, queryOptions, useQueryClient } from '@gi/platform';
import { useAdminMutation } from '../../shared/admin-mutation.ts';

const staffKeys = {
  all: ['admin', 'staff'] as const,
  list: (page: number, pageSize: number) => [...staffKeys.all, 'list', page, pageSize] as const,
};

/** A page of the staff, oldest first, with the invitations still waiting. */
export const staffListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: staffKeys.list(page, pageSize),
    queryFn: () => api('GET /admin/staff', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

function useRefreshStaff() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: staffKeys.all });
}

/** Mails a signed invitation link; the invitee sets their own password. */
export function useInviteStaff() {
  return useAdminMutation({
    mutationFn: (input: StaffInviteInput) => api('POST /admin/staff/invites', { body: input }),
    refresh: useRefreshStaff(),
  });
}

export function useSetStaffRole() {
  return useAdminMutation({
    mutationFn: ({ id, role }: { id: string; role: StaffRole }) =>
      api('PATCH /admin/staff/{id}', { params: { id }, body: { role } }),
    refresh: useRefreshStaff(),
  });
}

/** Disables the account: its sessions end at once. */
export function useDisableStaff() {
  return useAdminMutation({
    mutationFn: (id: string) => api('POST /admin/staff/{id}/disable', { params: { id } }),
    refresh: useRefreshStaff(),
  });
}

/** Enables a disabled account again: it signs in with its password and keeps its role. */
export function useEnableStaff() {
  return useAdminMutation({
    mutationFn: (id: string) => api('POST /admin/staff/{id}/enable', { params: { id } }),
    refresh: useRefreshStaff(),
  });
}

/** Revokes a waiting invitation: its link stops working. */
export function useRevokeInvite() {
  return useAdminMutation({
    mutationFn: (id: string) => api('DELETE /admin/staff/invites/{id}', { params: { id } }),
    refresh: useRefreshStaff(),
  });
}

/** Mails the invitation again with a fresh link; the old link stops working. */
export function useResendInvite() {
  return useAdminMutation({
    mutationFn: (id: string) => api('POST /admin/staff/invites/{id}/resend', { params: { id } }),
    refresh: useRefreshStaff(),
  });
}
