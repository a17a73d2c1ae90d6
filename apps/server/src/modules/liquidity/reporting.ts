import type { Db } from '../../db/client';
import { loadFxTable } from '../fx/service';
import type { ToReporting } from './service';

/** Dashboards total across currencies in this currency (platform FX rates). */
export const REPORTING_CURRENCY = 'USD';

/** A converter into the reporting currency from the platform's latest FX rates (null: no rate). */
export async function reportingConverter(db: Db): Promise<ToReporting> {
  const table = await loadFxTable(db);
  return (amount, from) =>
    from === REPORTING_CURRENCY
      ? amount
      : table.has(from) && table.has(REPORTING_CURRENCY)
        ? table.convert(amount, from, REPORTING_CURRENCY)
        : null;
}
