import { fromMinorUnits } from '@meridian/schemas';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../../db/client';
import { loadFxTable } from '../../fx/service';
import { PermanentJobError } from '../../jobs';
import type { NativeXml, RecordSet, ReportContext, ReportDefinition, Row } from '../model';
import { PAGE_SIZE } from '../trade-queries';

// AML/CTF monthly report in the UNODC goAML `report` format:
//  - threshold: every cash movement (deposit or withdrawal) of at least 10,000.00 in the
//    reporting currency (USD at the latest ECB reference rate), from the ledger's journal;
//    the native XML is one goAML CTR report with a transaction per movement;
//  - suspicious: surveillance cases detected in the period (suspicious-transaction material),
//    one record per case with its rule, severity, status and trades.
// goAML lookup codes (submission, transmode, funds) are the FIU's; Meridian uses E (electronic
// submission), EFT (electronic transfer) and K (account funds) and documents them here.

/** A cash movement at or above this (hundredths of USD) is reported. */
export const CASH_THRESHOLD_MINOR = 1_000_000n;
export const REPORTING_CURRENCY = 'USD';
/** The reporting-entity id the FIU assigns at registration (goAML rentity_id). */
export const GOAML_RENTITY_ID = 1;

export const THRESHOLD_COLUMNS = [
  'transactionNumber',
  'date',
  'kind',
  'userId',
  'accountHolder',
  'organisation',
  'lei',
  'country',
  'currency',
  'amount',
  'amountLocal',
] as const;

export const SUSPICIOUS_COLUMNS = [
  'caseId',
  'rule',
  'severity',
  'status',
  'detectedAt',
  'organisation',
  'lei',
  'instrument',
  'isin',
  'summary',
  'tradeCount',
  'tradeIds',
] as const;

interface Movement {
  line_id: string;
  entry_id: string;
  kind: string;
  created_at: string;
  user_id: string;
  holder: string;
  organisation: string | null;
  lei: string | null;
  country: string | null;
  currency: string;
  amount: string;
}

function movementsQuery(ctx: ReportContext, afterLine: string) {
  const scope = ctx.organisationId ? sql`and u.organisation_id = ${ctx.organisationId}` : sql``;
  return sql`select jl.id::text as line_id, je.id as entry_id, je.kind,
        to_char(je.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as created_at,
        u.id as user_id, u.name as holder, o.name as organisation, o.lei, o.country, jl.asset as currency,
        jl.amount::text as amount
      from journal_lines jl join journal_entries je on je.id = jl.entry_id
      join ledger_accounts la on la.id = jl.account_id join users u on u.id = la.user_id
      left join organisations o on o.id = u.organisation_id
      where je.kind in ('deposit', 'withdraw') and jl.asset_type = 'cash'
        and je.created_at >= ${ctx.from.toISOString()}::timestamptz and je.created_at < ${ctx.to.toISOString()}::timestamptz
        and jl.id > ${afterLine}::bigint ${scope}
      order by jl.id limit ${PAGE_SIZE}`;
}

/** Threshold movements, page by page (journal line id keyset), converted and filtered in USD. */
async function* thresholdPages(ctx: ReportContext): AsyncGenerator<Row[]> {
  const fx = await loadFxTable(ctx.db);
  let after = '0';
  for (;;) {
    const lines = await selectRows<Movement>(ctx.db, movementsQuery(ctx, after));
    if (lines.length === 0) return;
    const rows: Row[] = [];
    for (const m of lines) {
      const amount = BigInt(m.amount);
      const abs = amount < 0n ? -amount : amount;
      if (!fx.has(m.currency)) throw new PermanentJobError(`No FX rate for ${m.currency}; cannot apply the threshold.`);
      const local = fx.convert(abs, m.currency, REPORTING_CURRENCY);
      if (local < CASH_THRESHOLD_MINOR) continue;
      rows.push({
        transactionNumber: m.entry_id,
        date: m.created_at,
        kind: m.kind,
        userId: m.user_id,
        accountHolder: m.holder,
        organisation: m.organisation ?? ctx.reportingName,
        lei: m.lei ?? ctx.platformLei,
        country: m.country,
        currency: m.currency,
        amount: fromMinorUnits(abs),
        amountLocal: fromMinorUnits(local),
      });
    }
    if (rows.length > 0) yield rows;
    if (lines.length < PAGE_SIZE) return;
    after = lines.at(-1)!.line_id;
  }
}

async function countThreshold(ctx: ReportContext): Promise<number> {
  let n = 0;
  for await (const rows of thresholdPages(ctx)) n += rows.length;
  return n;
}

