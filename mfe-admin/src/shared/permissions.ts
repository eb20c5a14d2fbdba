import { can, type Permission } from '@gi/contracts';
import { useSession } from '@gi/session';

/**
 * Whether the signed-in staff member's role holds a permission (decision 052). The admin UI hides
 * what a role cannot use; the server refuses it anyway (403).
 */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useSession();
  return (permission) => can(user?.role, permission);
}

/**
 * Whether the signed-in user is known to lack a permission: what a form or a list leaves out for
 * that role (the price and stock fields, 'Tambah Data'). Inside AdminGuard the user is known.
 */
export function useLacks(): (permission: Permission) => boolean {
  const { user } = useSession();
  return (permission) => user !== null && !can(user.role, permission);
}
