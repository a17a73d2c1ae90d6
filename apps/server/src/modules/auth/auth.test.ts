import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';

describe('sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signInRequest = (email: string, password: string, headers: Record<string, string> = { origin: TEST_ORIGIN }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: { email, password } });

  it('answers 401 JSON without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('signs a demo user in with an httpOnly SameSite session cookie', async () => {
    const res = await signInRequest('demo@meridian.test', 'meridian-demo');
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((c) => c.name.includes('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `${session!.name}=${session!.value}` },
    });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({
      email: 'demo@meridian.test',
      name: 'Demo User',
      roles: ['compliance', 'custodian', 'investor', 'issuer', 'market_maker', 'regulator'],
    });
  });

  it('refuses a wrong password', async () => {
    const res = await signInRequest('issuer@meridian.test', 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.cookies.some((c) => c.name.includes('session_token') && c.value)).toBe(false);
  });

  it('signs out through POST /api/logout and the session stops working', async () => {
    const cookie = await t.signIn('investor@meridian.test');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: TEST_ORIGIN } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect(out.cookies.find((c) => c.name.includes('session_token'))?.value ?? '').toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('redirects GET /api/login to the sign-in page when no OIDC provider is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sign-in');
  });

  it('passes a same-site returnTo on to the sign-in page and drops foreign ones', async () => {
    const go = async (returnTo: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/login?returnTo=${encodeURIComponent(returnTo)}` })).headers
        .location;
    expect(await go('/trading?instrument=1')).toBe('/sign-in?returnTo=%2Ftrading%3Finstrument%3D1');
    expect(await go('https://evil.example/')).toBe('/sign-in');
    expect(await go('//evil.example/')).toBe('/sign-in');
    expect(await go('/api/logout')).toBe('/sign-in');
  });

  it('lists the demo accounts in demo mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.password).toBe('meridian-demo');
    expect(body.accounts.map((a: { email: string }) => a.email)).toEqual([
      'admin@meridian.test',
      'admin2@meridian.test',
      'admin3@meridian.test',
      'demo@meridian.test',
      'issuer@meridian.test',
      'investor@meridian.test',
      'investor2@meridian.test',
      'marketmaker@meridian.test',
      'custodian@meridian.test',
      'custodian2@meridian.test',
      'compliance@meridian.test',
      'regulator@meridian.test',
    ]);
    // Every listed account can really sign in.
    for (const account of body.accounts) await t.signIn(account.email, body.password);
  });

  describe('origin policy', () => {
    it('refuses state-changing requests from another origin', async () => {
      const res = await signInRequest('demo@meridian.test', 'meridian-demo', { origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Cross-origin request refused' });
    });

    it('refuses cross-site browser requests that omit Origin', async () => {
      const res = await signInRequest('demo@meridian.test', 'meridian-demo', { 'sec-fetch-site': 'cross-site' });
      expect(res.statusCode).toBe(403);
    });

    it('accepts the origin the request was addressed to', async () => {
      const res = await signInRequest('demo@meridian.test', 'meridian-demo', {
        origin: 'http://meridian.example:8080',
        host: 'meridian.example:8080',
      });
      expect(res.statusCode).toBe(200);
    });

    it('lets GET requests from anywhere through', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(200);
    });
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 after too many attempts for one account', async () => {
    const t = await createTestApp({ config: { signInRateLimit: { max: 3, windowMs: 60_000 } } });
    try {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: TEST_ORIGIN },
          payload: { email: 'admin@meridian.test', password: 'guess' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await t.close();
    }
  });
});

describe('sign-in rate limit per address', () => {
  it('answers 429 when one address tries many accounts', async () => {
    const t = await createTestApp({ config: { signInRateLimit: { max: 2, windowMs: 60_000 } } });
    try {
      const attempt = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: TEST_ORIGIN },
          payload: { email: `user${i}@example.com`, password: 'guess' },
        });
      for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
      const blocked = await attempt(10);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^Too many sign-in attempts/),
      });
    } finally {
      await t.close();
    }
  });
});

describe('outside demo mode', () => {
  // A fresh database (no template): migrations and the whole seed run inside this test.
  it('hides demo accounts and seeds no demo users', async () => {
    const t = await createTestApp({ config: { demoMode: false } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/demo-accounts' })).statusCode).toBe(404);
      await expect(t.signIn('demo@meridian.test')).rejects.toThrow(/401/);
    } finally {
      await t.close();
    }
  }, 180_000);
});

describe('POST /api/auth/sign-in/email validation', () => {
  it('lists invalid fields before reaching the auth library, and is documented', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'not-an-email' },
      });
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .issues.map((i: { path: string }) => i.path)
          .sort(),
      ).toEqual(['body.email', 'body.password']);
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(doc.paths['/api/auth/sign-in/email'].post).toBeDefined();
    } finally {
      await t.close();
    }
  });
});

describe('self sign-up', () => {
  it('is closed', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'mallory@example.com', password: 'long-enough-password', name: 'Mallory' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      await expect(t.signIn('mallory@example.com', 'long-enough-password')).rejects.toThrow(/401/);
    } finally {
      await t.close();
    }
  });
});
