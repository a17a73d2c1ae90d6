import { z } from 'zod';
import type { SignInInput } from '@/entities/session';

/** The sign-in form's checks, shown under each field before anything is sent. */
export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
}) satisfies z.ZodType<SignInInput>;
