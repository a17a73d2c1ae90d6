import type { MatchingBook } from './book';
import { FastBook } from './fast-book';
import { ReferenceBook } from './reference-book';

/** Every MatchingBook implementation, for the shared test suite and the benchmark. */
export const implementations: { name: string; create: () => MatchingBook }[] = [
  { name: 'ReferenceBook', create: () => new ReferenceBook() },
  // A tiny initial capacity makes the tests exercise pool and ladder growth.
  { name: 'FastBook', create: () => new FastBook(2) },
];
