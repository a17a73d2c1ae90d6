import { COMPLIANCE_LEVELS, type Department } from '@meridian/schemas';
import { useState, type FormEvent } from 'react';
import { useCreateDepartment } from '@/entities/role-management';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatCurrency } from '@/lib/format';
import { ROLES_TEXT, selectClass } from '../lib/texts';
import { LevelBadge } from './status-badges';

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
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [invalid, setInvalid] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.name.trim() || !draft.code.trim() || !draft.budgetAuthority.trim()) {
      setInvalid(true);
      toast({ title: ROLES_TEXT.missingTitle, description: ROLES_TEXT.missingFields, variant: 'destructive' });
      return;
    }
    setInvalid(false);
    setServerError(null);
    create.mutate(
      { ...draft, budgetAuthority: Number(draft.budgetAuthority) },
      {
        onSuccess: (department) => {
          setDraft(EMPTY);
          toast({
            title: ROLES_TEXT.departmentCreatedTitle,
            description: ROLES_TEXT.departmentCreated(department.name),
          });
        },
        onError: (error) => {
          setServerError(errorMessage(error));
          toast({ title: ROLES_TEXT.errorTitle, description: ROLES_TEXT.departmentFailed, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create Department</CardTitle>
        <CardDescription>Budget authority in USD; dual control makes assignments need two approvers.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="department-name">Department Name</Label>
            <Input
              id="department-name"
              value={draft.name}
              aria-invalid={invalid && !draft.name.trim()}
              onChange={(e) => set('name', e.target.value)}
              placeholder="e.g. Structured Products"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="department-code">Department Code</Label>
            <Input
              id="department-code"
              value={draft.code}
              aria-invalid={invalid && !draft.code.trim()}
              onChange={(e) => set('code', e.target.value)}
              placeholder="e.g. STRUCT"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="department-budget">Budget Authority (USD)</Label>
            <Input
              id="department-budget"
              type="number"
              min={0}
              step="0.01"
              value={draft.budgetAuthority}
              aria-invalid={invalid && !draft.budgetAuthority.trim()}
              onChange={(e) => set('budgetAuthority', e.target.value)}
              placeholder="1000000"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="department-compliance">Compliance Level</Label>
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
          </div>
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={draft.requiresDualControl}
              onChange={(e) => set('requiresDualControl', e.target.checked)}
            />
            Requires Dual Control
          </label>
          <div className="flex items-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Department'}
            </Button>
          </div>
          {serverError ? (
            <p className="text-sm text-destructive sm:col-span-2 lg:col-span-3" role="alert">
              {serverError}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

/** SPEC §2 Departments: create form and list (name, code, budget, compliance badge, Dual Control badge). */
export function DepartmentsTab({ departments }: { departments: Department[] }) {
  return (
    <div className="flex flex-col gap-6">
      <CreateDepartmentForm />
      <Card>
        <CardHeader>
          <CardTitle>Departments</CardTitle>
        </CardHeader>
        <CardContent>
          {departments.length === 0 ? (
            <p className="text-sm text-muted-foreground">No departments defined yet.</p>
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
