import { describe, expect, it } from 'vitest';
import { browseInstruments, type BrowsableRow } from './browse';
import { summarizeMarket } from './summary';

const row = (name: string, over: Partial<BrowsableRow> = {}): BrowsableRow => ({
  name,
  contractType: 'PAM',
  currency: 'USD',
  issuerName: 'Treasury',
  sector: 'government',
  price: '100.00',
  yield: 4,
  volume24h: '0.00',
  ...over,
});

const rows = [
  row('Zeta Bond', { price: '99.50', yield: 5.1, volume24h: '1200.00', sector: 'corporate', issuerName: 'Acme Corp' }),
  row('Alpha Note', { price: '101.25', yield: null, volume24h: '10.00' }),
  row('City Water 2030', {
    price: '98.00',
    yield: 3.2,
    sector: 'municipal',
    issuerName: 'City of Springfield',
    contractType: 'ANN',
  }),
];
const names = (list: BrowsableRow[]) => list.map((r) => r.name);

describe('browseInstruments', () => {
  it('sorts by name ascending', () => {
    expect(names(browseInstruments(rows, { search: '', sector: 'all', sortBy: 'name' }))).toEqual([
      'Alpha Note',
      'City Water 2030',
      'Zeta Bond',
    ]);
  });
  it('sorts by price, highest first', () => {
    expect(names(browseInstruments(rows, { search: '', sector: 'all', sortBy: 'price' }))).toEqual([
      'Alpha Note',
      'Zeta Bond',
      'City Water 2030',
    ]);
  });
  it('puts rows without a price last when sorting by price', () => {
    const withUnpriced = [...rows, row('Unpriced', { price: null })];
    expect(names(browseInstruments(withUnpriced, { search: '', sector: 'all', sortBy: 'price' })).at(-1)).toBe(
      'Unpriced',
    );
  });
  it('sorts by yield, highest first, rows without a yield last', () => {
    expect(names(browseInstruments(rows, { search: '', sector: 'all', sortBy: 'yield' }))).toEqual([
      'Zeta Bond',
      'City Water 2030',
      'Alpha Note',
    ]);
  });
  it('sorts by 24h volume, highest first', () => {
    expect(names(browseInstruments(rows, { search: '', sector: 'all', sortBy: 'volume' }))[0]).toBe('Zeta Bond');
  });
  it('filters by the issuer sector', () => {
    expect(names(browseInstruments(rows, { search: '', sector: 'municipal', sortBy: 'name' }))).toEqual([
      'City Water 2030',
    ]);
    expect(browseInstruments(rows, { search: '', sector: 'government', sortBy: 'name' })).toHaveLength(1);
  });
  it('searches name, type and issuer case-insensitively', () => {
    expect(names(browseInstruments(rows, { search: ' acme ', sector: 'all', sortBy: 'name' }))).toEqual(['Zeta Bond']);
    expect(names(browseInstruments(rows, { search: 'ann', sector: 'all', sortBy: 'name' }))).toEqual([
      'City Water 2030',
    ]);
    expect(browseInstruments(rows, { search: 'nothing like this', sector: 'all', sortBy: 'name' })).toEqual([]);
  });
  it('leaves the input order untouched', () => {
    browseInstruments(rows, { search: '', sector: 'all', sortBy: 'name' });
    expect(rows[0]!.name).toBe('Zeta Bond');
  });
});

describe('summarizeMarket', () => {
  it('counts listings, traded instruments and issuers and averages known yields', () => {
    expect(summarizeMarket(rows)).toEqual({ listed: 3, averageYield: (5.1 + 3.2) / 2, tradedToday: 2, issuers: 3 });
  });
  it('has no average yield without yields', () => {
    expect(summarizeMarket([]).averageYield).toBeNull();
  });
});
