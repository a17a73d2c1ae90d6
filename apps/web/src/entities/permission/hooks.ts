import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/entities/session';
import { heldPermissionIds } from '@/lib/permissions';
import { getMyPermissions } from './api';
import { permissionKeys } from './keys';

/** Permission ids the signed-in user holds. A load failure is logged and counts as none (SPEC §8). */
export function useMyPermissions() {
  const { isAuthenticated } = useAuth();
  const query = useQuery({
    queryKey: permissionKeys.mine(),
    enabled: isAuthenticated,
    queryFn: async () => {
      try {
        return await getMyPermissions();
      } catch (error) {
        console.error('Failed to load permissions', error);
        return null;
      }
    },
  });
  return { held: heldPermissionIds(query.data), isLoading: isAuthenticated && query.isLoading };
}
