import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// A stand-in identity provider that only publishes its discovery document; the test
// checks that /api/login sends the browser there with a proper authorization request.
const ISSUER_PORT = 5101;
const ISSUER = `http://127.0.0.1:${ISSUER_PORT}`;

function discoveryServer(): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url !== '/.well-known/openid-configuration') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/authorize`,
        token_endpoint: `${ISSUER}/token`,
        userinfo_endpoint: `${ISSUER}/userinfo`,
        jwks_uri: `${ISSUER}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  return new Promise((resolve) => server.listen(ISSUER_PORT, '127.0.0.1', () => resolve(server)));
}

describe('GET /api/login with an OIDC provider configured', () => {
  let t: TestApp;
  let issuer: Server;
  beforeAll(async () => {
    issuer = await discoveryServer();
    t = await createTestApp({ config: { oidc: { issuerUrl: ISSUER, clientId: 'meridian-web', clientSecret: 'shh' } } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => issuer.close(resolve));
  });

  it('redirects to the provider with client id, callback, state and PKCE', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${ISSUER}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('meridian-web');
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:5000/api/auth/callback/oidc');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
  });
});
