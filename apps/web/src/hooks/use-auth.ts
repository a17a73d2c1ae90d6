import { useQuery } from '@tanstack/react-query';
import { authUserSchema, type AuthUser } from '@meridian/schemas';
import { getQueryFn } from '@/lib/api';

export type { AuthUser };

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/** Current session: fetched once, no retry; a 401 means signed out (user null), not an error. */
export function useAuth() {
  const { data, isLoading, error } = useQuery({
    queryKey: AUTH_USER_KEY,
    queryFn: async (context): Promise<AuthUser | null> => {
      const data = await getQueryFn<unknown>({ on401: 'returnNull' })(context);
      return data === null ? null : authUserSchema.parse(data);
    },
    retry: false,
    staleTime: Infinity,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, error };
}
