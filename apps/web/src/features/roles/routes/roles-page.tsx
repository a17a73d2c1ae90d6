import {
  useAssignments,
  useDepartments,
  useElevationRequests,
  useRoles,
  useSystemPermissions,
} from '@/entities/role-management';
import { useMyPermissions } from '@/entities/permission';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AssignmentsTab } from '../components/assignments-tab';
import { AuditTab } from '../components/audit-tab';
import { DepartmentsTab } from '../components/departments-tab';
import { OverviewTab } from '../components/overview-tab';
import { overviewCount } from '../lib/overview-counts';
import { PermissionsTab } from '../components/permissions-tab';
import { RolesTab } from '../components/roles-tab';
import { ROLES_TEXT } from '../lib/texts';

/** Role Management (/roles, SPEC §2): the Admin Panel; the server enforces every permission. */
export default function RolesPage() {
  const departments = useDepartments();
  const roles = useRoles();
  const permissions = useSystemPermissions();
  const assignments = useAssignments();
  const requests = useElevationRequests();
  const { held } = useMyPermissions();
  // A list the server refuses to this user shows no figure, not 0 (the permission each list needs).
  const counts = {
    departments: overviewCount(departments, 'Manage Departments'),
    roles: overviewCount(roles, 'Manage Roles'),
    permissions: overviewCount(permissions, 'a session'),
    assignments: overviewCount(assignments, 'Manage Roles'),
  };

  return (
    <section>
      <PageHeader
        title={ROLES_TEXT.title}
        badge={<Badge variant="secondary">{ROLES_TEXT.adminLabel}</Badge>}
        description="Departments, roles, assignments and permission elevations with dual control"
      />
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="departments">Departments</TabsTrigger>
          <TabsTrigger value="roles">Roles</TabsTrigger>
          <TabsTrigger value="assignments">Assignments</TabsTrigger>
          <TabsTrigger value="permissions">Permissions</TabsTrigger>
          {held.has('view_audit') ? <TabsTrigger value="audit">Audit Trail</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab counts={counts} requests={requests.data ?? []} canApprove={held.has('approve_elevations')} />
        </TabsContent>
        <TabsContent value="departments">
          <DepartmentsTab state={counts.departments} departments={departments.data ?? []} />
        </TabsContent>
        <TabsContent value="roles">
          <RolesTab state={counts.roles} roles={roles.data ?? []} departments={departments.data ?? []} />
        </TabsContent>
        <TabsContent value="assignments">
          <AssignmentsTab state={counts.assignments} roles={roles.data ?? []} assignments={assignments.data ?? []} />
        </TabsContent>
        <TabsContent value="permissions">
          <PermissionsTab state={counts.permissions} permissions={permissions.data ?? []} />
        </TabsContent>
        {held.has('view_audit') ? (
          <TabsContent value="audit">
            <AuditTab />
          </TabsContent>
        ) : null}
      </Tabs>
    </section>
  );
}
