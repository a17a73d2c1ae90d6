import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One official test case (actus-tests format). */
export interface TestCase {
  id: string;
  file: string;
  terms: Record<string, unknown>;
  to: string;
  dataObserved: Record<string, { identifier?: string; data: { timestamp: string; value: number | string }[] }>;
  eventsObserved: unknown[];
  results: Record<string, unknown>[];
}

/** Files to read: each path is a JSON file or a folder of `*.json` test files. */
export function listTestFiles(paths: string[]): string[] {
  const files: string[] = [];
  for (const p of paths) {
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) if (name.endsWith('.json')) files.push(join(p, name));
    } else files.push(p);
  }
  return files;
}

export function loadTestCases(file: string): TestCase[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    Omit<TestCase, 'id' | 'file'> & { identifier?: string }
  >;
  return Object.entries(parsed).map(([id, c]) => ({
    id,
    file,
    terms: c.terms,
    to: c.to ?? '',
    dataObserved: c.dataObserved ?? {},
    eventsObserved: c.eventsObserved ?? [],
    results: c.results ?? [],
  }));
}

/** Observations in the engine's shape (market object code -> series). */
export function observationsOf(c: TestCase): Record<string, { timestamp: string; value: number }[]> {
  const out: Record<string, { timestamp: string; value: number }[]> = {};
  for (const [code, series] of Object.entries(c.dataObserved)) {
    out[code] = series.data.map((p) => ({ timestamp: p.timestamp, value: Number(p.value) }));
  }
  return out;
}
