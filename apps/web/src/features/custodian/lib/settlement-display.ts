import type { CustodySettlement } from '@meridian/schemas';

/** Badge colour per settlement status (SPEC §3 shows completed, pending, processing; failed carries a reason). */
export const STATUS_VARIANT: Record<CustodySettlement['status'], 'success' | 'warning' | 'info' | 'destructive'> = {
  completed: 'success',
  pending: 'warning',
  processing: 'info',
  failed: 'destructive',
};

/** Recent Settlements shows this many rows. */
export const RECENT_SETTLEMENTS_ROWS = 10;
/** The queue card lists this many open settlements. */
export const QUEUE_ROWS = 8;

/** Settlement ids are UUIDs: the table shows their first characters, like badge ids elsewhere. */
export const shortId = (id: string) => id.slice(0, 8);
