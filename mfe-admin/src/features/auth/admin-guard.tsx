import { isStaff } from '@gi/contracts';
import { Navigate, useLocation, useQuery } from '@gi/platform';
import { useSession } from '@gi/session';
import { LoadingState } from '@gi/ui/states';
import type { ReactNode } from 'react';
import { twoFactorQuery } from '../profile/api.ts';
import { TwoFactorSettings } from '../profile/two-factor-settings.tsx';
import { NoAccess } from './no-access.tsx';

/**
 * Admin pages only for the shop's staff, any role (product.md §10.1, decision 052; the API
 * refuses everyone else with 403 anyway, and each role what its permissions do not cover): a guest goes to /login (product.md §2) and comes back to the page asked
 * for (an order's link in the shop's emails), a customer is told no.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const { pathname, search } = useLocation();
  // Where the shop requires two-factor, an admin without it sets it up before anything else
  // (decision 053; the API refuses everything else with 403 anyway).
  const twoFactor = useQuery({ ...twoFactorQuery, enabled: user ? isStaff(user.role) : false });
  if (isLoading) return <LoadingState>Memeriksa sesi...</LoadingState>;
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(`${pathname}${search}`)}`} replace />;
  if (!isStaff(user.role)) return <NoAccess />;
  if (twoFactor.data?.required && !twoFactor.data.enabled) return <TwoFactorSettings />;
  return children;
}
