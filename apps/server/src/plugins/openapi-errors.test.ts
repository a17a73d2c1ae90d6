import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { ROUTE_ACCESS } from '../test/security/route-access';
import { ERROR_DESCRIPTIONS } from './openapi-errors';

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };
// OpenAPI writes '/api/orders/{id}', the access matrix '/api/orders/:id'.
const matrixKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;

describe('OpenAPI document: error responses and formats', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  it('documents 401 on every signed-in route and 403 on every permission route of the access matrix', () => {
    const checked = operations().filter(({ path, method }) => ROUTE_ACCESS[matrixKey(method, path)] !== undefined);
    expect(checked.length).toBeGreaterThan(50);
    for (const { path, method, operation } of checked) {
      const access = ROUTE_ACCESS[matrixKey(method, path)];
      const statuses = Object.keys(operation.responses);
      const label = `${method.toUpperCase()} ${path}`;
      if (access !== 'public') expect(statuses, label).toContain('401');
      if (typeof access === 'object') expect(statuses, label).toContain('403');
      if (path.includes('{')) expect(statuses, label).toContain('404');
      expect(statuses, label).toContain('500');
    }
  });

  it('gives every documented error the shared { code, message } schema', () => {
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!(Number(status) in ERROR_DESCRIPTIONS)) continue;
        const schema = response.content?.['application/json']?.schema as { $ref?: string } | undefined;
        const label = `${method.toUpperCase()} ${path} ${status}`;
        if (schema?.$ref === ERROR_REF.$ref) continue;
        // A route may declare a richer error (ActusRejection adds the engine's findings): still code and message.
        const component = doc.components.schemas[schema?.$ref?.split('/').pop() ?? ''] as { required?: string[] };
        expect(component?.required, label).toEqual(expect.arrayContaining(['code', 'message']));
      }
    }
    expect(doc.components.schemas.ErrorResponse).toMatchObject({ required: ['code', 'message'] });
  });

  it('writes answer 400, 409 and 422; a rate-limited route 429', () => {
    const placeOrder = doc.paths['/api/orders']!.post!;
    expect(Object.keys(placeOrder.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '409', '422']));
    const signIn = doc.paths['/api/auth/sign-in/email']!.post!;
    expect(Object.keys(signIn.responses)).toContain('429');
  });

  it('marks timestamps as date-time', () => {
    const text = JSON.stringify(doc.components.schemas);
    // Every property named like a timestamp (createdAt, updatedAt, executedAt…) carries the format.
    const timestamps = [...text.matchAll(/"(\w+At)":\{([^{}]*)\}/g)].filter(([, , body]) => body!.includes('"string"'));
    expect(timestamps.length).toBeGreaterThan(10);
    const plain = timestamps.filter(([, , body]) => !body!.includes('"format":"date-time"')).map(([, name]) => name);
    expect(plain).toEqual([]);
  });
});
