import type { LoginInput, ProfileUpdateInput, RegisterInput, SessionUser } from '@gi/contracts';
import { ApiError, apiRequest, UNREADABLE_ERROR } from '@gi/contracts/client';
import { apiPaths, PUBLIC_QUERIES } from '@gi/contracts/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@gi/platform';

/**
 * The signed-in user, shared by the shell and every remote through the one
 * QueryClient: whoever signs in or out updates this key and every part re-renders.
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: async () => (await apiRequest<{ user: SessionUser | null }>(apiPaths.session)).user,
  staleTime: 60_000,
});

export function useSession() {
  const { data, isPending } = useQuery(sessionQuery);
  return { user: data ?? null, isLoading: isPending, isAdmin: data?.role === 'admin' };
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest<{ user: SessionUser }>('/api/auth/login', { method: 'POST', body: JSON.stringify(input) }),
    onSuccess: ({ user }) => client.setQueryData(sessionQuery.queryKey, user),
  });
}

/** Registering signs the new customer in: the server starts the session as a login does. */
export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      apiRequest<{ user: SessionUser }>('/api/auth/register', {
        method: 'POST',
        body: JSON.stringify(input),
      }),
    onSuccess: ({ user }) => client.setQueryData(sessionQuery.queryKey, user),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/logout', { method: 'POST' }),
    onSettled: () => {
      client.setQueryData(sessionQuery.queryKey, null);
      // Whatever was loaded for the previous user must not be shown to the next one.
      client.removeQueries({
        predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== PUBLIC_QUERIES,
      });
    },
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) =>
      apiRequest<{ user: SessionUser }>('/api/auth/profile', {
        method: 'PATCH',
        body: JSON.stringify(input),
      }),
    onSuccess: ({ user }) => client.setQueryData(sessionQuery.queryKey, user),
  });
}

/** The message to show for a failed call: the server's Indonesian text, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== UNREADABLE_ERROR && error.message
    ? error.message
    : fallback;
}
