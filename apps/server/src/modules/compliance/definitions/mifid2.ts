import { fromMinorUnits, tradeUti } from '@meridian/schemas';
import { PermanentJobError } from '../../jobs';
import type { NativeXml, RecordSet, ReportContext, ReportDefinition, Row } from '../model';
import {
  executionSummary,
  sidesInScope,
  tradedInstrumentsWithoutIsin,
  tradePages,
  type TradeRow,
} from '../trade-queries';
import { escapeXmlAttribute, escapeXmlText } from '../formats/xml-writer';
import { partyLei, requireIsins, VENUE_MIC } from './common';

// MiFIR RTS 22 transaction reports (ISO 20022 auth.016.001.01, ESMA's FinInstrmRptgTxRpt)
// plus the best-execution summary per instrument class. One transaction report per trade
// side in scope: the executing entity is that side's organisation.

const NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:auth.016.001.01';

export const MIFID2_TRANSACTION_COLUMNS = [
  'txId',
  'tradeId',
  'uti',
  'executingEntityLei',
  'submittingEntityLei',
  'side',
  'aggressive',
  'buyerLei',
  'sellerLei',
  'tradingDateTime',
  'tradingCapacity',
  'quantity',
  'price',
  'currency',
  'venue',
  'isin',
  'instrumentName',
  'contractType',
] as const;

export const BEST_EXECUTION_COLUMNS = [
  'instrumentClass',
  'currency',
  'venue',
  'executions',
  'quantity',
  'value',
  'aggressiveShare',
  'passiveShare',
] as const;

/**
 * The transaction reports of one trade: one per side in scope. What both sides share (UTI, LEIs,
 * price, identifiers) is derived once per trade, not once per side.
 */
function pushTransactionRows(rows: Row[], trade: TradeRow, ctx: ReportContext): void {
  const sides = sidesInScope(trade, ctx);
  if (sides.length === 0) return;
  const buyerLei = partyLei(trade.buyerOrgId, trade.buyerLei, ctx);
  const sellerLei = partyLei(trade.sellerOrgId, trade.sellerLei, ctx);
  // Trade id (32 hex) + side: unique per executing entity and report, as RTS 22 field 2 asks.
  const txIdStem = trade.id.replaceAll('-', '').toUpperCase();
  const uti = tradeUti(ctx.platformLei, trade.id);
  const price = fromMinorUnits(BigInt(trade.price));
  for (const side of sides)
    rows.push({
      txId: `${txIdStem}${side === 'buy' ? 'B' : 'S'}`,
      tradeId: trade.id,
      uti,
      executingEntityLei: side === 'buy' ? buyerLei : sellerLei,
      submittingEntityLei: ctx.platformLei,
      side: side === 'buy' ? 'BUYI' : 'SELL',
      aggressive: side === trade.takerSide,
      buyerLei,
      sellerLei,
      tradingDateTime: trade.createdAt,
      tradingCapacity: 'DEAL',
      quantity: trade.quantity,
      price,
      currency: trade.currency,
      venue: VENUE_MIC,
      isin: trade.isin,
      instrumentName: trade.instrumentName,
      contractType: trade.contractType,
    });
}

const auth016: NativeXml = {
  standard: 'auth.016.001.01',
  open(xml) {
    xml.declaration().start('Document', { xmlns: NAMESPACE }).start('FinInstrmRptgTxRpt');
  },
  // One template per transaction: the element names are constants, every value is escaped.
  // Same document as writing it element by element, at a fraction of the calls (bench:reports).
  record(xml, row) {
    const e = (value: unknown) => escapeXmlText(String(value));
    const party = (name: string, lei: unknown) =>
      `<${name}><AcctOwnr><Id><LEI>${e(lei)}</LEI></Id></AcctOwnr></${name}>`;
    xml.raw(
      `<Tx><New><TxId>${e(row.txId)}</TxId><ExctgPty>${e(row.executingEntityLei)}</ExctgPty>` +
        `<InvstmtPtyInd>true</InvstmtPtyInd><SubmitgPty>${e(row.submittingEntityLei)}</SubmitgPty>` +
        party('Buyr', row.buyerLei) +
        party('Sellr', row.sellerLei) +
        `<OrdrTrnsmssn><TrnsmssnInd>false</TrnsmssnInd></OrdrTrnsmssn>` +
        `<Tx><TradDt>${e(row.tradingDateTime)}</TradDt><TradgCpcty>${e(row.tradingCapacity)}</TradgCpcty>` +
        `<Qty><Unit>${e(row.quantity)}</Unit></Qty>` +
        `<Pric><Pric><MntryVal><Amt Ccy="${escapeXmlAttribute(String(row.currency))}">${e(row.price)}</Amt></MntryVal></Pric></Pric>` +
        `<TradVn>${e(row.venue)}</TradVn></Tx>` +
        `<FinInstrm><Id>${e(row.isin)}</Id></FinInstrm>` +
        // The platform's matching engine executes; the client decided (RTS 22 field 57 'NORE').
        `<ExctgPrsn><Clnt>NORE</Clnt></ExctgPrsn>` +
        `<AddtlAttrbts><SctiesFincgTxInd>false</SctiesFincgTxInd></AddtlAttrbts></New></Tx>`,
    );
  },
  close(xml) {
    xml.end().end();
  },
};

export const mifid2Report: ReportDefinition = {
  type: 'MIFID2',
  nativeFormat: 'XML',
  xml: auth016,
  async preflight(ctx) {
    requireIsins(await tradedInstrumentsWithoutIsin(ctx));
    // auth.016 needs at least one Tx: an empty period has nothing to submit (no trade side in
    // scope is no execution in the summary).
    if (ctx.format === 'XML' && (await executionSummary(ctx)).length === 0)
      throw new PermanentJobError(
        'Nothing to report: the period holds no trades in scope (auth.016 needs at least one).',
      );
  },
  async count(ctx) {
    // Each trade side in scope is one execution of the best-execution summary (same filter), so
    // its executions add up to the transaction reports: one pass over the period, not two.
    const summary = await executionSummary(ctx);
    return summary.reduce((n, s) => n + Number(s.executions), 0) + summary.length;
  },
  recordSets(ctx): RecordSet[] {
    return [
      {
        name: 'transactions',
        columns: MIFID2_TRANSACTION_COLUMNS,
        async *pages() {
          for await (const trades of tradePages(ctx)) {
            const rows: Row[] = [];
            for (const trade of trades) pushTransactionRows(rows, trade, ctx);
            yield rows;
          }
        },
      },
      {
        name: 'best_execution',
        columns: BEST_EXECUTION_COLUMNS,
        async *pages() {
          const summary = await executionSummary(ctx);
          if (summary.length === 0) return;
          yield summary.map((s) => {
            const executions = Number(s.executions);
            const aggressive = (Number(s.aggressive) / executions) * 100;
            return {
              instrumentClass: s.contractType,
              currency: s.currency,
              venue: VENUE_MIC,
              executions,
              quantity: s.quantity,
              value: fromMinorUnits(BigInt(s.value)),
              aggressiveShare: aggressive.toFixed(2),
              passiveShare: (100 - aggressive).toFixed(2),
            };
          });
        },
      },
    ];
  },
};
