import { describe, expect, it } from 'vitest';
import { parseTerms } from '../terms/parse.js';
import { generateEvents } from './generate.js';
import { registerCalendar, MONDAY_TO_FRIDAY, NO_CALENDAR } from '../time/calendar.js';

// A PAM paying interest quarterly, anchored so that the first payment, 2024-03-02, is a
// Saturday (2024-03-01 is a Friday, 2024-03-04 a Monday).
const terms = {
  contractType: 'PAM',
  contractID: 'cal-1',
  contractRole: 'RPA',
  statusDate: '2024-01-01T00:00:00',
  contractDealDate: '2024-01-01T00:00:00',
  initialExchangeDate: '2024-01-02T00:00:00',
  maturityDate: '2025-01-02T00:00:00',
  notionalPrincipal: 1000,
  nominalInterestRate: 0.05,
  dayCountConvention: '30E360',
  currency: 'USD',
  cycleAnchorDateOfInterestPayment: '2024-03-02T00:00:00',
  cycleOfInterestPayment: 'P3ML0',
  businessDayConvention: 'SCF',
  calendar: 'DESK',
};

function firstInterestDate(): string | undefined {
  const parsed = parseTerms(terms);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const result = generateEvents(parsed.value);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value.find((e) => e.eventType === 'IP')?.eventDate;
}

describe('conventions: calendars resolved by name', () => {
  it('uses the calendar registered under a name at the time of the call, also after re-registration', () => {
    registerCalendar('DESK', NO_CALENDAR);
    // Every day is a business day: Saturday 2024-03-02 stays.
    expect(firstInterestDate()).toBe('2024-03-02T00:00');
    registerCalendar('DESK', MONDAY_TO_FRIDAY);
    // Monday to Friday, shift following (SCF): Saturday -> Monday 2024-03-04.
    expect(firstInterestDate()).toBe('2024-03-04T00:00');
    registerCalendar('DESK', NO_CALENDAR);
    expect(firstInterestDate()).toBe('2024-03-02T00:00');
  });
});
