import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeConnectError } from '../../db/client';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/harness';

describe('operations endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /api/ready with each check once migrations are applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ready: true, checks: { database: true, migrations: true } });
  });

  it('reports not ready when a module check fails', async () => {
    t.app.readiness.set('test-engine', () => false);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks['test-engine']).toBe(false);
    } finally {
      t.app.readiness.delete('test-engine');
    }
  });

  it('exposes Prometheus metrics with per-route latency after API traffic', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/meridian_http_request_duration_seconds_bucket\{[^}]*route="\/api\/health"/);
    expect(res.body).toContain('meridian_nodejs_eventloop_lag_seconds');
    expect(res.body).toContain('meridian_orders_per_second');
    expect(res.body).toContain('meridian_job_queue_depth');
  });

  it('feeds the System Status latency from the same metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/api/system/status' });
    expect(res.json().requestLatencyP50Ms).toBeGreaterThan(0);
  });

  it('sends an X-Request-Id on every response, keeping a well-formed one from the client', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-42.a' } });
    expect(kept.headers['x-request-id']).toBe('edge-42.a');
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\n' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id\n');
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.headers['x-request-id']).toBeDefined();
  });
});

describe('DATABASE_URL at start', () => {
  it('refuses a scheme other than postgres', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root@localhost/db', DATA_DIR: '/tmp/meridian-cfg' })).toThrow(
      /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//,
    );
  });

  it('names the cause of a connection failure in one line, without the password', () => {
    const url = 'postgres://app:secret@db.internal:6543/meridian';
    const refused = describeConnectError(url, Object.assign(new Error('x'), { code: 'ECONNREFUSED' }));
    expect(refused).toBe(
      'DATABASE_URL: cannot use PostgreSQL: nothing is listening at db.internal:6543 (connection refused)',
    );
    const missing = describeConnectError(url, Object.assign(new Error('x'), { code: '3D000' }));
    expect(missing).toBe(
      'DATABASE_URL: cannot use PostgreSQL: the database "meridian" does not exist on db.internal:6543',
    );
    for (const line of [refused, missing]) {
      expect(line).not.toContain('secret');
      expect(line).not.toContain('\n');
    }
  });
});
