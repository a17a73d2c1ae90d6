import { URGENCY_LEVELS, type SystemPermission } from '@meridian/schemas';
import { useState, type FormEvent } from 'react';
import { useRequestElevation } from '@/entities/role-management';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { formatCurrency } from '@/lib/format';
import { ELEVATION_HOURS_DEFAULT, ROLES_TEXT, selectClass } from '../lib/texts';
import { LevelBadge } from './status-badges';

type Urgency = (typeof URGENCY_LEVELS)[number];
type Draft = { permissionId: string; reason: string; justification: string; duration: number; urgency: Urgency };
const EMPTY: Draft = {
  permissionId: '',
  reason: '',
  justification: '',
  duration: ELEVATION_HOURS_DEFAULT,
  urgency: 'medium',
};

function ElevationRequestForm({ permissions }: { permissions: SystemPermission[] }) {
  const request = useRequestElevation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [invalid, setInvalid] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.permissionId || !draft.reason.trim() || !draft.justification.trim()) {
      setInvalid(true);
      toast({ title: ROLES_TEXT.missingTitle, description: ROLES_TEXT.missingElevation, variant: 'destructive' });
      return;
    }
    setInvalid(false);
    setServerError(null);
    request.mutate(
      {
        permissionId: draft.permissionId,
        requestReason: draft.reason,
        justification: draft.justification,
        requestedDuration: draft.duration,
        urgencyLevel: draft.urgency,
      },
      {
        onSuccess: (result) => {
          setDraft(EMPTY);
          toast(
            result.granted
              ? { title: ROLES_TEXT.grantedTitle, description: ROLES_TEXT.granted(result.request.requestedDuration) }
              : { title: ROLES_TEXT.submittedTitle, description: ROLES_TEXT.submitted },
          );
        },
        onError: (error) => {
          setServerError(errorMessage(error));
          toast({ title: ROLES_TEXT.errorTitle, description: ROLES_TEXT.elevationFailed, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Request Permission Elevation</CardTitle>
        <CardDescription>
          Low-risk permissions within your role level are granted at once; others wait for approvers.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor="elevation-permission">Permission</Label>
            <select
              id="elevation-permission"
              className={selectClass}
              value={draft.permissionId}
              aria-invalid={invalid && !draft.permissionId}
              onChange={(e) => set('permissionId', e.target.value)}
            >
              <option value="">Select permission</option>
              {permissions.map((p) => (
                <option key={p.id} value={p.permissionId}>
                  {p.name} ({p.permissionId})
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="elevation-duration">Duration (hours)</Label>
            <Input
              id="elevation-duration"
              type="number"
              min={1}
              value={draft.duration}
              onChange={(e) =>
                set(
                  'duration',
                  Number.isFinite(e.target.valueAsNumber) ? Math.max(1, Math.round(e.target.valueAsNumber)) : 1,
                )
              }
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="elevation-urgency">Urgency</Label>
            <select
              id="elevation-urgency"
              className={selectClass}
              value={draft.urgency}
              onChange={(e) => set('urgency', e.target.value as Urgency)}
            >
              {URGENCY_LEVELS.map((u) => (
                <option key={u} value={u}>
                  {u[0]!.toUpperCase() + u.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5 sm:col-span-2 lg:col-span-4">
            <Label htmlFor="elevation-reason">Reason</Label>
            <Input
              id="elevation-reason"
              value={draft.reason}
              aria-invalid={invalid && !draft.reason.trim()}
              onChange={(e) => set('reason', e.target.value)}
              placeholder="What you need the permission for"
            />
          </div>
          <div className="grid gap-1.5 sm:col-span-2 lg:col-span-4">
            <Label htmlFor="elevation-justification">Justification</Label>
            <Textarea
              id="elevation-justification"
              rows={4}
              value={draft.justification}
              aria-invalid={invalid && !draft.justification.trim()}
              onChange={(e) => set('justification', e.target.value)}
              placeholder="Why it cannot wait for a role change"
            />
          </div>
          <div className="sm:col-span-2 lg:col-span-4">
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Submitting...' : 'Submit Request'}
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

/** SPEC §2 Permissions: the elevation request form and the system permission catalogue. */
export function PermissionsTab({ permissions }: { permissions: SystemPermission[] }) {
  return (
    <div className="flex flex-col gap-6">
      <ElevationRequestForm permissions={permissions} />
      <Card>
        <CardHeader>
          <CardTitle>System Permissions</CardTitle>
        </CardHeader>
        <CardContent>
          {permissions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No permissions defined.</p>
          ) : (
            <Table aria-label="System permissions">
              <TableHeader>
                <TableRow>
                  <TableHead>Permission</TableHead>
                  <TableHead>Category</TableHead>
                  <TableHead className="text-right">Max Amount</TableHead>
                  <TableHead>Risk</TableHead>
                  <TableHead>Controls</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {permissions.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>
                      <p className="font-medium">{p.name}</p>
                      <p className="text-xs text-muted-foreground">{p.description}</p>
                    </TableCell>
                    <TableCell>{p.category}</TableCell>
                    <TableCell className="text-right">{p.maxAmount ? formatCurrency(p.maxAmount) : '—'}</TableCell>
                    <TableCell>
                      <LevelBadge level={p.riskLevel} suffix="risk" />
                    </TableCell>
                    <TableCell>{p.requiresMultiSig ? <Badge variant="info">Multi-Sig</Badge> : null}</TableCell>
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
