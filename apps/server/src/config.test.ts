import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(join(tmpdir(), 'meridian-config-'));

describe('loadConfig', () => {
  it('applies defaults and persists a generated auth secret in demo mode', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 5000,
      demoMode: true,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:5000',
    });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8')).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
  });

  it('names each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', DATA_DIR: tempDir() })).toThrowError(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it('takes a NATS subject prefix of subject tokens only', () => {
    expect(loadConfig({ NATS_SUBJECT_PREFIX: 'prod-eu.meridian', DATA_DIR: tempDir() }).natsSubjectPrefix).toBe(
      'prod-eu.meridian',
    );
    for (const bad of ['a b', 'meridian.>', 'orders.*', '.leading'])
      expect(() => loadConfig({ NATS_SUBJECT_PREFIX: bad, DATA_DIR: tempDir() })).toThrowError(/NATS_SUBJECT_PREFIX/);
  });

  it('requires a secret outside demo mode', () => {
    expect(() => loadConfig({ DEMO_MODE: 'false', DATA_DIR: tempDir() })).toThrowError(ConfigError);
    expect(loadConfig({ DEMO_MODE: 'false', BETTER_AUTH_SECRET: 'x'.repeat(32) }).demoMode).toBe(false);
  });

  it('wants all three OIDC settings or none', () => {
    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, OIDC_ISSUER_URL: 'https://id.example.com' })).toThrowError(/OIDC/);
    const config = loadConfig({
      DATA_DIR: dir,
      OIDC_ISSUER_URL: 'https://id.example.com',
      OIDC_CLIENT_ID: 'meridian',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(config.oidc).toEqual({ issuerUrl: 'https://id.example.com', clientId: 'meridian', clientSecret: 's3cret' });
  });

  it('splits trusted origins', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      TRUSTED_ORIGINS: 'http://localhost:5173/, http://127.0.0.1:5173',
    });
    expect(config.trustedOrigins).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
  });
});
