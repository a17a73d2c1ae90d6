import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { heldPermissionIds, type MyPermissionsResponse } from '@/lib/permissions';
import { useAuth } from './use-auth';

export const MY_PERMISSIONS_KEY = ['/api/role-management/my-permissions'] as const;

/** Permission ids the signed-in user holds. A load failure is logged and counts as none (SPEC §8). */
export function useMyPermissions() {
  const { isAuthenticated } = useAuth();
  const query = useQuery({
    queryKey: MY_PERMISSIONS_KEY,
    enabled: isAuthenticated,
    queryFn: async () => {
      try {
        return await apiRequest<MyPermissionsResponse>('GET', MY_PERMISSIONS_KEY[0]);
      } catch (error) {
        console.error('Failed to load permissions', error);
        return null;
      }
    },
  });
  return { held: heldPermissionIds(query.data), isLoading: isAuthenticated && query.isLoading };
}
