import type { Assignment, Role, UserSummary } from '@meridian/schemas';
import { useState, type FormEvent } from 'react';
import { useAssignRole, useRevokeAssignment } from '@/entities/role-management';
import { useAuth } from '@/entities/session';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateTime } from '@/lib/format';
import { localDateTimeToIso } from '../lib/form-values';
import { BADGE_ID_LIST_CHARS, ROLES_TEXT, selectClass } from '../lib/texts';
import { UserPicker } from './user-picker';

function AssignRoleForm({ roles }: { roles: Role[] }) {
  const assign = useAssignRole();
  const [user, setUser] = useState<UserSummary | null>(null);
  const [roleId, setRoleId] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || !roleId) {
      setInvalid(true);
      toast({ title: ROLES_TEXT.missingTitle, description: ROLES_TEXT.missingAssign, variant: 'destructive' });
      return;
    }
    setInvalid(false);
    setServerError(null);
    const title = roles.find((r) => r.roleId === roleId)?.title ?? roleId;
    assign.mutate(
      // The server issues the role badge with the assignment (decision 0042).
      { userId: user.id, roleId, expiresAt: localDateTimeToIso(expiresAt), conditions: {} },
      {
        onSuccess: (result) => {
          setUser(null);
          setRoleId('');
          setExpiresAt('');
          toast(
            result.status === 'assigned'
              ? {
                  title: ROLES_TEXT.assignedTitle,
                  description: ROLES_TEXT.assigned(title, result.assignment?.badgeLocalId ?? null),
                }
              : {
                  title: ROLES_TEXT.submittedTitle,
                  description: `Assigning ${title} needs ${result.requiredApprovers} approvers (dual control).`,
                },
          );
        },
        onError: (error) => {
          const message = errorMessage(error);
          setServerError(message);
          toast({
            title: ROLES_TEXT.errorTitle,
            description: message || ROLES_TEXT.assignFailed,
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Assign Role</CardTitle>
        <CardDescription>Assignments into a dual-control department wait for two approvers.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 lg:grid-cols-3" onSubmit={submit} noValidate>
          <div className="grid content-start gap-1.5">
            <Label htmlFor="assign-user">User</Label>
            <UserPicker id="assign-user" value={user} onChange={setUser} invalid={invalid && !user} />
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor="assign-role">Role</Label>
            <select
              id="assign-role"
              className={selectClass}
              value={roleId}
              aria-invalid={invalid && !roleId}
              onChange={(e) => setRoleId(e.target.value)}
            >
              <option value="">Select role</option>
              {roles.map((r) => (
                <option key={r.id} value={r.roleId}>
                  {r.title} (level {r.level})
                </option>
              ))}
            </select>
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor="assign-expiry">Expires (optional)</Label>
            <Input
              id="assign-expiry"
              type="datetime-local"
              value={expiresAt}
              onChange={(e) => setExpiresAt(e.target.value)}
            />
          </div>
          <div className="lg:col-span-3">
            <Button type="submit" disabled={assign.isPending}>
              {assign.isPending ? 'Assigning...' : 'Assign Role'}
            </Button>
          </div>
          {serverError ? (
            <p className="text-sm text-destructive lg:col-span-3" role="alert">
              {serverError}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
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
export function AssignmentsTab({ roles, assignments }: { roles: Role[]; assignments: Assignment[] }) {
  return (
    <div className="flex flex-col gap-6">
      <AssignRoleForm roles={roles} />
      <Card>
        <CardHeader>
          <CardTitle>Active Assignments</CardTitle>
        </CardHeader>
        <CardContent>
          {assignments.length === 0 ? (
            <p className="text-sm text-muted-foreground">No active role assignments.</p>
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
