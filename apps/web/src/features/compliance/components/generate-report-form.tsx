import {
  REPORT_FORMATS,
  REPORT_PERIODS,
  REPORT_TYPES,
  type ReportFormat,
  type ReportPeriod,
  type ReportType,
} from '@meridian/schemas';
import { useState, type FormEvent } from 'react';
import { useGenerateComplianceReport } from '@/entities/compliance-report';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { COMPLIANCE_TEXT, REPORT_TYPE_LABELS } from '../lib/report-catalogue';

export type ReportDraft = {
  reportType: ReportType | '';
  reportPeriod: ReportPeriod;
  periodStart: string;
  periodEnd: string;
  fileFormat: ReportFormat;
};

const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-card px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

type Props = { draft: ReportDraft; onChange: (draft: ReportDraft) => void };

/** Generate Compliance Report form (SPEC §5): validates, queues the job, toasts the outcome. */
export function GenerateReportForm({ draft, onChange }: Props) {
  const generate = useGenerateComplianceReport();
  const [invalid, setInvalid] = useState(false);
  const set = <K extends keyof ReportDraft>(key: K, value: ReportDraft[K]) => onChange({ ...draft, [key]: value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const { reportType } = draft;
    if (!reportType || !draft.periodStart || !draft.periodEnd) {
      setInvalid(true);
      toast({
        title: COMPLIANCE_TEXT.validationTitle,
        description: COMPLIANCE_TEXT.validationMessage,
        variant: 'destructive',
      });
      return;
    }
    setInvalid(false);
    generate.mutate(
      { ...draft, reportType },
      {
        onSuccess: (report) =>
          toast({
            title: COMPLIANCE_TEXT.startedTitle,
            description: `${REPORT_TYPE_LABELS[report.reportType]} ${report.fileFormat} report for ${report.periodStart} to ${report.periodEnd} is queued.`,
          }),
        onError: () =>
          toast({
            title: COMPLIANCE_TEXT.generationFailedTitle,
            description: COMPLIANCE_TEXT.generationFailedMessage,
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Generate Compliance Report</CardTitle>
        <CardDescription>Built from platform trades, orders and ledger for the chosen period.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="report-type">Report Type</Label>
            <select
              id="report-type"
              className={selectClass}
              value={draft.reportType}
              aria-invalid={invalid && !draft.reportType}
              onChange={(e) => set('reportType', e.target.value as ReportType | '')}
            >
              <option value="">Select report type</option>
              {REPORT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {REPORT_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="report-period">Period</Label>
            <select
              id="report-period"
              className={selectClass}
              value={draft.reportPeriod}
              onChange={(e) => set('reportPeriod', e.target.value as ReportPeriod)}
            >
              {REPORT_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {p[0]!.toUpperCase() + p.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="period-start">Start Date</Label>
            <Input
              id="period-start"
              type="date"
              value={draft.periodStart}
              aria-invalid={invalid && !draft.periodStart}
              onChange={(e) => set('periodStart', e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="period-end">End Date</Label>
            <Input
              id="period-end"
              type="date"
              value={draft.periodEnd}
              aria-invalid={invalid && !draft.periodEnd}
              onChange={(e) => set('periodEnd', e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="file-format">Format</Label>
            <select
              id="file-format"
              className={selectClass}
              value={draft.fileFormat}
              onChange={(e) => set('fileFormat', e.target.value as ReportFormat)}
            >
              {REPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:col-span-2 lg:col-span-5">
            <Button type="submit" disabled={generate.isPending}>
              {generate.isPending ? 'Generating...' : 'Generate Report'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
