import { sql } from 'drizzle-orm';
import { selectRows } from '../../../db/client';
import { PermanentJobError } from '../../jobs';
import { capitalAt, riskMetrics } from '../../risk';
import { XBRL_FACT_COLUMNS, type ReportContext, type ReportDefinition, type Row } from '../model';

// CRD/CRR capital report, COREP-style: C 01.00 own funds, C 02.00 own funds requirements,
// C 03.00 capital ratios, per organisation with a capital base, from the risk engine's Basel III
// standardised figures (modules/risk riskMetrics: credit RWA by counterparty weight, market
// RWA, capital base). COREP is a period-end instant: a period that has ended is valued with the
// holdings booked in the ledger by the end of its last day, that day's FX rates and market, and
// the VaR history stored up to it (risk capitalAt); a period still running is valued now. The
// capital base itself is not versioned (its current figures).

interface CapitalHolder {
  id: string;
  name: string;
  lei: string | null;
}

async function capitalHolders(ctx: ReportContext): Promise<CapitalHolder[]> {
  const only = ctx.organisationId ? sql`where o.id = ${ctx.organisationId}` : sql``;
  return selectRows<CapitalHolder>(
    ctx.db,
    sql`select o.id, o.name, o.lei from organisations o join risk_capital_base c on c.organisation_id = o.id
        ${only} order by o.name`,
  );
}

/** Ratios arrive in percent (12.5 = 12.5 %); XBRL pure values are fractions (0.125). */
const fraction = (percent: number | null) => (percent === null ? null : (percent / 100).toFixed(6));

export const FACTS_PER_ORGANISATION = 11;

async function capitalFacts(ctx: ReportContext, holder: CapitalHolder): Promise<Row[]> {
  if (!holder.lei)
    throw new PermanentJobError(`Organisation ${holder.name} has no LEI; COREP entities are identified by LEI.`);
  const target = { scope: 'organisation' as const, userId: '', organisationId: holder.id };
  const today = new Date().toISOString().slice(0, 10);
  const capital =
    ctx.periodEnd < today
      ? await capitalAt(ctx.db, target, ctx.periodEnd)
      : (await riskMetrics(ctx.db, target)).capital;
  if (!capital) return [];
  const base = {
    entityLei: holder.lei,
    entityName: holder.name,
    periodStart: null,
    periodEnd: ctx.periodEnd,
  };
  const money = (concept: string, value: string) => ({ concept, ...base, currency: 'USD', value, decimals: 2 });
  const ratio = (concept: string, value: number | null) =>
    value === null ? null : { concept, ...base, currency: null, value: fraction(value), decimals: 4 };
  const rwa = Number(capital.rwa);
  const tier2 = (Number(capital.totalCapital) - Number(capital.tier1)).toFixed(2);
  return [
    money('OwnFunds', capital.totalCapital),
    money('Tier1Capital', capital.tier1),
    money('CommonEquityTier1Capital', capital.cet1),
    money('Tier2Capital', tier2),
    money('TotalRiskExposureAmount', capital.rwa),
    money('CreditRiskExposureAmount', capital.creditRwa),
    money('MarketRiskExposureAmount', capital.marketRwa),
    // Pillar 1: 8 % of the total risk exposure amount (CRR Art. 92(1)(c)).
    money('OwnFundsRequirement', (Math.round(rwa * 8) / 100).toFixed(2)),
    ratio('CET1Ratio', capital.cet1Ratio),
    ratio('Tier1Ratio', capital.tier1Ratio),
    ratio('TotalCapitalRatio', capital.totalRatio),
  ].filter((row): row is NonNullable<typeof row> => row !== null);
}

export const crdCrrReport: ReportDefinition = {
  type: 'CRD_CRR',
  nativeFormat: 'XBRL',
  xbrlFacts: true,
  async count(ctx) {
    return (await capitalHolders(ctx)).length * FACTS_PER_ORGANISATION;
  },
  recordSets(ctx) {
    return [
      {
        name: 'capital',
        columns: XBRL_FACT_COLUMNS,
        async *pages() {
          for (const holder of await capitalHolders(ctx)) {
            const rows = await capitalFacts(ctx, holder);
            if (rows.length > 0) yield rows;
          }
        },
      },
    ];
  },
};
