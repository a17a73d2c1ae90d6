import type { ComplianceReport } from '@meridian/schemas';
import { Download } from 'lucide-react';
import { reportDownloadUrl } from '@/entities/compliance-report';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/hooks/use-toast';
import { formatDateTime, formatNumber } from '@/lib/format';
import { formatFileSize } from '../lib/default-period';
import { COMPLIANCE_TEXT, RECENT_REPORTS_SHOWN, REPORT_TYPE_LABELS } from '../lib/report-catalogue';

const STATUS_VARIANT = {
  completed: 'success',
  processing: 'info',
  pending: 'secondary',
  failed: 'destructive',
} as const;

function progressText(report: ComplianceReport): string {
  const { done, total } = report.progress;
  if (report.status === 'pending') return 'queued';
  if (total)
    return `${Math.min(100, Math.floor((done / total) * 100))}% (${formatNumber(done)} of ${formatNumber(total)})`;
  return `${formatNumber(done)} records`;
}

/** SPEC §8: opened in a new tab; a blocked pop-up is a failed download. */
function download(report: ComplianceReport) {
  const opened = window.open(reportDownloadUrl(report.id), '_blank');
  if (!opened) {
    toast({
      title: COMPLIANCE_TEXT.downloadFailedTitle,
      description: COMPLIANCE_TEXT.downloadFailedMessage,
      variant: 'destructive',
    });
    return;
  }
  opened.opener = null;
  toast({ title: COMPLIANCE_TEXT.downloadStartedTitle, description: report.files[0]?.fileName });
}

/** Recent Reports: the first 10 reports; Download only for completed ones. */
export function RecentReportsTable({ reports }: { reports: ComplianceReport[] }) {
  if (reports.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{COMPLIANCE_TEXT.empty}</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Report Type</TableHead>
          <TableHead>Period</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Records</TableHead>
          <TableHead className="text-right">Size</TableHead>
          <TableHead>Generated</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {reports.slice(0, RECENT_REPORTS_SHOWN).map((report) => (
          <TableRow key={report.id} data-testid="report-row">
            <TableCell className="font-medium">
              {REPORT_TYPE_LABELS[report.reportType]}{' '}
              <span className="text-muted-foreground">({report.fileFormat})</span>
            </TableCell>
            <TableCell>
              <span className="capitalize">{report.reportPeriod}</span>
              <div className="text-xs text-muted-foreground">
                {report.periodStart} – {report.periodEnd}
              </div>
            </TableCell>
            <TableCell>
              <Badge variant={STATUS_VARIANT[report.status]}>{report.status}</Badge>
              {report.status === 'processing' || report.status === 'pending' ? (
                <div className="text-xs text-muted-foreground" data-testid="report-progress">
                  {progressText(report)}
                </div>
              ) : null}
              {report.status === 'failed' && report.failureReason ? (
                <div className="max-w-64 text-xs text-destructive">{report.failureReason}</div>
              ) : null}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {report.recordCount === null ? '–' : formatNumber(report.recordCount)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {report.fileSize === null ? '–' : formatFileSize(report.fileSize)}
            </TableCell>
            <TableCell>{formatDateTime(report.createdAt)}</TableCell>
            <TableCell>
              {report.status === 'completed' ? (
                <Button variant="outline" size="sm" onClick={() => download(report)}>
                  <Download aria-hidden /> Download
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