async function suspiciousCases(ctx: ReportContext): Promise<Row[]> {
  const scope = ctx.organisationId ? sql`and c.organisation_id = ${ctx.organisationId}` : sql``;
  const rows = await selectRows<Record<string, string | null> & { trade_ids: string[] }>(
    ctx.db,
    sql`select c.id, c.rule, c.severity, c.status, to_char(c.detected_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as detected_at,
          o.name as organisation, o.lei, i.name as instrument, i.isin, c.summary,
          array(select jsonb_array_elements_text(c.evidence -> 'tradeIds')) as trade_ids
        from surveillance_cases c join instruments i on i.id = c.instrument_id
        left join organisations o on o.id = c.organisation_id
        where c.detected_at >= ${ctx.from.toISOString()}::timestamptz and c.detected_at < ${ctx.to.toISOString()}::timestamptz ${scope}
        order by c.detected_at, c.id`,
  );
  return rows.map((r) => ({
    caseId: r.id!,
    rule: r.rule!,
    severity: r.severity!,
    status: r.status!,
    detectedAt: r.detected_at!,
    organisation: r.organisation ?? ctx.reportingName,
    lei: r.lei ?? ctx.platformLei,
    instrument: r.instrument!,
    isin: r.isin ?? null,
    summary: r.summary!,
    tradeCount: r.trade_ids.length,
    tradeIds: r.trade_ids.join(' '),
  }));
}

type Xml = Parameters<NativeXml['record']>[0];

function entity(xml: Xml, prefix: 'from' | 'to', name: unknown, lei: unknown, country: unknown) {
  xml.element(`${prefix}_entity`, () => {
    xml.leaf('name', String(name)).leaf('incorporation_number', String(lei));
    xml.leaf('incorporation_country_code', country === null ? null : String(country));
  });
}

/** goAML CTR: one `report` (no namespace) with a `transaction` per threshold movement. */
const goamlCtr: NativeXml = {
  standard: 'goAML report (CTR)',
  open(xml, ctx) {
    xml.declaration().start('report');
    xml.leaf('rentity_id', GOAML_RENTITY_ID).leaf('submission_code', 'E').leaf('report_code', 'CTR');
    xml.leaf('entity_reference', ctx.reportId);
    xml.leaf('submission_date', ctx.generatedAt.toISOString().slice(0, 19));
    xml.leaf('currency_code_local', REPORTING_CURRENCY);
    xml.leaf(
      'reason',
      `Cash movements of at least ${fromMinorUnits(CASH_THRESHOLD_MINOR)} ${REPORTING_CURRENCY}, ${ctx.periodStart} to ${ctx.periodEnd}.`,
    );
  },
  record(xml, row, ctx) {
    const deposit = row.kind === 'deposit';
    xml.element('transaction', () => {
      xml.leaf('transactionnumber', row.transactionNumber).leaf('internal_ref_number', `${row.kind}:${row.userId}`);
      xml.leaf('transaction_location', 'Meridian platform (online)');
      xml.leaf(
        'transaction_description',
        `${deposit ? 'Deposit to' : 'Withdrawal from'} the trading account of ${row.accountHolder}`,
      );
      xml.leaf('date_transaction', row.date).leaf('transmode_code', 'EFT').leaf('amount_local', row.amountLocal);
      const client = [row.organisation, row.lei, row.country] as const;
      const platform = [`${ctx.platformName} (client money)`, ctx.platformLei, 'GB'] as const;
      xml.element('t_from', () => {
        xml.leaf('from_funds_code', 'K');
        if (row.currency !== REPORTING_CURRENCY)
          xml.element('from_foreign_currency', () =>
            xml
              .leaf('foreign_currency_code', row.currency)
              .leaf('foreign_amount', row.amount)
              .leaf('foreign_exchange_rate', (Number(row.amountLocal) / Number(row.amount)).toFixed(6)),
          );
        entity(xml, 'from', ...(deposit ? client : platform));
        xml.leaf('from_country', String((deposit ? client : platform)[2] ?? 'GB'));
      });
      xml.element('t_to', () => {
        xml.leaf('to_funds_code', 'K');
        entity(xml, 'to', ...(deposit ? platform : client));
        xml.leaf('to_country', String((deposit ? platform : client)[2] ?? 'GB'));
      });
    });
  },
  close(xml) {
    xml.element('report_indicators', () => xml.leaf('indicator', 'CTR'));
    xml.end();
  },
};

export const amlCtfReport: ReportDefinition = {
  type: 'AML_CTF',
  nativeFormat: 'XML',
  xml: goamlCtr,
  async preflight(ctx) {
    if (ctx.format === 'XML' && (await countThreshold(ctx)) === 0)
      throw new PermanentJobError(
        'Nothing to report: no cash movement in the period reaches the threshold (a goAML report needs a transaction).',
      );
  },
  async count(ctx) {
    return (await countThreshold(ctx)) + (await suspiciousCases(ctx)).length;
  },
  recordSets(ctx): RecordSet[] {
    return [
      { name: 'threshold', columns: THRESHOLD_COLUMNS, pages: () => thresholdPages(ctx) },
      {
        name: 'suspicious',
        columns: SUSPICIOUS_COLUMNS,
        async *pages() {
          const rows = await suspiciousCases(ctx);
          if (rows.length > 0) yield rows;
        },
      },
    ];
  },
};
