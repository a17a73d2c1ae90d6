import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useComplianceReports } from '@/entities/compliance-report';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

import { GenerateReportForm, type ReportDraft } from '../components/generate-report-form';
import { RecentReportsTable } from '../components/recent-reports-table';
import { ReportCounters } from '../components/report-counters';
import { ReportTypeCards } from '../components/report-type-cards';
import { previousMonth } from '../lib/default-period';
import { QueryError } from '@/components/query-error';

/** Compliance & Regulatory Reporting (/compliance, SPEC §2). */
export default function CompliancePage() {
  const reports = useComplianceReports();
  const [draft, setDraft] = useState<ReportDraft>(() => ({
    reportType: '',
    reportPeriod: 'monthly',
    fileFormat: 'JSON',
    ...previousMonth(new Date()),
  }));

  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title="Compliance & Regulatory Reporting"
        description="Regulatory reports generated from platform data"
        actions={
          <Button asChild variant="outline">
            <Link href="/risk">
              <ShieldCheck aria-hidden /> Risk Dashboard
            </Link>
          </Button>
        }
      />
      <ReportCounters summary={reports.data?.summary} />
      <GenerateReportForm draft={draft} onChange={setDraft} />
      <ReportTypeCards selected={draft.reportType} onSelect={(reportType) => setDraft({ ...draft, reportType })} />
      <Card>
        <CardHeader>
          <CardTitle>Recent Reports</CardTitle>
        </CardHeader>
        <CardContent>
          {reports.isError ? (
            <QueryError
              inline
              className="text-sm"
              what="reports"
              error={reports.error}
              onRetry={() => void reports.refetch()}
            />
          ) : reports.isPending ? (
            <p className="text-sm text-muted-foreground">Loading reports…</p>
          ) : (
            <RecentReportsTable reports={reports.data.reports} />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
