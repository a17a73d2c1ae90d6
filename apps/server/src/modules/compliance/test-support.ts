import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { expect } from 'vitest';
import { TEST_ORIGIN, type TestApp } from '../../test/harness';

export const today = () => new Date().toISOString().slice(0, 10);

export function reportsClient(t: TestApp) {
  return {
    generate: (cookie: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/compliance/reports/generate',
        headers: { cookie, origin: TEST_ORIGIN },
        payload,
      }),
    list: (cookie: string) => t.app.inject({ method: 'GET', url: '/api/compliance/reports', headers: { cookie } }),
    get: (cookie: string, id: string) =>
      t.app.inject({ method: 'GET', url: `/api/compliance/reports/${id}`, headers: { cookie } }),
    download: (cookie: string, id: string, part?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/compliance/reports/${id}/download${part ? `?part=${part}` : ''}`,
        headers: { cookie },
      }),
  };
}

/** Generates a report and waits for its job to finish; returns the final report. */
export async function generateAndWait(
  t: TestApp,
  cookie: string,
  payload: { reportType: string; fileFormat: string; periodStart?: string; periodEnd?: string; reportPeriod?: string },
) {
  const api = reportsClient(t);
  const res = await api.generate(cookie, {
    reportPeriod: 'daily',
    periodStart: today(),
    periodEnd: today(),
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().id as string;
  for (let i = 0; i < 400; i++) {
    const report = (await api.get(cookie, id)).json();
    if (report.status === 'completed' || report.status === 'failed') return report;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`report ${id} did not finish`);
}

export const sha256 = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

/** xmllint's verdict on a document's well-formedness (no schema): empty when well-formed. */
export function wellFormed(document: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', document], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return '';
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  }
}

/** Meridian's own structural XSDs for the native files that have no official schema offline (decision 0048). */
export const STRUCTURAL_SCHEMAS = {
  emir: join(import.meta.dirname, 'formats/schemas/auth.030.001.03-meridian-structural.xsd'),
  goaml: join(import.meta.dirname, 'formats/schemas/goaml-report-meridian-structural.xsd'),
};

/** xmllint's verdict on a document against an XSD: empty when valid, else its messages. */
export function schemaErrors(schema: string, document: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, document], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return '';
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  }
}
