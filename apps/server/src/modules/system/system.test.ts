import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('GET /api/system/status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts live sessions and reports measured latency', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(first.activeSessions).toBe(0);
    // The trading module reports real rates; nothing has been ordered in this fresh app.
    expect(first.ordersPerSecond).toBe(0);
    expect(first.tradesPerSecond).toBe(0);

    const cookie = await t.signIn('demo@meridian.test');
    await t.signIn('issuer@meridian.test');
    const second = (await t.app.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(second.activeSessions).toBe(2);
    expect(second.requestLatencyP50Ms).toBeGreaterThan(0);
    expect(second.uptimeSeconds).toBeGreaterThanOrEqual(0);

    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect((await t.app.inject({ method: 'GET', url: '/api/system/status' })).json().activeSessions).toBe(1);
  });
});
