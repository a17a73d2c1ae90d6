import { useMyBadges } from '@/entities/role-management';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

const TYPE_LABEL = { role_assignment: 'Role assignment', stakeholder_access: 'Stakeholder access' } as const;

/**
 * The signed-in user's role badges as the server recorded them (role_badges, decision 0042):
 * role, badge type, the first 12 characters of the local id (SPEC §9), status and date.
 */
export function MyBadgesCard() {
  const badges = useMyBadges();
  const rows = badges.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>My Role Badges</CardTitle>
        <CardDescription>Badges the platform issued for your role assignments</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {badges.isLoading ? 'Loading badges…' : 'No role badges issued to you yet.'}
          </p>
        ) : (
          <ul className="divide-y" aria-label="My role badges">
            {rows.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium">{b.metadata.roleName}</p>
                  <p className="text-xs text-muted-foreground">
                    {TYPE_LABEL[b.badgeType]} · <span className="font-mono">{b.localId.slice(0, 12)}</span> ·{' '}
                    {formatDate(b.createdAt)}
                  </p>
                </div>
                <Badge variant={b.status === 'active' ? 'success' : 'secondary'}>{b.status}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
