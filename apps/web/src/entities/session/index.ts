export { getDemoAccounts, getSessionUser, signIn, signInSchema, type SignInInput } from './api';
export { useAuth, useDemoAccounts, useSignIn, type AuthUser, type DemoAccount } from './hooks';
export { sessionKeys } from './keys';
