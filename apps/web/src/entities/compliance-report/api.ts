import {
  complianceReportListSchema,
  complianceReportSchema,
  type ComplianceReport,
  type ComplianceReportList,
  type GenerateReportInput,
} from '@meridian/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

const REPORTS_URL = '/api/compliance/reports';

/** SPEC §7 polls the list every 5 s; while a report is queued or running, every second for its progress. */
export const REPORTS_POLL_MS = 5_000;
export const REPORTS_ACTIVE_POLL_MS = 1_000;

export const complianceReportKeys = {
  all: [REPORTS_URL] as const,
};

export async function getComplianceReports(): Promise<ComplianceReportList> {
  return complianceReportListSchema.parse(await apiRequest('GET', REPORTS_URL));
}

export const complianceReportsQuery = () =>
  queryOptions({
    queryKey: complianceReportKeys.all,
    queryFn: getComplianceReports,
    refetchInterval: (query) =>
      query.state.data?.reports.some((r) => r.status === 'pending' || r.status === 'processing')
        ? REPORTS_ACTIVE_POLL_MS
        : REPORTS_POLL_MS,
  });

export function useComplianceReports() {
  return useQuery(complianceReportsQuery());
}

export async function generateComplianceReport(input: GenerateReportInput): Promise<ComplianceReport> {
  return complianceReportSchema.parse(await apiRequest('POST', `${REPORTS_URL}/generate`, input));
}

/** Queues a report; the list is re-fetched on success (SPEC §4). */
export function useGenerateComplianceReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateComplianceReport,
    onSuccess: () => client.invalidateQueries({ queryKey: complianceReportKeys.all }),
  });
}

export const reportDownloadUrl = (id: string, part = 'main') =>
  `${REPORTS_URL}/${id}/download${part === 'main' ? '' : `?part=${encodeURIComponent(part)}`}`;
