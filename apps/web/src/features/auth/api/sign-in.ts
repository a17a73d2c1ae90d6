import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AUTH_USER_KEY } from '@/hooks/use-auth';
import { apiRequest } from '@/lib/api';

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});

export type SignInInput = z.infer<typeof signInSchema>;

/** Email + password sign-in through the auth library's endpoint; the session arrives as a cookie. */
export function signIn(input: SignInInput) {
  return apiRequest('POST', '/api/auth/sign-in/email', input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    meta: { expectsUnauthorized: true },
    // A new session means new data everywhere: reset every cached query (active ones,
    // the current user first among them, refetch at once).
    onSuccess: async () => {
      await queryClient.resetQueries({ queryKey: AUTH_USER_KEY });
      await queryClient.resetQueries();
    },
  });
}
