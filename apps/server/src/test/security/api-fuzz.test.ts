import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../harness';
import { expectLedgerInvariants } from '../ledger-invariants';
import { DEMO_ROLE_EMAILS, signInIdentities, type Identity } from './identities';
import { hostile, hostileBody, valueFor, type JsonSchema, type Known } from './fuzz-values';

// The API fuzzer (issue 17): requests generated from the OpenAPI document, on every route,
// signed out and as each demo role. No answer may be a 5xx or carry a stack trace, and the
// books must be sound afterwards. Fixed seed; FUZZ_RUNS=<n> runs n requests per route.

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 17);
const STACK_TRACE = /\bat \S+ \(?[^\s)]+:\d+:\d+\)?|node_modules|\.ts:\d+/;

interface Operation {
  key: string;
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  headers: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

let t: TestApp;
let identities: Identity[];
let operations: Operation[];
let components: Record<string, JsonSchema>;
let known: Known;

beforeAll(async () => {
  t = await createTestApp();
  identities = await signInIdentities(t);
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  components = doc.components?.schemas ?? {};
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => toOperation(path, method.toUpperCase(), op)),
  );
  const admin = identities.find((i) => i.name === 'administrator')!;
  const instruments = (
    await t.app.inject({ method: 'GET', url: '/api/instruments', headers: { cookie: admin.cookie! } })
  ).json() as { id: string }[];
  known = { ids: instruments.slice(0, 5).map((i) => i.id), emails: Object.values(DEMO_ROLE_EMAILS) };
}, 120_000);
afterAll(() => t.close());

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

function toOperation(path: string, method: string, op: OpenApiOperation): Operation {
  const params = op.parameters ?? [];
  const pick = (where: string) =>
    Object.fromEntries(params.filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]));
  return {
    key: `${method} ${path}`,
    method,
    path,
    pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
    query: pick('query'),
    headers: pick('header'),
    body: op.requestBody?.content?.['application/json']?.schema,
  };
}

function requestFor(op: Operation) {
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const record = (shape: Record<string, JsonSchema>) =>
    fc.record(
      Object.fromEntries(
        Object.entries(shape).map(([k, s]) => [
          k,
          fc.option(valueFor(s, components, known).map(text), { nil: undefined }),
        ]),
      ),
    );
  const pathValue = fc.oneof(fc.constantFrom(...known.ids), fc.uuid(), hostile.map(text));
  const body = op.body
    ? fc.oneof(
        { weight: 4, arbitrary: valueFor(op.body, components, known).map((v) => JSON.stringify(v)) },
        { weight: 1, arbitrary: hostileBody },
      )
    : fc.constant(undefined);
  return fc.record({
    identity: fc.integer({ min: 0, max: identities.length - 1 }),
    path: fc.tuple(...op.pathParams.map(() => pathValue)),
    query: record(op.query),
    headers: record(op.headers),
    body,
  });
}

/**
 * A lone surrogate has no UTF-8 form (encodeURIComponent throws): send the invalid bytes a
 * careless client would, which the server must refuse like any other bad id.
 */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

function urlOf(op: Operation, pathValues: string[], query: Record<string, string | undefined>): string {
  let url = op.path;
  op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, pathSegment(pathValues[i]!))));
  const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  return search.size > 0 ? `${url}?${search}` : url;
}

describe('API fuzzer', () => {
  it('answers every generated request without a 5xx or a stack trace, and the books stay sound', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (req) => {
          let identity = identities[req.identity]!;
          // Signing out would end the session the other routes are fuzzed with.
          if (op.key === 'POST /api/logout') identity = identities[0]!;
          const headers: Record<string, string> = { origin: TEST_ORIGIN };
          for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = v;
          if (identity.cookie) headers.cookie = identity.cookie;
          if (req.body !== undefined) headers['content-type'] = 'application/json';
          const url = urlOf(op, req.path as string[], req.query);
          const res = await t.app.inject({ method: op.method as 'GET', url, headers, payload: req.body });
          sent++;
          const problem =
            res.statusCode >= 500 ? `status ${res.statusCode}` : STACK_TRACE.test(res.body) ? 'stack trace' : null;
          if (problem) {
            failures.push(
              `${op.method} ${url} as ${identity.name}: ${problem}: ${res.body.slice(0, 300)}\n  body: ${String(req.body).slice(0, 300)}`,
            );
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    await t.app.trading.idle();
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS_PER_ROUTE);
    await expectLedgerInvariants(t.db);
  }, 300_000);
});
