import type { CaseSeverity, CaseStatus } from '@meridian/schemas';
import { Badge } from '@/components/ui/badge';
import { SEVERITY_VARIANT, STATUS_LABELS, STATUS_VARIANT } from '../lib/labels';

export function SeverityBadge({ severity }: { severity: CaseSeverity }) {
  return <Badge variant={SEVERITY_VARIANT[severity]}>{severity}</Badge>;
}

export function StatusBadge({ status }: { status: CaseStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="case-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
