import type { ElevationRequest } from '@meridian/schemas';
import { Building2, KeyRound, ShieldCheck, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { type OverviewCount, overviewCountText } from '../lib/overview-counts';
import { OVERVIEW_REQUESTS } from '../lib/texts';
import { MyBadgesCard } from './my-badges-card';
import { PendingApprovalsCard } from './pending-approvals-card';
import { LevelBadge, StatusBadge } from './status-badges';

type Props = {
  counts: Record<'departments' | 'roles' | 'permissions' | 'assignments', OverviewCount>;
  requests: ElevationRequest[];
  canApprove: boolean;
};

function CountCard({
  title,
  count,
  caption,
  icon,
}: {
  title: string;
  count: OverviewCount;
  caption: string;
  icon: ReactNode;
}) {
  const shown = overviewCountText(count, caption);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold tabular-nums">{shown.value}</p>
        <p className="text-xs text-muted-foreground">{shown.caption}</p>
      </CardContent>
    </Card>
  );
}

/** SPEC §2 Overview: four counts and the 5 most recent elevation requests; approvers also decide here. */
export function OverviewTab({ counts, requests, canApprove }: Props) {
  const icon = 'size-4 text-muted-foreground';
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <CountCard
          title="Departments"
          count={counts.departments}
          caption="Active departments"
          icon={<Building2 className={icon} aria-hidden />}
        />
        <CountCard
          title="Roles"
          count={counts.roles}
          caption="Defined roles"
          icon={<ShieldCheck className={icon} aria-hidden />}
        />
        <CountCard
          title="Permissions"
          count={counts.permissions}
          caption="System permissions defined"
          icon={<KeyRound className={icon} aria-hidden />}
        />
        <CountCard
          title="Active Assignments"
          count={counts.assignments}
          caption="Current role assignments"
          icon={<UserCheck className={icon} aria-hidden />}
        />
      </div>
      {canApprove ? <PendingApprovalsCard /> : null}
      <MyBadgesCard />
      <Card>
        <CardHeader>
          <CardTitle>Recent Elevation Requests</CardTitle>
          <CardDescription>The {OVERVIEW_REQUESTS} most recent permission elevation requests</CardDescription>
        </CardHeader>
        <CardContent>
          {requests.length === 0 ? (
            <p className="text-sm text-muted-foreground">No elevation requests yet.</p>
          ) : (
            <ul className="divide-y" aria-label="Recent elevation requests">
              {requests.slice(0, OVERVIEW_REQUESTS).map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-mono text-sm font-medium">{r.permissionId}</p>
                    <p className="truncate text-sm text-muted-foreground">{r.requestReason}</p>
                    <p className="text-xs text-muted-foreground">
                      {r.userEmail} · {formatDate(r.createdAt)}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <StatusBadge status={r.status} />
                    <LevelBadge level={r.urgencyLevel} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
