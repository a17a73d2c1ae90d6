import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useInstitutions, useMarketOverview } from '@/entities/regulator';

import { CaseDialog } from '../components/case-dialog';
import { CasesTable } from '../components/cases-table';
import { MarketHealthCard, OversightCard } from '../components/health-and-oversight';
import { InstitutionsTable } from '../components/institutions-table';
import { MarketAnalysisDialog } from '../components/market-analysis-dialog';
import { OpenCasesDialog } from '../components/open-cases-dialog';
import { QuickActionsCard } from '../components/quick-actions-card';
import { SummaryCards } from '../components/summary-cards';
import { QueryError } from '@/components/query-error';

/** Regulator Dashboard (/regulator, SPEC §2): market supervision from platform data. */
export default function RegulatorDashboard() {
  const overview = useMarketOverview();
  const institutions = useInstitutions();
  const [caseId, setCaseId] = useState<string | null>(null);
  const [investigating, setInvestigating] = useState(false);
  const [analysing, setAnalysing] = useState(false);

  return (
    <section>
      <PageHeader
        title="Regulator Dashboard"
        description="Market supervision and regulatory oversight"
        actions={
          <Button asChild variant="outline">
            <Link href="/compliance">
              <FileText aria-hidden /> Generate Report
            </Link>
          </Button>
        }
      />
      {overview.isPending ? (
        <div className="grid gap-4 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : overview.isError ? (
        <QueryError what="the market overview" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <SummaryCards data={overview.data} />
          <div className="grid gap-4 lg:grid-cols-3">
            <MarketHealthCard data={overview.data} />
            <OversightCard data={overview.data} />
            <QuickActionsCard onInvestigate={() => setInvestigating(true)} onAnalyse={() => setAnalysing(true)} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Institution Breakdown</CardTitle>
            </CardHeader>
            <CardContent>
              {institutions.isError ? (
                <QueryError
                  inline
                  what="institutions"
                  error={institutions.error}
                  onRetry={() => void institutions.refetch()}
                />
              ) : institutions.data ? (
                <InstitutionsTable data={institutions.data} />
              ) : (
                <p className="text-sm text-muted-foreground">Loading institutions…</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Recent Violations and Investigations</CardTitle>
            </CardHeader>
            <CardContent>
              <CasesTable
                cases={overview.data.recentCases}
                onReview={setCaseId}
                empty="No violations detected. Surveillance rules run on every trade."
              />
            </CardContent>
          </Card>
          <MarketAnalysisDialog data={overview.data} open={analysing} onOpenChange={setAnalysing} />
        </div>
      )}
      <OpenCasesDialog
        open={investigating}
        onOpenChange={setInvestigating}
        onReview={(id) => {
          setInvestigating(false);
          setCaseId(id);
        }}
      />
      <CaseDialog caseId={caseId} onClose={() => setCaseId(null)} />
    </section>
  );
}
