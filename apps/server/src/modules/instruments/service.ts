import type { ContractEvent } from '@meridian/actus';
import { makeCurve } from '@meridian/risk';
import {
  faceValueMinor,
  fromMinorUnits,
  toMinorUnits,
  type ContractType,
  type InstrumentDetail,
  type InstrumentForm,
  type InstrumentListItem,
  instrumentListSchema,
} from '@meridian/schemas';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../errors';
import { recordAudit, type AuditContext } from '../audit/record';
import { getOrCreateAccount, getOrCreateUserAccount, issuanceAccountCode, post } from '../ledger';
import { compileInstrument, holderSign, newContractId } from './engine';
import {
  byId,
  insertInstrument,
  marketStatsOf,
  selectHolders,
  selectInstruments,
  userOrganisationId,
  type InstrumentRow,
} from './queries';
import { holderUnitFlows, isModelPriced } from './valuation';
import {
  eventsOf,
  instrumentCatalogue,
  loadMarket,
  rememberEvents,
  valuationEvents,
  valuationOf,
  type MarketContext,
} from './catalogue';
import { decodeIdCursor, encodeIdCursor } from '../../db/cursor';
import { versionedTradeWindows } from '../../db/trade-window';
import { StampedAnswer, nextUtcMidnight } from '../../db/stamped-answer';
import { fastSerializer, KeptJson } from '../../fast-serializer';

/**
 * Issues an instrument: terms rebuilt from the form and accepted by the ACTUS engine (422
 * `ACTUS_REJECTED` with the engine's problems otherwise), then, in one transaction, the
 * instrument row and the journal crediting all its units to the issuer.
 */
export async function createInstrument(
  db: Db,
  issuerUserId: string,
  form: InstrumentForm,
  now = new Date(),
  /** Business days from trade to settlement (T+N); 0 settles in the trade's transaction. */
  settlementCycle = 0,
  audit: AuditContext = {},
): Promise<string> {
  const compiled = compileInstrument(form, newContractId(form.contractType, now));
  if (!compiled.ok) {
    const list = compiled.problems.map((p) => p.message).join('; ');
    throw unprocessable('ACTUS_REJECTED', `The ACTUS engine rejected the instrument terms: ${list}`, {
      problems: compiled.problems,
    });
  }
  const notional = toMinorUnits(form.notionalAmount)!;
  const faceValue = faceValueMinor(form.contractType);
  const units = notional / faceValue;
  const id = await db.transaction(async (tx) => {
    const instrumentId = await insertInstrument(tx, {
      name: form.name,
      description: form.description || null,
      contractType: form.contractType,
      currency: form.currency,
      notionalAmount: notional,
      faceValue,
      units,
      issueDate: form.issueDate,
      maturityDate: form.contractType === 'STK' ? null : form.maturityDate || null,
      status: 'active',
      settlementCycle,
      terms: compiled.value.terms,
      observations: compiled.value.observations,
      issuerUserId,
      issuerOrgId: await userOrganisationId(tx, issuerUserId),
    });
    const issuerAccount = await getOrCreateUserAccount(tx, issuerUserId);
    const issuance = await getOrCreateAccount(tx, issuanceAccountCode(instrumentId));
    await post(tx, [
      {
        kind: 'issue',
        reference: `instrument:${instrumentId}`,
        lines: [
          { accountId: issuerAccount, assetType: 'units', asset: instrumentId, amount: units },
          { accountId: issuance, assetType: 'units', asset: instrumentId, amount: -units },
        ],
      },
    ]);
    await recordAudit(tx, {
      ...audit,
      action: 'instruments.instrument.issue',
      subjectType: 'instrument',
      subjectId: instrumentId,
      after: {
        name: form.name,
        contractType: form.contractType,
        currency: form.currency,
        notionalAmount: fromMinorUnits(notional),
        units: units.toString(),
      },
    });
    return instrumentId;
  });
  rememberEvents(id, compiled.value.events);
  return id;
}

