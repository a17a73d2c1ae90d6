import { myPermissionsSchema, type MyPermissions } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { permissionKeys } from './keys';

/** GET /api/role-management/my-permissions: what the user holds, by role, direct grant and elevation. */
export async function getMyPermissions(): Promise<MyPermissions> {
  return myPermissionsSchema.parse(await apiRequest('GET', urlFromQueryKey(permissionKeys.mine())));
}
