export { getDemoAccounts, getSessionUser, signIn, signOut, type SignInInput } from './api';
export { useAuth, useDemoAccounts, useSignIn, type AuthUser, type DemoAccount } from './hooks';
export { sessionKeys } from './keys';
