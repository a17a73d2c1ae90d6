import { useQuery } from '@tanstack/react-query';
import { errorStatus, apiRequest } from '@/lib/api';

export type DemoAccount = { email: string; name: string; roles: string[] };
export type DemoAccounts = { password: string; accounts: DemoAccount[] };

/** Demo accounts for one-click sign-in; the server answers 404 outside demo mode (then: null). */
export async function getDemoAccounts(): Promise<DemoAccounts | null> {
  try {
    return await apiRequest<DemoAccounts>('GET', '/api/auth/demo-accounts');
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

export function useDemoAccounts() {
  return useQuery({ queryKey: ['/api/auth/demo-accounts'], queryFn: getDemoAccounts, staleTime: Infinity });
}
