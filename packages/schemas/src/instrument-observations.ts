import { PAYMENTS_PER_YEAR } from './instrument-constants';
import { actusTimestamp, addMonths, cycleDates, cycleMonths } from './instrument-dates';
import { dividendCode, referenceRateCode, underlyingCode } from './instrument-terms';
import type { InstrumentForm } from './instruments';

/** Observed market data by market object code, as `generateEvents(terms, { observations })` takes it. */
export type ActusObservations = Record<string, { timestamp: string; value: number }[]>;

/** How far dividend projections of a stock reach; stocks have no maturity. */
export const DIVIDEND_PROJECTION_YEARS = 10;

/**
 * The market data the schedule of a new instrument needs, projected from the form:
 * floating rates stay at today's fixing (the form's rate) at every reset, and a stock pays
 * `dividendRate` percent of its notional per year, spread over the payment frequency.
 * Options and futures settle on an underlying price nobody knows in advance: it is projected
 * unchanged at the strike (futures price), so the schedule shows the exercise dates with the
 * intrinsic value of that projection (zero) until real prices are observed.
 */
export function buildActusObservations(form: InstrumentForm, options: { contractId: string }): ActusObservations {
  const observations: ActusObservations = {};
  const periodMonths = cycleMonths(form.paymentFrequency);
  const firstPeriodEnd = addMonths(form.issueDate, periodMonths);
  const floatingRate = floatingFixing(form);
  if (floatingRate !== null && form.maturityDate) {
    observations[referenceRateCode(form.currency)] = [
      form.issueDate,
      ...cycleDates(firstPeriodEnd, form.paymentFrequency, form.maturityDate),
    ].map((day) => ({ timestamp: actusTimestamp(day), value: floatingRate }));
  }
  if (form.contractType === 'STK' && form.dividendRate) {
    const perPeriod = (form.notionalAmount * form.dividendRate) / 100 / PAYMENTS_PER_YEAR[form.paymentFrequency];
    const horizon = addMonths(form.issueDate, DIVIDEND_PROJECTION_YEARS * 12);
    observations[dividendCode(options.contractId)] = cycleDates(firstPeriodEnd, form.paymentFrequency, horizon).map(
      (day) => ({ timestamp: actusTimestamp(day), value: Math.round(perPeriod * 100) / 100 }),
    );
  }
  if ((form.contractType === 'OPTNS' || form.contractType === 'FUTUR') && form.strikePrice) {
    observations[underlyingCode(options.contractId)] = [
      { timestamp: actusTimestamp(form.issueDate), value: form.strikePrice },
    ];
  }
  return observations;
}

/** The rate a floating leg fixes at, as a fraction; null when the contract has no floating leg. */
function floatingFixing(form: InstrumentForm): number | null {
  const floating =
    form.contractType === 'SWPPV' ||
    (['PAM', 'ANN', 'LAM', 'SWAPS'].includes(form.contractType) && form.interestRateType === 'FLOATING');
  if (!floating) return null;
  const percent = form.interestRate ?? form.swapRate ?? 0;
  return percent / 100;
}
