import type { Assignment, AssignResult, Role, UserSummary } from '@meridian/schemas';
import { useAssignRole, useRevokeAssignment } from '@/entities/role-management';
import { useAuth } from '@/entities/session';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateTime } from '@/lib/format';
import { localDateTimeToIso } from '../lib/form-values';
import { BADGE_ID_LIST_CHARS, ROLES_TEXT, selectClass } from '../lib/texts';
import { Field, PanelForm, useDraftForm } from './panel-form';
import { UserPicker } from './user-picker';
import type { OverviewCount } from '../lib/overview-counts';
import { hasRows, ListNotice } from './list-notice';

type Draft = { user: UserSummary | null; roleId: string; expiresAt: string };
const EMPTY: Draft = { user: null, roleId: '', expiresAt: '' };

function AssignRoleForm({ roles }: { roles: Role[] }) {
  const assign = useAssignRole();
  const titleOf = (roleId: string) => roles.find((r) => r.roleId === roleId)?.title ?? roleId;
  const { draft, set, submit, missing, serverError } = useDraftForm({
    empty: EMPTY,
    complete: (d) => Boolean(d.user && d.roleId),
    missingText: ROLES_TEXT.missingAssign,
    mutate: (d, callbacks) =>
      assign.mutate(
        // The server issues the role badge with the assignment (decision 0042).
        { userId: d.user!.id, roleId: d.roleId, expiresAt: localDateTimeToIso(d.expiresAt), conditions: {} },
        {
          ...callbacks,
          onSuccess: (result) => callbacks.onSuccess({ result, title: titleOf(d.roleId) }),
        },
      ),
    succeeded: ({ result, title }: { result: AssignResult; title: string }) =>
      result.status === 'assigned'
        ? {
            title: ROLES_TEXT.assignedTitle,
            description: ROLES_TEXT.assigned(title, result.assignment?.badgeLocalId ?? null),
          }
        : {
            title: ROLES_TEXT.submittedTitle,
            description: `Assigning ${title} needs ${result.requiredApprovers} approvers (dual control).`,
          },
    failedText: (error) => errorMessage(error) || ROLES_TEXT.assignFailed,
  });

  return (
    <PanelForm
      title="Assign Role"
      description="Assignments into a dual-control department wait for two approvers."
      columns={3}
      onSubmit={submit}
      submitLabel="Assign Role"
      pending={assign.isPending}
      pendingLabel="Assigning..."
      serverError={serverError}
    >
      <Field id="assign-user" label="User">
        <UserPicker
          id="assign-user"
          value={draft.user}
          onChange={(user) => set('user', user)}
          invalid={missing(!draft.user)}
        />
      </Field>
      <Field id="assign-role" label="Role">
        <select
          id="assign-role"
          className={selectClass}
          value={draft.roleId}
          aria-invalid={missing(!draft.roleId)}
          onChange={(e) => set('roleId', e.target.value)}
        >
          <option value="">Select role</option>
          {roles.map((r) => (
            <option key={r.id} value={r.roleId}>
              {r.title} (level {r.level})
            </option>
          ))}
        </select>
      </Field>
      <Field id="assign-expiry" label="Expires (optional)">
        <Input
          id="assign-expiry"
          type="datetime-local"
          value={draft.expiresAt}
          onChange={(e) => set('expiresAt', e.target.value)}
        />
      </Field>
    </PanelForm>
  );
}

function RevokeButton({ assignment }: { assignment: Assignment }) {
  const revoke = useRevokeAssignment();
  const { user } = useAuth();
  if (assignment.userId === user?.id) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Revoke ${assignment.roleTitle} from ${assignment.userEmail}`}
      disabled={revoke.isPending}
      onClick={() =>
        revoke.mutate(assignment.id, {
          onSuccess: () =>
            toast({
              title: 'Role Revoked',
              description: `${assignment.roleTitle} revoked from ${assignment.userEmail}.`,
            }),
          onError: (error) =>
            toast({ title: ROLES_TEXT.errorTitle, description: errorMessage(error), variant: 'destructive' }),
        })
      }
    >
      Revoke
    </Button>
  );
}

/** SPEC §2 Assignments: the assign form and the active assignments (with revoke). */
export function AssignmentsTab({
  state,
  roles,
  assignments,
}: {
  state: OverviewCount;
  roles: Role[];
  assignments: Assignment[];
}) {
  return (
    <div className="flex flex-col gap-6">
      <AssignRoleForm roles={roles} />
      <Card>
        <CardHeader>
          <CardTitle>Active Assignments</CardTitle>
        </CardHeader>
        <CardContent>
          {!hasRows(state) ? (
            <ListNotice state={state} empty="No active role assignments." />
          ) : (
            <Table aria-label="Active assignments">
              <TableHeader>
                <TableRow>
                  <TableHead>User</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Badge</TableHead>
                  <TableHead>Assigned</TableHead>
                  <TableHead>Expires</TableHead>
                  <TableHead className="sr-only">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {assignments.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell>
                      <p className="font-medium">{a.userEmail}</p>
                      <p className="font-mono text-xs text-muted-foreground">{a.userId}</p>
                    </TableCell>
                    <TableCell>{a.roleTitle}</TableCell>
                    <TableCell className="font-mono text-xs">
                      {a.badgeLocalId ? `${a.badgeLocalId.slice(0, BADGE_ID_LIST_CHARS)}…` : '—'}
                    </TableCell>
                    <TableCell>{formatDate(a.assignedDate)}</TableCell>
                    <TableCell>{a.expiresAt ? formatDateTime(a.expiresAt) : '—'}</TableCell>
                    <TableCell className="text-right">
                      <RevokeButton assignment={a} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
