export {
  REPORTS_ACTIVE_POLL_MS,
  REPORTS_POLL_MS,
  complianceReportKeys,
  complianceReportsQuery,
  generateComplianceReport,
  getComplianceReports,
  reportDownloadUrl,
  useComplianceReports,
  useGenerateComplianceReport,
} from './api';
