import type { RequestStatus } from '@meridian/schemas';
import { Badge, type BadgeProps } from '@/components/ui/badge';

type Variant = NonNullable<BadgeProps['variant']>;

/** SPEC §4: request statuses pending, approved, rejected, expired each have their colour. */
const STATUS_VARIANT: Record<RequestStatus, Variant> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  expired: 'secondary',
};

const LEVEL_VARIANT: Record<string, Variant> = {
  low: 'secondary',
  standard: 'secondary',
  medium: 'info',
  enhanced: 'info',
  high: 'warning',
  critical: 'destructive',
};

export function StatusBadge({ status }: { status: RequestStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>;
}

/** Urgency, risk level and compliance level share one scale of colours. */
export function LevelBadge({ level, suffix }: { level: string; suffix?: string }) {
  return (
    <Badge variant={LEVEL_VARIANT[level] ?? 'outline'}>
      {level}
      {suffix ? ` ${suffix}` : ''}
    </Badge>
  );
}
