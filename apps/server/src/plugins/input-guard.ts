import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '@meridian/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** No API message nests deeper than this; deeper JSON is refused before anything walks it recursively. */
export const MAX_JSON_DEPTH = 32;

const invalid = (path: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', `Invalid request: ${path}: ${message}`, { issues: [{ path, message }] });

/**
 * The first problem in a parsed JSON value (body, query or params): a string or key with a
 * control character, or nesting beyond MAX_JSON_DEPTH. Iterative, so hostile depth costs no stack.
 */
export function findInputProblem(root: unknown, rootPath: string): AppError | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: rootPath, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTERS.test(value)) return invalid(path, CONTROL_CHARACTERS_MESSAGE);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return invalid(path, `Nested deeper than ${MAX_JSON_DEPTH} levels`);
    for (const [key, child] of Object.entries(value)) {
      if (CONTROL_CHARACTERS.test(key)) return invalid(path, CONTROL_CHARACTERS_MESSAGE);
      stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Every API request, on every route including ones added later: text with control characters
 * (PostgreSQL refuses NUL; none belongs in a field) and absurdly deep JSON are a 400 before any
 * handler or schema sees them. Route schemas still do the field-by-field validation.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/')) return;
    const problem =
      findInputProblem(request.params, 'params') ??
      findInputProblem(request.query, 'querystring') ??
      findInputProblem(request.body, 'body');
    if (problem) throw problem;
  });
}
