import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { requireAuth } from './guard';
import { forgetSession } from './session-cache';
import { betterAuthCallsInFlight } from './idle-context';

/** better-auth's storages (request state, endpoint context, adapter), from its process-wide global. */
function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as unknown as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    Symbol.for('better-auth:global')
  ];
  return Object.values(global?.context ?? {}).filter(
    (v): v is AsyncLocalStorage<unknown> => v instanceof AsyncLocalStorage,
  );
}

/** Node 20's AsyncLocalStorage keeps its promise hook on while `enabled` (lib/async_hooks.js). */
const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;

describe("better-auth's AsyncLocalStorage between calls (decision 0069)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.get('/api/test/whoami', { preHandler: requireAuth }, async (req) => ({ email: req.user.email }));
      },
    });
  });
  afterAll(() => t.close());

  it('is switched off once no better-auth call runs, and calls still see their own context', async () => {
    const emails = ['investor@meridian.test', 'investor2@meridian.test', 'issuer@meridian.test', 'demo@meridian.test'];
    // Sign-ins and session look-ups overlapping: each runs in better-auth's context while the others start and end.
    const cookies = await Promise.all(emails.map((email) => t.signIn(email)));
    forgetSession(t.db);
    const answers = await Promise.all(
      [...cookies, ...cookies].map((cookie) =>
        t.app.inject({ method: 'GET', url: '/api/test/whoami', headers: { cookie } }),
      ),
    );
    expect(answers.map((a) => a.json().email)).toEqual([...emails, ...emails]);

    const storages = betterAuthStorages();
    expect(storages.length).toBeGreaterThan(0);
    expect(typeof enabled(storages[0]!)).toBe('boolean');
    expect(betterAuthCallsInFlight()).toBe(0);
    expect(storages.filter(enabled)).toEqual([]);
  });

  it('is on while a call runs', async () => {
    const cookie = await t.signIn('investor@meridian.test');
    forgetSession(t.db);
    const pending = t.app.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(betterAuthCallsInFlight()).toBe(1);
    expect((await pending)?.user.email).toBe('investor@meridian.test');
    expect(betterAuthCallsInFlight()).toBe(0);
    expect(betterAuthStorages().filter(enabled)).toEqual([]);
  });
});
