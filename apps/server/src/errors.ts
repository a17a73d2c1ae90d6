import type { FastifyError, FastifyInstance } from 'fastify';
import { isPagePath } from '@meridian/schemas';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** A refusal the client can act on; mapped to `{ code, message }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra JSON fields sent with the error (e.g. `problems`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Unauthorized');
export const forbidden = (message = 'Forbidden') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const unprocessable = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(422, code, message, details);

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
};

/** Maps every thrown error to `{ code, message }`; 5xx never carry internals. */
export function registerErrorHandling(app: FastifyInstance, options: { spa: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    // The SPA's pages (e.g. /trading) are answered with its index.html. Any other path is a
    // 404: a browser still gets the app, which shows its not-found page; others get JSON.
    const path = request.url.split('?')[0]!;
    if (options.spa && (request.method === 'GET' || request.method === 'HEAD')) {
      if (isPagePath(path)) return reply.type('text/html').sendFile('index.html');
      const wantsPage = !path.startsWith('/api') && (request.headers.accept ?? '').includes('text/html');
      if (wantsPage) return reply.status(404).type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 503 is always "nothing was done, try again" (an instrument changing owner, a peer not answering).
      if (error.status === 503) reply.header('retry-after', '1');
      return reply.status(error.status).send({ code: error.code, message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
      return reply.status(400).send({ code: 'VALIDATION_ERROR', message: `Invalid request: ${summary}`, issues });
    }
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(unavailable.status)
        .header('retry-after', '1')
        .send({ code: unavailable.code, message: unavailable.message });
    }
    const refusedValue = databaseValueError(error);
    if (refusedValue) {
      request.log.warn({ err: error }, 'database refused a value from the request');
      return reply.status(refusedValue.status).send({ code: refusedValue.code, message: refusedValue.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.status(500).send({ code: 'INTERNAL_ERROR', message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ code: 'INTERNAL_ERROR', message: 'Internal server error' });
    }
    return reply.status(status).send({
      code: error.code && !error.code.startsWith('FST_') ? error.code : (STATUS_CODES[status] ?? 'BAD_REQUEST'),
      message: error.message,
    });
  });
}

// Values the database refuses because of what the client sent (a figure past bigint, a byte
// text cannot hold). The edge schemas bound these first; this keeps a missed case a 4xx.
const VALUE_ERRORS: Record<string, AppError> = {
  '22003': new AppError(422, 'VALUE_OUT_OF_RANGE', 'A figure in the request is out of range'),
  '22021': new AppError(400, 'VALIDATION_ERROR', 'The request contains characters that cannot be stored'),
  '22P05': new AppError(400, 'VALIDATION_ERROR', 'The request contains characters that cannot be stored'),
};

function databaseValueError(error: unknown): AppError | undefined {
  const code = codeInChain(error, VALUE_ERRORS);
  return code === undefined ? undefined : VALUE_ERRORS[code];
}

// No connection to the database could be had, so the statement never ran: PostgreSQL refused
// the connection (too many clients, starting or shutting down, rejected) or nothing answered on
// its port. A 503 "nothing was done, try again", like an instrument changing owner; an error
// after a statement was sent (a connection lost mid-transaction) stays a 500.
const UNAVAILABLE: Record<string, true> = {
  '53300': true, // too_many_connections
  '57P03': true, // cannot_connect_now
  '08001': true, // sqlclient_unable_to_establish_sqlconnection
  '08004': true, // sqlserver_rejected_establishment_of_sqlconnection
  ECONNREFUSED: true, // postgres.js: nothing listens
  CONNECT_TIMEOUT: true, // postgres.js: no connection within connect_timeout
};

const DATABASE_UNAVAILABLE = new AppError(
  503,
  'DATABASE_UNAVAILABLE',
  'The service is busy; nothing was done, try again shortly',
);

/**
 * The 503 for an error that says no connection to the database could be had (decision 0099),
 * or undefined; routed requests answer it on the owner's behalf too.
 */
export function databaseUnavailable(error: unknown): AppError | undefined {
  return codeInChain(error, UNAVAILABLE) === undefined ? undefined : DATABASE_UNAVAILABLE;
}

/** The first `code` along the error's `cause` chain (drizzle wraps the driver's error) that `codes` holds. */
function codeInChain(error: unknown, codes: Record<string, unknown>): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.code === 'string' && Object.hasOwn(codes, e.code)) return e.code;
  }
  return undefined;
}
