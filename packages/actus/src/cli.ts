import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listTestFiles, loadTestCases, observationsOf, type TestCase } from './conformance/load.js';
import { runCase } from './conformance/compare.js';
import { KNOWN_EXCEPTIONS } from './conformance/known-exceptions.js';
import { parseTerms } from './terms/parse.js';
import { generateEvents } from './engine/generate.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Default test-bed folder: ACTUS_TESTS_DIR, else ../shared/actus-tests next to the repository. */
export function defaultTestsDir(): string {
  return process.env.ACTUS_TESTS_DIR ?? resolve(REPO_ROOT, '../shared/actus-tests');
}

function takeOption(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const [, value] = args.splice(i, 2);
  return value;
}

function runTests(args: string[]): number {
  const type = takeOption(args, '--type')?.toUpperCase();
  const caseId = takeOption(args, '--case');
  const paths = args.length > 0 ? args : [defaultTestsDir()];
  const missing = paths.filter((p) => !existsSync(p));
  if (missing.length > 0) {
    console.error(`Not found: ${missing.join(', ')} (pass test-bed files or folders, or set ACTUS_TESTS_DIR)`);
    return 2;
  }
  const files = listTestFiles(paths);
  let passed = 0;
  let failed = 0;
  const exceptions: string[] = [];
  for (const file of files) {
    for (const c of loadTestCases(file)) {
      if (caseId !== undefined && c.id !== caseId) continue;
      if (type !== undefined && String(c.terms.contractType).trim().toUpperCase() !== type) continue;
      const outcome = runCase(c);
      const known = KNOWN_EXCEPTIONS[c.id];
      if (outcome.passed) passed++;
      else if (known !== undefined) {
        exceptions.push(c.id);
        console.log(`KNOWN EXCEPTION ${c.id}: ${known} (${outcome.reason})`);
      } else {
        failed++;
        console.log(`FAIL ${c.id}: ${outcome.reason}`);
      }
    }
  }
  if (exceptions.length > 0)
    console.log(
      `${exceptions.length} documented known exceptions (see packages/actus/README.md): ${exceptions.join(', ')}`,
    );
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

/** The file's JSON object, or undefined after printing one clear line (no stack trace). */
function readJsonObject(file: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return undefined;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    console.error(`${file} is not JSON: ${(error as Error).message}`);
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    console.error(`${file} must hold a JSON object of ACTUS terms (or one test-bed case), not ${JSON.stringify(raw)}`);
    return undefined;
  }
  return raw as Record<string, unknown>;
}

function printEvents(args: string[]): number {
  const to = takeOption(args, '--to');
  const file = args[0];
  if (!file) {
    console.error('usage: actus events <terms.json | case.json> [--to YYYY-MM-DDTHH:mm]');
    return 2;
  }
  // Either bare terms, or one test-bed case ({ terms, to, dataObserved, eventsObserved }).
  const raw = readJsonObject(file);
  if (raw === undefined) return 1;
  const isCase = typeof raw.terms === 'object' && raw.terms !== null;
  const rawTerms = (isCase ? raw.terms : raw) as Record<string, unknown>;
  const terms = parseTerms(rawTerms);
  if (!terms.ok) {
    console.error(JSON.stringify(terms.error, null, 2));
    return 1;
  }
  const testCase = isCase
    ? {
        id: '',
        file,
        terms: rawTerms,
        to: String(raw.to ?? ''),
        dataObserved: (raw.dataObserved ?? {}) as TestCase['dataObserved'],
        eventsObserved: (raw.eventsObserved ?? []) as unknown[],
        results: [],
      }
    : undefined;
  const horizon = to ?? testCase?.to;
  const result = generateEvents(terms.value, {
    ...(horizon ? { to: horizon } : {}),
    ...(testCase ? { observations: observationsOf(testCase), observedEvents: testCase.eventsObserved } : {}),
  });
  if (!result.ok) {
    console.error(JSON.stringify(result.error, null, 2));
    return 1;
  }
  console.log(JSON.stringify(result.value, null, 2));
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'test') process.exitCode = runTests(rest);
else if (command === 'events') process.exitCode = printEvents(rest);
else {
  console.error('usage: actus test [file-or-folder...] [--type PAM] [--case pam01] | actus events <terms.json>');
  process.exitCode = 2;
}
