import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'meridian-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'app.js.map'), '{"version":3}');
    writeFileSync(join(dist, 'assets', 'big.js'), 'console.log("a fairly long line of script");\n'.repeat(200));
    t = await createTestApp({ config: { webDistDir: dist } });
  });
  afterAll(() => t.close());

  it('serves index.html at / and for client-side routes', async () => {
    for (const url of ['/', '/trading', '/roles?tab=permissions']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('id="root"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves static assets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for missing files instead of the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/old-build.js' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps JSON 404s for unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('answers 404 for paths that are not pages, with the app for browsers and JSON for others', async () => {
    for (const url of ['/healthz', '/instruments', '/trading/extra']) {
      const json = await t.app.inject({ method: 'GET', url });
      expect(json.statusCode, url).toBe(404);
      expect(json.json().code).toBe('NOT_FOUND');
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('id="root"');
    }
  });

  it('never serves source maps', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(res.statusCode).toBe(404);
  });

  it('compresses assets for clients that accept it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big.js' });
    const br = await t.app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'br' } });
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
  });
});
