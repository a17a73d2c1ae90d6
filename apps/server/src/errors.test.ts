import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors';
import { createTestApp, type TestApp } from './test/harness';

describe('error responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.post(
          '/api/test/echo',
          { schema: { body: z.object({ name: z.string().min(3), amount: z.number().positive() }) } },
          async (request) => request.body,
        );
        app.get('/api/test/crash', async () => {
          throw new Error('connection to db-7.internal:5432 refused');
        });
        app.get('/api/test/conflict', async () => {
          throw new AppError(409, 'ORDER_EXISTS', 'Order already exists');
        });
        app.get('/api/test/refused', async () => {
          throw new AppError(422, 'ACTUS_REJECTED', 'Terms rejected', { problems: [{ term: 'maturityDate' }] });
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers 400 listing every invalid field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'ab', amount: -1 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.amount', 'body.name']);
    expect(body.message).toContain('body.name');
  });

  it('answers 404 as JSON for unknown API routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Route GET /api/nope not found' });
  });

  it('answers 500 without internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Internal server error' });
    expect(res.body).not.toContain('db-7');
  });

  it('maps AppError to its status, code and extra fields', async () => {
    const conflict = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ code: 'ORDER_EXISTS', message: 'Order already exists' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/test/refused' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'ACTUS_REJECTED',
      message: 'Terms rejected',
      problems: [{ term: 'maturityDate' }],
    });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeTypeOf('string');
  });
});
