import { fromMinorUnits, tradeUti } from '@meridian/schemas';
import { PermanentJobError } from '../../jobs';
import type { NativeXml, RecordSet, ReportContext, ReportDefinition, Row } from '../model';
import {
  countTradeSides,
  sidesInScope,
  tradedInstrumentsWithoutIsin,
  tradePages,
  type TradeRow,
} from '../trade-queries';
import { partyLei, requireIsins, VENUE_MIC } from './common';

// EMIR REFIT trade reports (ISO 20022 auth.030.001.03, DerivativesTradeReportV03): one "New"
// report per derivative trade side in scope; the reporting counterparty is that side's
// organisation, the platform operator submits. Field names follow ESMA's reporting
// instructions (Table 1 counterparty data, Table 2 common data); the element structure follows
// ESMA's auth.030.001.03 schema (not shipped: MyStandards terms, DOMAIN-NOTES).

const NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:auth.030.001.03';

/** ACTUS contract type → EMIR contract type (field 2.4) and asset class (field 2.11). */
export const EMIR_CLASSIFICATION: Record<string, { contractType: string; assetClass: string }> = {
  OPTNS: { contractType: 'OPTN', assetClass: 'EQUI' },
  FUTUR: { contractType: 'FUTR', assetClass: 'EQUI' },
  SWAPS: { contractType: 'SWAP', assetClass: 'INTR' },
  SWPPV: { contractType: 'SWAP', assetClass: 'INTR' },
  CEG: { contractType: 'OTHR', assetClass: 'CRDT' },
  CEC: { contractType: 'OTHR', assetClass: 'CRDT' },
};

export const EMIR_COLUMNS = [
  'uti',
  'tradeId',
  'reportingCounterpartyLei',
  'otherCounterpartyLei',
  'submittingEntityLei',
  'direction',
  'actusContractType',
  'contractType',
  'assetClass',
  'isin',
  'instrumentName',
  'notional',
  'quantity',
  'price',
  'currency',
  'executionTimestamp',
  'effectiveDate',
  'expirationDate',
  'venue',
  'cleared',
  'reportingTimestamp',
] as const;

/** The reports of one trade, one per side in scope; the UTI and LEIs are derived once per trade. */
function pushEmirRows(rows: Row[], trade: TradeRow, ctx: ReportContext): void {
  const sides = sidesInScope(trade, ctx);
  if (sides.length === 0) return;
  const buyerLei = partyLei(trade.buyerOrgId, trade.buyerLei, ctx);
  const sellerLei = partyLei(trade.sellerOrgId, trade.sellerLei, ctx);
  const uti = tradeUti(ctx.platformLei, trade.id);
  for (const side of sides) rows.push(emirRow(trade, side, ctx, uti, buyerLei, sellerLei));
}

