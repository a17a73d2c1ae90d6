import type { Department, Role } from '@meridian/schemas';
import { useCreateRole } from '@/entities/role-management';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency } from '@/lib/format';
import { clampLevel } from '../lib/form-values';
import { ROLE_LEVEL_DEFAULT, ROLE_LEVEL_MAX, ROLE_LEVEL_MIN, ROLES_TEXT, selectClass } from '../lib/texts';
import { Field, PanelForm, useDraftForm } from './panel-form';
import type { OverviewCount } from '../lib/overview-counts';
import { hasRows, ListNotice } from './list-notice';

/** `amountLimit`: optional USD text; empty = the catalogue's per-permission caps alone (decision 0078). */
type Draft = { roleId: string; title: string; level: number; departmentId: string; amountLimit: string };
const EMPTY: Draft = { roleId: '', title: '', level: ROLE_LEVEL_DEFAULT, departmentId: '', amountLimit: '' };

function CreateRoleForm({ departments }: { departments: Department[] }) {
  const create = useCreateRole();
  const { draft, set, submit, missing, serverError } = useDraftForm({
    empty: EMPTY,
    complete: (d) => Boolean(d.roleId.trim() && d.title.trim() && d.departmentId),
    missingText: ROLES_TEXT.missingFields,
    mutate: (d, callbacks) =>
      create.mutate(
        {
          ...d,
          roleId: d.roleId.trim(),
          amountLimit: d.amountLimit.trim() || null,
          basePermissions: [],
          approvalAuthority: {},
        },
        callbacks,
      ),
    succeeded: (role: Role) => ({
      title: ROLES_TEXT.roleCreatedTitle,
      description: ROLES_TEXT.roleCreated(role.title),
    }),
    failedText: ROLES_TEXT.roleFailed,
  });

  return (
    <PanelForm
      title="Create Role"
      description={
        <>
          Level 1-10: approvers need a level at least the role&apos;s. The amount limit (optional) caps one action of a
          holder; above it a supervised role&apos;s action goes to its supervisor.
        </>
      }
      columns={3}
      onSubmit={submit}
      submitLabel="Create Role"
      pending={create.isPending}
      pendingLabel="Creating..."
      serverError={serverError}
    >
      <Field id="role-id" label="Role ID">
        <Input
          id="role-id"
          value={draft.roleId}
          aria-invalid={missing(!draft.roleId.trim())}
          onChange={(e) => set('roleId', e.target.value)}
          placeholder="e.g. senior_trader"
        />
      </Field>
      <Field id="role-title" label="Role Title">
        <Input
          id="role-title"
          value={draft.title}
          aria-invalid={missing(!draft.title.trim())}
          onChange={(e) => set('title', e.target.value)}
          placeholder="e.g. Senior Trader"
        />
      </Field>
      <Field id="role-level" label="Level (1-10)">
        <Input
          id="role-level"
          type="number"
          min={ROLE_LEVEL_MIN}
          max={ROLE_LEVEL_MAX}
          value={draft.level}
          onChange={(e) => set('level', clampLevel(e.target.valueAsNumber, ROLE_LEVEL_MIN, ROLE_LEVEL_MAX))}
        />
      </Field>
      <Field id="role-department" label="Department">
        <select
          id="role-department"
          className={selectClass}
          value={draft.departmentId}
          aria-invalid={missing(!draft.departmentId)}
          onChange={(e) => set('departmentId', e.target.value)}
        >
          <option value="">Select department</option>
          {departments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="role-amount-limit" label="Amount Limit (USD)">
        <Input
          id="role-amount-limit"
          type="number"
          min={0}
          step="0.01"
          value={draft.amountLimit}
          onChange={(e) => set('amountLimit', e.target.value)}
          placeholder="Optional"
        />
      </Field>
    </PanelForm>
  );
}

/** SPEC §2 Roles: create form and list (title, role id, level, department, amount limit, Supervised badge). */
export function RolesTab({
  state,
  roles,
  departments,
}: {
  state: OverviewCount;
  roles: Role[];
  departments: Department[];
}) {
  return (
    <div className="flex flex-col gap-6">
      <CreateRoleForm departments={departments} />
      <Card>
        <CardHeader>
          <CardTitle>Roles</CardTitle>
        </CardHeader>
        <CardContent>
          {!hasRows(state) ? (
            <ListNotice state={state} empty="No roles defined yet." />
          ) : (
            <Table aria-label="Roles">
              <TableHeader>
                <TableRow>
                  <TableHead>Title</TableHead>
                  <TableHead>Role ID</TableHead>
                  <TableHead className="text-right">Level</TableHead>
                  <TableHead>Department</TableHead>
                  <TableHead className="text-right">Amount Limit</TableHead>
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
                    <TableCell className="text-right tabular-nums">
                      {r.amountLimit === null ? '—' : formatCurrency(r.amountLimit)}
                    </TableCell>
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
