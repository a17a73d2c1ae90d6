import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { requireAuth } from './guard';
import { cachedUser, rememberUser, SESSION_CACHE_TTL_MS, sessionKey } from './session-cache';

describe('session cache', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.get('/api/test/whoami', { preHandler: requireAuth }, async (req) => ({ email: req.user.email }));
      },
    });
  });
  afterAll(() => t.close());

  const whoami = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/test/whoami', headers: { cookie } });

  it('keys on the signed session-token cookie only', () => {
    expect(sessionKey('a=1; meridian.session_token=abc.sig; b=2')).toBe('abc.sig');
    expect(sessionKey('__Secure-meridian.session_token=xyz')).toBe('xyz');
    expect(sessionKey('other.session_token=abc')).toBeUndefined();
    expect(sessionKey(undefined)).toBeUndefined();
  });

  it('keeps an entry no longer than the TTL or the session itself', () => {
    const user = { id: 'u', email: 'e@x.test', name: 'E', roles: [] };
    rememberUser(t.db, 'k1', user, new Date(10_000_000), 1_000);
    expect(cachedUser(t.db, 'k1', 1_000 + SESSION_CACHE_TTL_MS - 1)).toEqual(user);
    expect(cachedUser(t.db, 'k1', 1_000 + SESSION_CACHE_TTL_MS)).toBeUndefined();
    rememberUser(t.db, 'k2', user, new Date(2_000), 1_000);
    expect(cachedUser(t.db, 'k2', 2_000)).toBeUndefined();
  });

  it('forgets a session at sign-out, before its TTL', async () => {
    const cookie = await t.signIn('investor@meridian.test');
    expect((await whoami(cookie)).json()).toEqual({ email: 'investor@meridian.test' });
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: TEST_ORIGIN } });
    expect(out.statusCode).toBe(303);
    expect((await whoami(cookie)).statusCode).toBe(401);
  });

  it('honours a session deleted behind its back only until the TTL ends', async () => {
    const cookie = await t.signIn('issuer@meridian.test');
    expect((await whoami(cookie)).statusCode).toBe(200);
    await t.db.delete(sessions);
    // The documented trade-off: within the TTL the cached validation still answers.
    expect((await whoami(cookie)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_TTL_MS + 100));
    expect((await whoami(cookie)).statusCode).toBe(401);
  }, 20_000);
});
