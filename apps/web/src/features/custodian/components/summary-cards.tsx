import type { CustodyAssets } from '@meridian/schemas';
import { Landmark, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatNumber } from '@/lib/format';

function SummaryCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Assets Under Custody, Total Clients, Security Score (SPEC §2), each with how it is made. */
export function SummaryCards({ data }: { data: CustodyAssets }) {
  const icon = 'size-4 text-muted-foreground';
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SummaryCard title="Assets Under Custody" icon={<Landmark className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="assets-under-custody">
          {formatCurrency(data.totalValue, data.reportingCurrency)}
        </div>
        <p className="text-xs text-muted-foreground">
          {data.assets.length} assets in {data.reportingCurrency}
          {data.ratesAsOf ? ` · ECB rates of ${data.ratesAsOf}` : ''}
        </p>
      </SummaryCard>
      <SummaryCard title="Total Clients" icon={<Users className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="total-clients">
          {formatNumber(data.totalClients)}
        </div>
        <p className="text-xs text-muted-foreground">Accounts holding cash or units</p>
      </SummaryCard>
      <SummaryCard title="Security Score" icon={<ShieldCheck className={icon} aria-hidden />}>
        <div className="text-2xl font-semibold tabular-nums" data-testid="security-score">
          {data.security.score}/100
        </div>
        <ul className="mt-2 space-y-1 text-xs text-muted-foreground">
          {data.security.factors.map((f) => (
            <li key={f.key} className="flex justify-between gap-2" title={f.detail}>
              <span>{f.label}</span>
              <span className="tabular-nums">{f.score}</span>
            </li>
          ))}
        </ul>
      </SummaryCard>
    </div>
  );
}