function emirRow(
  trade: TradeRow,
  side: 'buy' | 'sell',
  ctx: ReportContext,
  uti: string,
  buyerLei: string,
  sellerLei: string,
): Row {
  const classification = EMIR_CLASSIFICATION[trade.contractType] ?? { contractType: 'OTHR', assetClass: 'EQUI' };
  return {
    uti,
    tradeId: trade.id,
    reportingCounterpartyLei: side === 'buy' ? buyerLei : sellerLei,
    otherCounterpartyLei: side === 'buy' ? sellerLei : buyerLei,
    submittingEntityLei: ctx.platformLei,
    // Field 1.17 direction: the buyer of the contract is BYER, the seller SLLR.
    direction: side === 'buy' ? 'BYER' : 'SLLR',
    actusContractType: trade.contractType,
    contractType: classification.contractType,
    assetClass: classification.assetClass,
    isin: trade.isin,
    instrumentName: trade.instrumentName,
    notional: fromMinorUnits(BigInt(trade.price) * BigInt(trade.quantity)),
    quantity: trade.quantity,
    price: fromMinorUnits(BigInt(trade.price)),
    currency: trade.currency,
    executionTimestamp: trade.createdAt,
    effectiveDate: trade.createdAt.slice(0, 10),
    expirationDate: trade.maturityDate,
    venue: VENUE_MIC,
    // No central counterparty clears platform trades (field 2.31 cleared = N).
    cleared: 'N',
    reportingTimestamp: ctx.generatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

const lei = (xml: Parameters<NativeXml['record']>[0], value: unknown) =>
  xml.element('Id', () => xml.element('Lgl', () => xml.element('Id', () => xml.leaf('LEI', String(value)))));

const auth030: NativeXml = {
  standard: 'auth.030.001.03',
  open(xml, _ctx, recordCount) {
    xml.declaration().start('Document', { xmlns: NAMESPACE }).start('DerivsTradRpt');
    xml.element('RptHdr', () => xml.leaf('NbRcrds', recordCount));
    xml.start('TradData');
  },
  record(xml, row) {
    xml.element('Rpt', () =>
      xml.element('New', () => {
        xml.element('CtrPtySpcfcData', () => {
          xml.element('CtrPty', () => {
            xml.element('RptgCtrPty', () => {
              lei(xml, row.reportingCounterpartyLei);
              xml.element('DrctnOrSd', () => xml.leaf('CtrPtySd', row.direction));
            });
            xml.element('OthrCtrPty', () => xml.element('IdTp', () => lei(xml, row.otherCounterpartyLei)));
            xml.element('SubmitgAgt', () => xml.leaf('LEI', row.submittingEntityLei));
          });
          xml.leaf('RptgTmStmp', row.reportingTimestamp);
        });
        xml.element('CmonTradData', () => {
          xml.element('CtrctData', () => {
            xml.leaf('CtrctTp', row.contractType).leaf('AsstClss', row.assetClass);
            xml.element('PdctId', () => xml.leaf('ISIN', row.isin));
            xml.element('SttlmCcy', () => xml.leaf('Ccy', row.currency));
          });
          xml.element('TxData', () => {
            xml.element('TxId', () => xml.leaf('UnqTxIdr', row.uti));
            xml.leaf('TradgVn', row.venue);
            xml.leaf('ExctnTmStmp', row.executionTimestamp).leaf('FctvDt', row.effectiveDate);
            xml.leaf('XprtnDt', row.expirationDate);
            xml.element('TxPric', () =>
              xml.element('Pric', () =>
                xml.element('MntryVal', () => xml.leaf('Amt', row.price, { Ccy: String(row.currency) })),
              ),
            );
            xml.element('NtnlAmt', () =>
              xml.element('FrstLeg', () =>
                xml.element('Amt', () => xml.leaf('Amt', row.notional, { Ccy: String(row.currency) })),
              ),
            );
            xml.element('NtnlQty', () => xml.element('FrstLeg', () => xml.leaf('TtlQty', row.quantity)));
            xml.element('Clrd', () => xml.element('NonClrd', () => xml.leaf('Rsn', 'NORE')));
          });
        });
        xml.leaf('Lvl', 'TCTN');
      }),
    );
  },
  close(xml) {
    xml.end().end().end();
  },
};

export const emirReport: ReportDefinition = {
  type: 'EMIR',
  nativeFormat: 'XML',
  xml: auth030,
  async preflight(ctx) {
    requireIsins(await tradedInstrumentsWithoutIsin(ctx, true));
    if (ctx.format === 'XML' && (await countTradeSides(ctx, true)) === 0)
      throw new PermanentJobError(
        'Nothing to report: the period holds no derivative trades in scope (auth.030 needs at least one).',
      );
  },
  count: (ctx) => countTradeSides(ctx, true),
  recordSets(ctx): RecordSet[] {
    return [
      {
        name: 'trades',
        columns: EMIR_COLUMNS,
        async *pages() {
          for await (const trades of tradePages(ctx, true)) {
            const rows: Row[] = [];
            for (const trade of trades) pushEmirRows(rows, trade, ctx);
            if (rows.length > 0) yield rows;
          }
        },
      },
    ];
  },
};
