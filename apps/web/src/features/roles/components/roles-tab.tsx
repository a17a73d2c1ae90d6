import type { Department, Role } from '@meridian/schemas';
import { useState, type FormEvent } from 'react';
import { useCreateRole } from '@/entities/role-management';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { clampLevel } from '../lib/form-values';
import { ROLE_LEVEL_DEFAULT, ROLE_LEVEL_MAX, ROLE_LEVEL_MIN, ROLES_TEXT, selectClass } from '../lib/texts';

type Draft = { roleId: string; title: string; level: number; departmentId: string };
const EMPTY: Draft = { roleId: '', title: '', level: ROLE_LEVEL_DEFAULT, departmentId: '' };

function CreateRoleForm({ departments }: { departments: Department[] }) {
  const create = useCreateRole();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [invalid, setInvalid] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.roleId.trim() || !draft.title.trim() || !draft.departmentId) {
      setInvalid(true);
      toast({ title: ROLES_TEXT.missingTitle, description: ROLES_TEXT.missingFields, variant: 'destructive' });
      return;
    }
    setInvalid(false);
    setServerError(null);
    create.mutate(
      { ...draft, roleId: draft.roleId.trim(), basePermissions: [], approvalAuthority: {} },
      {
        onSuccess: (role) => {
          setDraft(EMPTY);
          toast({ title: ROLES_TEXT.roleCreatedTitle, description: ROLES_TEXT.roleCreated(role.title) });
        },
        onError: (error) => {
          setServerError(errorMessage(error));
          toast({ title: ROLES_TEXT.errorTitle, description: ROLES_TEXT.roleFailed, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create Role</CardTitle>
        <CardDescription>Level 1-10: approvers need a level at least the role&apos;s.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="role-id">Role ID</Label>
            <Input
              id="role-id"
              value={draft.roleId}
              aria-invalid={invalid && !draft.roleId.trim()}
              onChange={(e) => set('roleId', e.target.value)}
              placeholder="e.g. senior_trader"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="role-title">Role Title</Label>
            <Input
              id="role-title"
              value={draft.title}
              aria-invalid={invalid && !draft.title.trim()}
              onChange={(e) => set('title', e.target.value)}
              placeholder="e.g. Senior Trader"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="role-level">Level (1-10)</Label>
            <Input
              id="role-level"
              type="number"
              min={ROLE_LEVEL_MIN}
              max={ROLE_LEVEL_MAX}
              value={draft.level}
              onChange={(e) => set('level', clampLevel(e.target.valueAsNumber, ROLE_LEVEL_MIN, ROLE_LEVEL_MAX))}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="role-department">Department</Label>
            <select
              id="role-department"
              className={selectClass}
              value={draft.departmentId}
              aria-invalid={invalid && !draft.departmentId}
              onChange={(e) => set('departmentId', e.target.value)}
            >
              <option value="">Select department</option>
              {departments.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:col-span-2 lg:col-span-4">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Role'}
            </Button>
          </div>
          {serverError ? (
            <p className="text-sm text-destructive sm:col-span-2 lg:col-span-4" role="alert">
              {serverError}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

/** SPEC §2 Roles: create form and list (title, role id, level, department, Supervised badge). */
export function RolesTab({ roles, departments }: { roles: Role[]; departments: Department[] }) {
  return (
    <div className="flex flex-col gap-6">
      <CreateRoleForm departments={departments} />
      <Card>
        <CardHeader>
          <CardTitle>Roles</CardTitle>
        </CardHeader>
        <CardContent>
          {roles.length === 0 ? (
            <p className="text-sm text-muted-foreground">No roles defined yet.</p>
          ) : (
            <Table aria-label="Roles">
              <TableHeader>
                <TableRow>
                  <TableHead>Title</TableHead>
                  <TableHead>Role ID</TableHead>
                  <TableHead className="text-right">Level</TableHead>
                  <TableHead>Department</TableHead>
                  <TableHead>Supervision</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {roles.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell className="font-medium">{r.title}</TableCell>
                    <TableCell className="font-mono text-xs">{r.roleId}</TableCell>
                    <TableCell className="text-right">{r.level}</TableCell>
                    <TableCell>{r.departmentName ?? '—'}</TableCell>
                    <TableCell>{r.requiresSupervision ? <Badge variant="warning">Supervised</Badge> : null}</TableCell>
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