function toListItem(row: InstrumentRow, market: MarketContext): InstrumentListItem {
  const valuation = valuationOf(row, market);
  const stats = market.stats.get(row.id);
  const change =
    stats && stats.referencePrice !== 0n
      ? (Number(stats.lastPrice - stats.referencePrice) / Number(stats.referencePrice)) * 100
      : 0;
  return {
    id: row.id,
    name: row.name,
    contractType: row.contractType as ContractType,
    currency: row.currency,
    notionalAmount: fromMinorUnits(row.notionalAmount),
    maturityDate: row.maturityDate,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    issuerName: row.issuerName,
    sector: row.sector,
    rating: row.rating,
    price: valuation.price === null ? null : fromMinorUnits(valuation.price),
    priceSource: valuation.priceSource,
    yield: valuation.yield,
    volume24h: fromMinorUnits(stats?.volume24h ?? 0n),
    priceChange: Math.round(change * 100) / 100,
  };
}

/** List rows (SPEC marketplace/issuer tables) with price, yield and 24h volume. */
export async function listInstruments(
  db: Db,
  where?: Parameters<typeof selectInstruments>[1],
): Promise<InstrumentListItem[]> {
  const rows = await selectInstruments(db, where);
  const market = await loadMarket(db, rows);
  return rows.map((row) => toListItem(row, market));
}

const writeList = fastSerializer(instrumentListSchema);

/**
 * `listInstruments()` of every instrument as JSON text, from ONE statement: the trade windows
 * with the reference version and the trades' state (db/trade-window.ts); the instruments,
 * curves and spreads come from the catalogue of that version, valuations from the
 * per-instrument cache.
 */
const listAnswers = new StampedAnswer<KeptJson>(async (db) => {
  const now = Date.now();
  const { windows, stableUntil, ...stamp } = await versionedTradeWindows(db, undefined, new Date(now));
  const catalogue = await instrumentCatalogue(db, stamp.version);
  const today = new Date(now).toISOString().slice(0, 10);
  const market: MarketContext = { ...catalogue, stats: marketStatsOf(windows), today };
  const text = new KeptJson(writeList(catalogue.rows.map((row) => toListItem(row, market))));
  // Valuations move with the day as well as with trades and reference data.
  return { stamp, until: Math.min(stableUntil, nextUtcMidnight(now)), value: text };
});

/**
 * `GET /api/instruments` (whole list) as JSON text, the same for every caller and kept per
 * state of the trades and reference data (db/stamped-answer.ts, decision 0077): a request
 * costs one small statement until a trade or a reference write commits, or a trade leaves the
 * 24-hour window. Its compressed forms are kept with it (decision 0080).
 */
export function listAllInstrumentsJson(db: Db): Promise<KeptJson> {
  return listAnswers.get(db);
}

/**
 * One page of `listInstruments` (newest first): at most `limit` instruments after the page that
 * `cursor` (a previous page's `nextCursor`) ended, and the cursor of the next page (null: no more).
 */
export async function listInstrumentsPage(
  db: Db,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ items: InstrumentListItem[]; nextCursor: string | null }> {
  const after = options.cursor === undefined ? undefined : decodeIdCursor(options.cursor);
  const rows = await selectInstruments(db, undefined, { limit: options.limit, after });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > options.limit && last ? encodeIdCursor({ at: last.cursorAt, id: last.id }) : null;
  const market = await loadMarket(db, page);
  return { items: page.map((row) => toListItem(row, market)), nextCursor };
}

export interface ModelQuote {
  instrumentId: string;
  issuerUserId: string;
  currency: string;
  /** Price per unit in hundredths; null when neither a model nor an issue price exists. */
  price: bigint | null;
}

/**
 * Prices per unit that ignore trades: the model (discounted ACTUS flows), else the issue
 * price. The liquidity desk anchors its quotes on them (so trades move prices around the
 * model instead of quotes chasing their own prints) and portfolios mark units held from
 * before the first trade with them.
 */
export async function modelPrices(db: Db, where?: Parameters<typeof selectInstruments>[1]): Promise<ModelQuote[]> {
  const rows = await selectInstruments(db, where);
  const market = await loadMarket(db, rows, false);
  return rows.map((row) => ({
    instrumentId: row.id,
    issuerUserId: row.issuerUserId,
    currency: row.currency,
    price: valuationOf(row, market, false).price,
  }));
}

