import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('/api/stream on shutdown', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.signIn('investor@meridian.test');
  });

  it('closes every open stream with 1001 (going away)', async () => {
    const ws = await t.app.injectWS('/api/stream', { headers: { cookie } });
    const closed = new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));
    await t.close();
    expect(await closed).toBe(1001);
  }, 60_000);
});
