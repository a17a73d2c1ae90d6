import {
  DURATION_UNITS,
  URGENCY_LEVELS,
  type DurationUnit,
  type ElevationResult,
  type SystemPermission,
} from '@meridian/schemas';
import { useRequestElevation } from '@/entities/role-management';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { formatCurrency } from '@/lib/format';
import { ELEVATION_HOURS_DEFAULT, ROLES_TEXT, selectClass } from '../lib/texts';
import { Field, PanelForm, useDraftForm } from './panel-form';
import { LevelBadge } from './status-badges';
import type { OverviewCount } from '../lib/overview-counts';
import { hasRows, ListNotice } from './list-notice';

type Urgency = (typeof URGENCY_LEVELS)[number];
type Draft = {
  permissionId: string;
  reason: string;
  justification: string;
  duration: number;
  unit: DurationUnit;
  urgency: Urgency;
};
/** SPEC §9: 4 hours by default; minutes are for short elevations. */
const EMPTY: Draft = {
  permissionId: '',
  reason: '',
  justification: '',
  duration: ELEVATION_HOURS_DEFAULT,
  unit: 'hours',
  urgency: 'medium',
};

function ElevationRequestForm({ permissions }: { permissions: SystemPermission[] }) {
  const request = useRequestElevation();
  const { draft, set, submit, missing, serverError } = useDraftForm({
    empty: EMPTY,
    complete: (d) => Boolean(d.permissionId && d.reason.trim() && d.justification.trim()),
    missingText: ROLES_TEXT.missingElevation,
    mutate: (d, callbacks) =>
      request.mutate(
        {
          permissionId: d.permissionId,
          requestReason: d.reason,
          justification: d.justification,
          requestedDuration: d.duration,
          requestedDurationUnit: d.unit,
          urgencyLevel: d.urgency,
        },
        callbacks,
      ),
    succeeded: (result: ElevationResult) =>
      result.granted
        ? {
            title: ROLES_TEXT.grantedTitle,
            description: ROLES_TEXT.granted(result.request.requestedDuration, result.request.requestedDurationUnit),
          }
        : { title: ROLES_TEXT.submittedTitle, description: ROLES_TEXT.submitted },
    failedText: ROLES_TEXT.elevationFailed,
  });

  return (
    <PanelForm
      title="Request Permission Elevation"
      description="Low-risk permissions within your role level are granted at once; others wait for approvers."
      columns={4}
      onSubmit={submit}
      submitLabel="Submit Request"
      pending={request.isPending}
      pendingLabel="Submitting..."
      serverError={serverError}
    >
      <Field id="elevation-permission" label="Permission" span="two">
        <select
          id="elevation-permission"
          className={selectClass}
          value={draft.permissionId}
          aria-invalid={missing(!draft.permissionId)}
          onChange={(e) => set('permissionId', e.target.value)}
        >
          <option value="">Select permission</option>
          {permissions.map((p) => (
            <option key={p.id} value={p.permissionId}>
              {p.name} ({p.permissionId})
            </option>
          ))}
        </select>
      </Field>
      <Field id="elevation-duration" label={`Duration (${draft.unit})`}>
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
      </Field>
      <Field id="elevation-duration-unit" label="Duration unit">
        <select
          id="elevation-duration-unit"
          className={selectClass}
          value={draft.unit}
          onChange={(e) => set('unit', e.target.value as DurationUnit)}
        >
          {DURATION_UNITS.map((u) => (
            <option key={u} value={u}>
              {u[0]!.toUpperCase() + u.slice(1)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="elevation-urgency" label="Urgency">
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
      </Field>
      <Field id="elevation-reason" label="Reason" span="row">
        <Input
          id="elevation-reason"
          value={draft.reason}
          aria-invalid={missing(!draft.reason.trim())}
          onChange={(e) => set('reason', e.target.value)}
          placeholder="What you need the permission for"
        />
      </Field>
      <Field id="elevation-justification" label="Justification" span="row">
        <Textarea
          id="elevation-justification"
          rows={4}
          value={draft.justification}
          aria-invalid={missing(!draft.justification.trim())}
          onChange={(e) => set('justification', e.target.value)}
          placeholder="Why it cannot wait for a role change"
        />
      </Field>
    </PanelForm>
  );
}

/** SPEC §2 Permissions: the elevation request form and the system permission catalogue. */
export function PermissionsTab({ state, permissions }: { state: OverviewCount; permissions: SystemPermission[] }) {
  return (
    <div className="flex flex-col gap-6">
      <ElevationRequestForm permissions={permissions} />
      <Card>
        <CardHeader>
          <CardTitle>System Permissions</CardTitle>
        </CardHeader>
        <CardContent>
          {!hasRows(state) ? (
            <ListNotice state={state} empty="No permissions defined." />
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
