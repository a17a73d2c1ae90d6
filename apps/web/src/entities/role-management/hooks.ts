import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useAuth } from '@/entities/session';
import {
  assignRole,
  createDepartment,
  createRole,
  decideApproval,
  getAssignments,
  getDepartments,
  getElevationRequests,
  getMyBadges,
  getPendingApprovals,
  getRoles,
  getSystemPermissions,
  requestElevation,
  revokeAssignment,
  searchUsers,
} from './api';
import { roleManagementKeys as keys } from './keys';

/**
 * A panel list: loaded when signed in; a failure (e.g. 403 for a non-administrator) is logged
 * (SPEC §8 "List load failures in role management: logged only") and left as the query's error,
 * so lists read `data ?? []` while counts can tell "none" from "not visible to you".
 */
function usePanelList<T>(queryKey: QueryKey, load: () => Promise<T[]>, enabled = true) {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey,
    enabled: isAuthenticated && enabled,
    queryFn: async () => {
      try {
        return await load();
      } catch (error) {
        console.error(`Failed to load ${String(queryKey.at(-1))}`, error);
        throw error;
      }
    },
  });
}

export const useDepartments = () => usePanelList(keys.departments(), getDepartments);
export const useRoles = () => usePanelList(keys.roles(), getRoles);
export const useSystemPermissions = () => usePanelList(keys.permissions(), getSystemPermissions);
export const useAssignments = () => usePanelList(keys.assignments(), getAssignments);
export const useElevationRequests = () => usePanelList(keys.elevationRequests(), getElevationRequests);
export const usePendingApprovals = (enabled: boolean) =>
  usePanelList(keys.pendingApprovals(), getPendingApprovals, enabled);
export const useMyBadges = () => usePanelList(keys.myBadges(), getMyBadges);
export const useUserSearch = (q: string, enabled = true) => usePanelList(keys.users(q), () => searchUsers(q), enabled);

/** A mutation that reloads the given lists after success (SPEC §4: the list reloads). */
function useReloadingMutation<I, O>(mutationFn: (input: I) => Promise<O>, reload: () => QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(reload().map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useCreateDepartment = () => useReloadingMutation(createDepartment, () => [keys.departments()]);
export const useCreateRole = () => useReloadingMutation(createRole, () => [keys.roles()]);
export const useAssignRole = () =>
  useReloadingMutation(assignRole, () => [keys.assignments(), keys.pendingApprovals()]);
export const useRevokeAssignment = () => useReloadingMutation(revokeAssignment, () => [keys.assignments()]);
/** Also reloads my-permissions (same root): a granted elevation applies at once. */
export const useRequestElevation = () => useReloadingMutation(requestElevation, () => [keys.all()]);
export const useDecideApproval = () => useReloadingMutation(decideApproval, () => [keys.all()]);
