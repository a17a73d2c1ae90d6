import { describe, expect, it } from 'vitest';
import { formatTime, makeTime, parseTime } from './datetime.js';
import { yearFraction, type DayCountConvention } from './day-count.js';
import { BusinessDayAdjuster, type BusinessDayConvention } from './business-day.js';
import { MONDAY_TO_FRIDAY, NO_CALENDAR } from './calendar.js';
import { parseCycle } from './cycle.js';
import { createSchedule } from './schedule.js';

const t = (s: string): number => parseTime(s) as number;

describe('day count conventions', () => {
  it.each<[DayCountConvention, string, string, number]>([
    ['A360', '2019-01-01', '2019-07-01', 181 / 360],
    ['A365', '2019-01-01', '2019-07-01', 181 / 365],
    ['AA', '2019-07-01', '2020-07-01', 184 / 365 + 182 / 366],
    ['30E360', '2019-01-31', '2019-03-31', 60 / 360],
    ['30E360ISDA', '2019-02-28', '2019-08-31', 180 / 360],
    ['28E336', '2019-01-31', '2019-02-28', 28 / 336],
    ['B252', '2019-01-07', '2019-01-14', 5 / 252],
  ])('%s from %s to %s', (dc, a, b, expected) => {
    expect(yearFraction(dc, t(a), t(b), undefined, MONDAY_TO_FRIDAY)).toBeCloseTo(expected, 12);
  });

  it('rounds times to the hour, so a 23:59:59 maturity accrues the whole day', () => {
    expect(yearFraction('A365', t('2013-11-01'), t('2013-12-31T23:59:59'), undefined, NO_CALENDAR)).toBeCloseTo(
      61 / 365,
      12,
    );
  });
});

describe('business day conventions (MF calendar)', () => {
  // 2015-05-30 is a Saturday; 2015-05-31 a Sunday, the last day of May.
  it.each<[BusinessDayConvention, string, string, string]>([
    ['NOS', '2015-05-30', '2015-05-30T00:00', '2015-05-30T00:00'],
    ['SCF', '2015-05-30', '2015-06-01T00:00', '2015-06-01T00:00'],
    ['SCMF', '2015-05-30', '2015-05-29T00:00', '2015-05-29T00:00'],
    ['CSF', '2015-05-30', '2015-06-01T00:00', '2015-05-30T00:00'],
    ['CSMF', '2015-05-31', '2015-05-29T00:00', '2015-05-31T00:00'],
    ['SCP', '2015-05-30', '2015-05-29T00:00', '2015-05-29T00:00'],
    ['SCMP', '2015-08-01', '2015-08-03T00:00', '2015-08-03T00:00'],
    ['CSP', '2015-05-31', '2015-05-29T00:00', '2015-05-31T00:00'],
    ['CSMP', '2015-08-01', '2015-08-03T00:00', '2015-08-01T00:00'],
  ])('%s moves %s to event %s, calculation %s', (bdc, date, event, calc) => {
    const adjuster = new BusinessDayAdjuster(bdc, MONDAY_TO_FRIDAY);
    expect(formatTime(adjuster.shiftEvent(t(date)))).toBe(event);
    expect(formatTime(adjuster.shiftCalc(t(date)))).toBe(calc);
  });
});

describe('schedules', () => {
  const dates = (start: string, end: string, cycle: string, eom: 'SD' | 'EOM' = 'SD') =>
    createSchedule(t(start), t(end), parseCycle(cycle), eom).map((x) => formatTime(x).slice(0, 10));

  it('a short last stub keeps the last regular date', () => {
    expect(dates('2020-01-15', '2020-05-01', 'P1ML1')).toEqual([
      '2020-01-15',
      '2020-02-15',
      '2020-03-15',
      '2020-04-15',
      '2020-05-01',
    ]);
  });

  it('a long last stub drops it', () => {
    expect(dates('2020-01-15', '2020-05-01', 'P1ML0')).toEqual([
      '2020-01-15',
      '2020-02-15',
      '2020-03-15',
      '2020-05-01',
    ]);
  });

  it('EOM keeps month ends from a month-end anchor; SD keeps the day (clamped)', () => {
    expect(dates('2021-01-31', '2021-05-31', 'P1ML1', 'EOM')).toEqual([
      '2021-01-31',
      '2021-02-28',
      '2021-03-31',
      '2021-04-30',
      '2021-05-31',
    ]);
    expect(dates('2021-01-31', '2021-05-31', 'P1ML1', 'SD')).toEqual([
      '2021-01-31',
      '2021-02-28',
      '2021-03-31',
      '2021-04-30',
      '2021-05-31',
    ]);
    expect(dates('2021-02-28', '2021-05-31', 'P1ML1', 'EOM')).toEqual([
      '2021-02-28',
      '2021-03-31',
      '2021-04-30',
      '2021-05-31',
    ]);
    expect(dates('2021-02-28', '2021-05-31', 'P1ML1', 'SD')).toEqual([
      '2021-02-28',
      '2021-03-28',
      '2021-04-28',
      '2021-05-28',
      '2021-05-31',
    ]);
  });

  it('without a cycle the schedule is the anchor and the end', () => {
    expect(createSchedule(makeTime(2020, 1, 1), makeTime(2021, 1, 1), undefined, 'SD').map(formatTime)).toEqual([
      '2020-01-01T00:00',
      '2021-01-01T00:00',
    ]);
  });
});
