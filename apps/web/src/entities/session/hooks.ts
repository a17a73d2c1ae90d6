import type { AuthUser, DemoAccounts } from '@meridian/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDemoAccounts, getSessionUser, signIn } from './api';
import { sessionKeys } from './keys';

export type { AuthUser };
export type DemoAccount = DemoAccounts['accounts'][number];

/** Current session: fetched once, no retry; a 401 means signed out (user null), not an error. */
export function useAuth() {
  const { data, isLoading, error } = useQuery({
    queryKey: sessionKeys.user(),
    queryFn: getSessionUser,
    retry: false,
    staleTime: Infinity,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, error };
}

export function useDemoAccounts() {
  return useQuery({ queryKey: sessionKeys.demoAccounts(), queryFn: getDemoAccounts, staleTime: Infinity });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    meta: { expectsUnauthorized: true },
    // A new session means new data everywhere: reset every cached query (active ones,
    // the current user first among them, refetch at once).
    onSuccess: async () => {
      await client.resetQueries({ queryKey: sessionKeys.user() });
      await client.resetQueries();
    },
  });
}
