import type { ComplianceReportList } from '@meridian/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Completed, Processing (queued or running), Failed, Total — from the report jobs. */
export function ReportCounters({ summary }: { summary: ComplianceReportList['summary'] | undefined }) {
  const counters = [
    ['Completed', summary?.completed],
    ['Processing', summary?.processing],
    ['Failed', summary?.failed],
    ['Total', summary?.total],
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {counters.map(([label, value]) => (
        <Card key={label}>
          <CardHeader className="pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-semibold tabular-nums" data-testid={`counter-${label.toLowerCase()}`}>
              {value ?? '–'}
            </p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
