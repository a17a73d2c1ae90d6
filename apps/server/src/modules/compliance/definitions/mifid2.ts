import { fromMinorUnits, tradeUti } from '@meridian/schemas';
import { PermanentJobError } from '../../jobs';
import type { NativeXml, RecordSet, ReportContext, ReportDefinition, Row } from '../model';
import {
  countTradeSides,
  executionSummary,
  sidesInScope,
  tradedInstrumentsWithoutIsin,
  tradePages,
  type TradeRow,
} from '../trade-queries';
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

function transactionRow(trade: TradeRow, side: 'buy' | 'sell', ctx: ReportContext): Row {
  const buyerLei = partyLei(trade.buyerOrgId, trade.buyerLei, ctx);
  const sellerLei = partyLei(trade.sellerOrgId, trade.sellerLei, ctx);
  return {
    // Trade id (32 hex) + side: unique per executing entity and report, as RTS 22 field 2 asks.
    txId: `${trade.id.replaceAll('-', '').toUpperCase()}${side === 'buy' ? 'B' : 'S'}`,
    tradeId: trade.id,
    uti: tradeUti(ctx.platformLei, trade.id),
    executingEntityLei: side === 'buy' ? buyerLei : sellerLei,
    submittingEntityLei: ctx.platformLei,
    side: side === 'buy' ? 'BUYI' : 'SELL',
    aggressive: side === trade.takerSide,
    buyerLei,
    sellerLei,
    tradingDateTime: trade.createdAt,
    tradingCapacity: 'DEAL',
    quantity: trade.quantity,
    price: fromMinorUnits(BigInt(trade.price)),
    currency: trade.currency,
    venue: VENUE_MIC,
    isin: trade.isin,
    instrumentName: trade.instrumentName,
    contractType: trade.contractType,
  };
}

const auth016: NativeXml = {
  standard: 'auth.016.001.01',
  open(xml) {
    xml.declaration().start('Document', { xmlns: NAMESPACE }).start('FinInstrmRptgTxRpt');
  },
  record(xml, row) {
    const party = (name: string, lei: unknown) =>
      xml.element(name, () => xml.element('AcctOwnr', () => xml.element('Id', () => xml.leaf('LEI', String(lei)))));
    xml.element('Tx', () =>
      xml.element('New', () => {
        xml.leaf('TxId', row.txId).leaf('ExctgPty', row.executingEntityLei);
        xml.leaf('InvstmtPtyInd', 'true').leaf('SubmitgPty', row.submittingEntityLei);
        party('Buyr', row.buyerLei);
        party('Sellr', row.sellerLei);
        xml.element('OrdrTrnsmssn', () => xml.leaf('TrnsmssnInd', 'false'));
        xml.element('Tx', () => {
          xml.leaf('TradDt', row.tradingDateTime).leaf('TradgCpcty', row.tradingCapacity);
          xml.element('Qty', () => xml.leaf('Unit', row.quantity));
          xml.element('Pric', () =>
            xml.element('Pric', () =>
              xml.element('MntryVal', () => xml.leaf('Amt', row.price, { Ccy: String(row.currency) })),
            ),
          );
          xml.leaf('TradVn', row.venue);
        });
        xml.element('FinInstrm', () => xml.leaf('Id', row.isin));
        // The platform's matching engine executes; the client decided (RTS 22 field 57 'NORE').
        xml.element('ExctgPrsn', () => xml.leaf('Clnt', 'NORE'));
        xml.element('AddtlAttrbts', () => xml.leaf('SctiesFincgTxInd', 'false'));
      }),
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
    // auth.016 needs at least one Tx: an empty period has nothing to submit.
    if (ctx.format === 'XML' && (await countTradeSides(ctx)) === 0)
      throw new PermanentJobError(
        'Nothing to report: the period holds no trades in scope (auth.016 needs at least one).',
      );
  },
  async count(ctx) {
    return (await countTradeSides(ctx)) + (await executionSummary(ctx)).length;
  },
  recordSets(ctx): RecordSet[] {
    return [
      {
        name: 'transactions',
        columns: MIFID2_TRANSACTION_COLUMNS,
        async *pages() {
          for await (const trades of tradePages(ctx)) {
            const rows: Row[] = [];
            for (const trade of trades)
              for (const side of sidesInScope(trade, ctx)) rows.push(transactionRow(trade, side, ctx));
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
