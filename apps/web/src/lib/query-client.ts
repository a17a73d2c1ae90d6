import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast, whenToastsVisible } from '@/hooks/use-toast';
import { getQueryFn, isUnauthorizedError } from './api';
import { signedOutResponse } from './auth-guard';
import { redirectToLogin } from './login-redirect';

/** SPEC §8: a 401 Unauthorized anywhere means the session ended: tell the user, then log in again. */
function handleUnauthorized(error: unknown) {
  if (!isUnauthorizedError(error)) return;
  const response = signedOutResponse('standard');
  toast(response.toast);
  void whenToastsVisible().then(() => redirectToLogin(response.redirectDelayMs));
}

/** SPEC §7: no retries, no refetch on window focus; the query key is the URL by default. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A public page's personal query (meta.expectsUnauthorized) shows "no data" on 401 instead.
      onError: (error, query) => {
        if (!query.meta?.expectsUnauthorized) handleUnauthorized(error);
      },
    }),
    mutationCache: new MutationCache({
      // Sign-in answers 401 for bad credentials: that is a form error, not an ended session.
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.expectsUnauthorized) handleUnauthorized(error);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
