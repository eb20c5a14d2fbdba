import type { LoginInput, ProfileUpdateInput, RegisterInput } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError, UNREADABLE_ERROR } from '@gi/contracts/client';
import { PUBLIC_QUERIES } from '@gi/contracts/web';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@gi/platform';

/**
 * The signed-in user, shared by the shell and every remote through the one
 * QueryClient: whoever signs in or out updates this key and every part re-renders.
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: async () => (await api('GET /auth/session')).user,
  staleTime: 60_000,
});

/**
 * `isAdmin`: the user is one of the shop's staff, any role (decision 052); what each role may
 * open is the admin remote's to show and the server's to enforce. Written out here so the shop's
 * first visit loads no schema for it.
 */
export function useSession() {
  const { data, isPending } = useQuery(sessionQuery);
  return { user: data ?? null, isLoading: isPending, isAdmin: Boolean(data && data.role !== 'customer') };
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api('POST /auth/login', { body: input }),
    onSuccess: ({ user }) => client.setQueryData(sessionQuery.queryKey, user),
  });
}

/** Registering signs the new customer in: the server starts the session as a login does. */
export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => api('POST /auth/register', { body: input }),
    onSuccess: ({ user }) => client.setQueryData(sessionQuery.queryKey, user),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /auth/logout'),
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
    mutationFn: (input: ProfileUpdateInput) => api('PATCH /auth/profile', { body: input }),
    onSuccess: ({ user }) => client.setQueryData(sessionQuery.queryKey, user),
  });
}

/** The message to show for a failed call: the server's Indonesian text, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== UNREADABLE_ERROR && error.message
    ? error.message
    : fallback;
}
