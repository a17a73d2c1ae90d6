export { getDemoAccounts, getSessionUser, signIn, signInSchema, signOut, type SignInInput } from './api';
export { useAuth, useDemoAccounts, useSignIn, type AuthUser, type DemoAccount } from './hooks';
export { sessionKeys } from './keys';
