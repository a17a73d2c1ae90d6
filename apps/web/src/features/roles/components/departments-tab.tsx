import { COMPLIANCE_LEVELS, type Department } from '@meridian/schemas';
import { useCreateDepartment } from '@/entities/role-management';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency } from '@/lib/format';
import { ROLES_TEXT, selectClass } from '../lib/texts';
import { Field, PanelForm, useDraftForm } from './panel-form';
import { LevelBadge } from './status-badges';
import type { OverviewCount } from '../lib/overview-counts';
import { hasRows, ListNotice } from './list-notice';

type ComplianceLevel = (typeof COMPLIANCE_LEVELS)[number];
type Draft = {
  name: string;
  code: string;
  budgetAuthority: string;
  complianceLevel: ComplianceLevel;
  requiresDualControl: boolean;
};
/** SPEC §4: the form resets to compliance level standard, dual control off. */
const EMPTY: Draft = {
  name: '',
  code: '',
  budgetAuthority: '',
  complianceLevel: 'standard',
  requiresDualControl: false,
};

function CreateDepartmentForm() {
  const create = useCreateDepartment();
  const { draft, set, submit, missing, serverError } = useDraftForm({
    empty: EMPTY,
    complete: (d) => Boolean(d.name.trim() && d.code.trim() && d.budgetAuthority.trim()),
    missingText: ROLES_TEXT.missingFields,
    mutate: (d, callbacks) => create.mutate({ ...d, budgetAuthority: Number(d.budgetAuthority) }, callbacks),
    succeeded: (department: Department) => ({
      title: ROLES_TEXT.departmentCreatedTitle,
      description: ROLES_TEXT.departmentCreated(department.name),
    }),
    failedText: ROLES_TEXT.departmentFailed,
  });

  return (
    <PanelForm
      title="Create Department"
      description="Budget authority in USD; dual control makes assignments need two approvers."
      columns={3}
      onSubmit={submit}
      submitLabel="Create Department"
      pending={create.isPending}
      pendingLabel="Creating..."
      serverError={serverError}
    >
      <Field id="department-name" label="Department Name">
        <Input
          id="department-name"
          value={draft.name}
          aria-invalid={missing(!draft.name.trim())}
          onChange={(e) => set('name', e.target.value)}
          placeholder="e.g. Structured Products"
        />
      </Field>
      <Field id="department-code" label="Department Code">
        <Input
          id="department-code"
          value={draft.code}
          aria-invalid={missing(!draft.code.trim())}
          onChange={(e) => set('code', e.target.value)}
          placeholder="e.g. STRUCT"
        />
      </Field>
      <Field id="department-budget" label="Budget Authority (USD)">
        <Input
          id="department-budget"
          type="number"
          min={0}
          step="0.01"
          value={draft.budgetAuthority}
          aria-invalid={missing(!draft.budgetAuthority.trim())}
          onChange={(e) => set('budgetAuthority', e.target.value)}
          placeholder="1000000"
        />
      </Field>
      <Field id="department-compliance" label="Compliance Level">
        <select
          id="department-compliance"
          className={selectClass}
          value={draft.complianceLevel}
          onChange={(e) => set('complianceLevel', e.target.value as ComplianceLevel)}
        >
          {COMPLIANCE_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l[0]!.toUpperCase() + l.slice(1)}
            </option>
          ))}
        </select>
      </Field>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={draft.requiresDualControl}
          onChange={(e) => set('requiresDualControl', e.target.checked)}
        />
        Requires Dual Control
      </label>
    </PanelForm>
  );
}

/** SPEC §2 Departments: create form and list (name, code, budget, compliance badge, Dual Control badge). */
export function DepartmentsTab({ state, departments }: { state: OverviewCount; departments: Department[] }) {
  return (
    <div className="flex flex-col gap-6">
      <CreateDepartmentForm />
      <Card>
        <CardHeader>
          <CardTitle>Departments</CardTitle>
        </CardHeader>
        <CardContent>
          {!hasRows(state) ? (
            <ListNotice state={state} empty="No departments defined yet." />
          ) : (
            <Table aria-label="Departments">
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Code</TableHead>
                  <TableHead className="text-right">Budget Authority</TableHead>
                  <TableHead>Compliance</TableHead>
                  <TableHead>Controls</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {departments.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell className="font-medium">{d.name}</TableCell>
                    <TableCell className="font-mono text-xs">{d.code}</TableCell>
                    <TableCell className="text-right">{formatCurrency(d.budgetAuthority)}</TableCell>
                    <TableCell>
                      <LevelBadge level={d.complianceLevel} />
                    </TableCell>
                    <TableCell>{d.requiresDualControl ? <Badge variant="info">Dual Control</Badge> : null}</TableCell>
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
