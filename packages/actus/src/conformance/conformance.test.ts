import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listTestFiles, loadTestCases, type TestCase } from './load.js';
import { runCase } from './compare.js';
import { KNOWN_EXCEPTIONS } from './known-exceptions.js';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const TESTS_DIR = process.env.ACTUS_TESTS_DIR ?? resolve(REPO_ROOT, '../shared/actus-tests');
const present = existsSync(TESTS_DIR);

if (!present && process.env.CI) {
  throw new Error(`ACTUS official test beds not found at ${TESTS_DIR} (required under CI; set ACTUS_TESTS_DIR)`);
}

const cases: TestCase[] = present ? listTestFiles([TESTS_DIR]).flatMap(loadTestCases) : [];

describe.skipIf(!present)(`ACTUS official test beds (${TESTS_DIR})`, () => {
  it('finds the test cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (id, c) => {
    const outcome = runCase(c);
    if (KNOWN_EXCEPTIONS[id] !== undefined) {
      // Documented wrong expectations: the engine must keep disagreeing with them.
      expect(outcome.passed).toBe(false);
      return;
    }
    expect(outcome.passed ? 'passed' : outcome.reason).toBe('passed');
  });
});

if (!present) {
  describe('ACTUS official test beds', () => {
    it.skip(`not found at ${TESTS_DIR}: set ACTUS_TESTS_DIR to run the conformance suite`, () => undefined);
  });
}
