import { useQuery } from '@tanstack/react-query';
import { demoAccountsSchema, type DemoAccounts } from '@meridian/schemas';
import { apiRequest, errorStatus } from '@/lib/api';

export type DemoAccount = DemoAccounts['accounts'][number];

/** Demo accounts for one-click sign-in; the server answers 404 outside demo mode (then: null). */
export async function getDemoAccounts(): Promise<DemoAccounts | null> {
  try {
    return demoAccountsSchema.parse(await apiRequest('GET', '/api/auth/demo-accounts'));
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

export function useDemoAccounts() {
  return useQuery({ queryKey: ['/api/auth/demo-accounts'], queryFn: getDemoAccounts, staleTime: Infinity });
}
