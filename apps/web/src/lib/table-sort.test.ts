import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSortValues, nextSort, pageOf, sortRows } from './table-sort';

type Row = { name: string; price: number | null };
const accessors = { name: (r: Row) => r.name, price: (r: Row) => r.price };

describe('table sorting', () => {
  it('sorts numbers by value, text with numeric collation, empty values last', () => {
    const rows: Row[] = [
      { name: 'Bond 10', price: 99.5 },
      { name: 'Bond 9', price: null },
      { name: 'bond 2', price: 101 },
    ];
    expect(sortRows(rows, accessors, { key: 'name', direction: 'ascending' }).map((r) => r.name)).toEqual([
      'bond 2',
      'Bond 9',
      'Bond 10',
    ]);
    expect(sortRows(rows, accessors, { key: 'price', direction: 'descending' }).map((r) => r.price)).toEqual([
      101,
      99.5,
      null,
    ]);
    expect(sortRows(rows, accessors, null)).toEqual(rows);
  });

  it('a click sorts a new column ascending and flips the same one', () => {
    expect(nextSort(null, 'price')).toEqual({ key: 'price', direction: 'ascending' });
    expect(nextSort({ key: 'price', direction: 'ascending' }, 'price')).toEqual({
      key: 'price',
      direction: 'descending',
    });
    expect(nextSort({ key: 'price', direction: 'descending' }, 'name')).toEqual({
      key: 'name',
      direction: 'ascending',
    });
  });

  it('ascending output is ordered and a permutation of the input', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer(), { nil: null })), (prices) => {
        const rows = prices.map((price, i) => ({ name: String(i), price }));
        const sorted = sortRows(rows, accessors, { key: 'price', direction: 'ascending' });
        expect([...sorted].sort((a, b) => Number(a.name) - Number(b.name))).toEqual(rows);
        for (let i = 1; i < sorted.length; i++) {
          expect(compareSortValues(sorted[i - 1]!.price, sorted[i]!.price, 'ascending')).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it('pages cover every row once and clamp out-of-range pages', () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    const pages = [0, 1, 2].map((p) => pageOf(rows, p, 50));
    expect(pages.map((p) => p.rows.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap((p) => p.rows)).toEqual(rows);
    expect(pageOf(rows, 9, 50).page).toBe(2);
    expect(pageOf([], 0, 50)).toMatchObject({ page: 0, pageCount: 1, total: 0 });
  });
});
