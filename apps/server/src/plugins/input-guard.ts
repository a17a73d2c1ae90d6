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
  // A string or number is a scalar: nothing to walk (the common case for params and queries).
  if (typeof root !== 'object' || root === null) {
    return typeof root === 'string' && CONTROL_CHARACTERS.test(root)
      ? invalid(rootPath, CONTROL_CHARACTERS_MESSAGE)
      : null;
  }
  // Paths are spelled out only for the problem found: a node keeps its parent and key.
  const stack: Node[] = [{ value: root, parent: null, key: rootPath, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const value = node.value;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTERS.test(value)) return invalid(pathOf(node), CONTROL_CHARACTERS_MESSAGE);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (node.depth >= MAX_JSON_DEPTH) return invalid(pathOf(node), `Nested deeper than ${MAX_JSON_DEPTH} levels`);
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (CONTROL_CHARACTERS.test(key)) return invalid(pathOf(node), CONTROL_CHARACTERS_MESSAGE);
      const child: unknown = (value as Record<string, unknown>)[key];
      // Numbers, booleans and null cannot carry a problem: not pushed.
      if (typeof child === 'string' || (typeof child === 'object' && child !== null))
        stack.push({ value: child, parent: node, key, depth: node.depth + 1 });
    }
  }
  return null;
}

interface Node {
  value: unknown;
  parent: Node | null;
  key: string;
  depth: number;
}

function pathOf(node: Node): string {
  return node.parent ? `${pathOf(node.parent)}.${node.key}` : node.key;
}

/**
 * Every API request, on every route including ones added later: text with control characters
 * (PostgreSQL refuses NUL; none belongs in a field) and absurdly deep JSON are a 400 before any
 * handler or schema sees them. Route schemas still do the field-by-field validation.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback style: no promise per request.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const problem =
      findInputProblem(request.params, 'params') ??
      findInputProblem(request.query, 'querystring') ??
      findInputProblem(request.body, 'body');
    done(problem ?? undefined);
  });
}