/** The model (else issue) price per unit of one instrument, hundredths; null when it has none. */
export async function modelPrice(db: Db, instrumentId: string): Promise<bigint | null> {
  const [quote] = await modelPrices(db, byId(instrumentId));
  if (!quote) throw notFound('Instrument not found');
  return quote.price;
}

/** One instrument with terms, schedule, risk figures, holders and next payment. */
export async function getInstrumentDetail(db: Db, id: string): Promise<InstrumentDetail> {
  const [row] = await selectInstruments(db, byId(id));
  if (!row) throw notFound('Instrument not found');
  const market = await loadMarket(db, [row]);
  const valuation = valuationOf(row, market);
  const holders = await selectHolders(db, id);
  const events = eventsOf(row);
  return {
    ...toListItem(row, market),
    description: row.description,
    issueDate: row.issueDate,
    units: row.units.toString(),
    faceValue: fromMinorUnits(row.faceValue),
    terms: row.terms,
    events: events.map((event) => ({ ...event })),
    duration: valuation.duration,
    modifiedDuration: valuation.modifiedDuration,
    dv01: valuation.dv01,
    holders: holders.map((h) => ({
      userId: h.userId,
      name: h.name,
      units: h.units.toString(),
      share: Math.round((Number(h.units) / Number(row.units)) * 10_000) / 100,
    })),
    nextPayment: nextPayment(row, events, new Date().toISOString().slice(0, 16)),
  };
}

/** First event after `now` that moves cash, as the holders see it, for the whole issue. */
function nextPayment(
  row: InstrumentRow,
  events: readonly ContractEvent[],
  now: string,
): InstrumentDetail['nextPayment'] {
  const next = events.find((event) => event.eventDate > now && event.payoff !== 0 && event.eventType !== 'PRD');
  if (!next) return null;
  const perContract = row.contractType === 'OPTNS' || row.contractType === 'FUTUR' ? Number(row.units) : 1;
  const payoff = Math.round(next.payoff * holderSign(row.terms) * perContract * 100) / 100;
  return { eventDate: next.eventDate, eventType: next.eventType, payoff, currency: next.currency };
}

/** What the risk engine needs per instrument: its shown price and one unit's future flows. */
export interface InstrumentRiskInput {
  id: string;
  name: string;
  contractType: ContractType;
  currency: string;
  rating: string | null;
  sector: string | null;
  issuerUserId: string;
  /** Per unit in hundredths (last trade, else model, else issue price); null = not priced. */
  price: bigint | null;
  /** True when the value is carried by the flows (revalued through them). */
  modelPriced: boolean;
  flows: { time: number; amount: number }[];
  /** The issuer missed a payment (servicing): rated D, valued at its price, not its promised flows. */
  defaulted: boolean;
}

export async function instrumentRiskInputs(db: Db, where?: Parameters<typeof selectInstruments>[1]) {
  const rows = await selectInstruments(db, where);
  const market = await loadMarket(db, rows);
  return rows.map((row): InstrumentRiskInput => {
    const points = market.curves.get(row.currency) ?? null;
    const curve = points && points.length > 0 ? makeCurve(points) : null;
    const contractType = row.contractType as ContractType;
    const price = valuationOf(row, market).price;
    if (row.status === 'defaulted') {
      // A credit event (a missed payment): the promised flows are no longer expected, so the
      // position is carried at its price (last trade, else issue price) and rated D, which
      // the Basel standardised approach weights at 150 % (packages/risk capital.ts).
      return {
        id: row.id,
        name: row.name,
        contractType,
        currency: row.currency,
        rating: 'D',
        sector: row.sector,
        issuerUserId: row.issuerUserId,
        price,
        modelPriced: false,
        flows: [],
        defaulted: true,
      };
    }
    const events = valuationEvents(row, curve, market.today);
    return {
      id: row.id,
      name: row.name,
      contractType,
      currency: row.currency,
      rating: row.rating,
      sector: row.sector,
      issuerUserId: row.issuerUserId,
      price,
      modelPriced: isModelPriced(contractType),
      flows: holderUnitFlows({ contractType, terms: row.terms, events, units: row.units, now: market.today }),
      defaulted: false,
    };
  });
}
