import { z } from 'zod';

export const STAKEHOLDER_ROLES = [
  'issuer',
  'investor',
  'market_maker',
  'custodian',
  'compliance',
  'regulator',
] as const;
export type StakeholderRole = (typeof STAKEHOLDER_ROLES)[number];
export const ADMINISTRATOR_ROLE = 'administrator';

/** The signed-in user as returned by GET /api/auth/user. */
export const authUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    /** Role slugs of the user's active role assignments. */
    roles: z.array(z.string()),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof authUserSchema>;

export const demoAccountsSchema = z
  .object({
    password: z.string(),
    accounts: z.array(z.object({ email: z.string(), name: z.string(), roles: z.array(z.string()) })),
  })
  .meta({ id: 'DemoAccounts' });
export type DemoAccounts = z.infer<typeof demoAccountsSchema>;

/** Body of better-auth's POST /api/auth/sign-in/email. */
export const signInSchema = z.object({
  email: z.email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
export type SignIn = z.infer<typeof signInSchema>;
