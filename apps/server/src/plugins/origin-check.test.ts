import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isOriginAllowed } from './origin-check';

const ALLOWED = ['http://localhost:5000', 'http://localhost:5173'];
const req = (method: string, headers: Record<string, string>) =>
  ({ method, headers: { host: 'localhost:5000', ...headers }, protocol: 'http' }) as unknown as FastifyRequest;

describe('isOriginAllowed', () => {
  it.each([
    ['GET from anywhere', req('GET', { origin: 'https://evil.example' }), true],
    ['POST from our origin', req('POST', { origin: 'http://localhost:5000' }), true],
    ['POST from a trusted dev origin', req('DELETE', { origin: 'http://localhost:5173' }), true],
    ['POST from the addressed host', req('PATCH', { origin: 'http://meridian.lan', host: 'meridian.lan' }), true],
    ['POST from elsewhere', req('POST', { origin: 'https://evil.example' }), false],
    ['POST with Origin null', req('POST', { origin: 'null' }), false],
    ['POST without Origin from a non-browser client', req('POST', {}), true],
    ['POST without Origin, cross-site fetch', req('POST', { 'sec-fetch-site': 'cross-site' }), false],
    ['WebSocket handshake from elsewhere', req('GET', { upgrade: 'websocket', origin: 'https://evil.example' }), false],
    [
      'WebSocket handshake from our origin',
      req('GET', { upgrade: 'websocket', origin: 'http://localhost:5000' }),
      true,
    ],
  ])('%s', (_name, request, expected) => {
    expect(isOriginAllowed(request, ALLOWED)).toBe(expected);
  });
});
