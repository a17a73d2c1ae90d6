import zlib from 'node:zlib';
import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * A response serialiser compiled by fast-json-stringify (Fastify's own) from a shared zod
 * schema, for the hot order routes and the read endpoints (issue 16 items 7 and 8): the zod
 * type provider's serialiser re-validates every answer with zod and then runs JSON.stringify.
 * The answer is built by the route's DTO function from typed state, and the route still declares the zod schema
 * (OpenAPI, types); only the per-response check is skipped. Only the declared properties
 * are written, as with the zod serialiser.
 */
export function fastSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  return fastJson(plain(json, defs) as unknown as Parameters<typeof fastJson>[0]);
}

/** Inlines $refs and turns `anyOf` of simple types (zod's nullable) into a type list; drops checks. */
function plain(node: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  if (typeof node.$ref === 'string') return plain(defs[node.$ref.replace('#/$defs/', '')]!, defs);
  if (Array.isArray(node.anyOf)) {
    const branches = (node.anyOf as JsonSchema[]).map((b) => plain(b, defs));
    if (branches.every((b) => typeof b.type === 'string' && b.type !== 'object' && b.type !== 'array'))
      return { type: branches.map((b) => b.type as string) };
    return { anyOf: branches };
  }
  const out: JsonSchema = {};
  if (node.type !== undefined) out.type = node.type;
  if (node.properties) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties as Record<string, JsonSchema>).map(([k, v]) => [k, plain(v, defs)]),
    );
    if (node.required) out.required = node.required;
  }
  if (node.items) out.items = plain(node.items as JsonSchema, defs);
  return out;
}

type SerializerRoute = Parameters<typeof serializerCompiler>[0];

/**
 * A route's `serializerCompiler`: its 200 answer by `fastSerializer(schema)`, every other
 * status (errors) by the app's zod serialiser.
 */
export function fastOkSerializer(schema: z.ZodType) {
  const ok = fastSerializer(schema);
  return (route: SerializerRoute) => (route.httpStatus === '200' ? ok : serializerCompiler(route));
}

/** A reply, as far as `sendKeptJson` needs it (whatever its route's declared types). */
interface TextReply<R> {
  header(name: string, value: string): R;
  send(payload: never): R;
}

/** Brotli as the app's compression plugin runs it (app.ts): quality 4, most of 11's gain for a fraction of the CPU. */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/** Answers smaller than this many bytes go uncompressed (the plugin's threshold, app.ts). */
export const COMPRESS_THRESHOLD = 1024;

export type ContentEncoding = 'br' | 'gzip';

/**
 * A kept answer (decision 0077) with its bytes: the UTF-8 text, and its brotli and gzip forms
 * made the first time a client asks for them and kept with it (decision 0080). Served many
 * times between two changes of the state it was computed from, so each form is encoded once
 * instead of per request (a browser asks for `br` on every call).
 */
export class KeptJson {
  /** The JSON text, UTF-8. */
  readonly bytes: Buffer;
  private readonly encoded = new Map<ContentEncoding, Buffer>();

  constructor(text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  get text(): string {
    return this.bytes.toString('utf8');
  }

  /** The text's bytes in `encoding`, compressed at most once per kept answer. */
  encode(encoding: ContentEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body = encoding === 'br' ? zlib.brotliCompressSync(this.bytes, BROTLI_OPTIONS) : zlib.gzipSync(this.bytes);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/**
 * The encoding to answer with for an `Accept-Encoding` header, as the compression plugin
 * chooses among the app's `br` and `gzip`: the highest q-value, `br` on a tie; `*` and
 * `x-gzip` count as gzip (as the plugin reads them); null for none (identity).
 */
export function preferredEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const q: Record<ContentEncoding, number> = { br: 0, gzip: 0 };
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.split(';').map((p) => p.trim());
    const name = token === '*' || token === 'x-gzip' ? 'gzip' : token;
    if (name !== 'br' && name !== 'gzip') continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (Number.isFinite(value)) q[name] = Math.max(q[name], value);
  }
  if (q.br <= 0 && q.gzip <= 0) return null;
  return q.br >= q.gzip ? 'br' : 'gzip';
}

/** A request and reply, as far as `sendKeptJson` needs them. */
interface KeptRequest {
  headers: Record<string, string | string[] | undefined>;
}
interface KeptReply<R> extends TextReply<R> {
  getHeader(name: string): unknown;
}

/**
 * Sends a kept answer (Fastify passes a Buffer with a JSON content type through without
 * serialising it again; the route still declares its schema for OpenAPI and types, and the
 * text must follow it): its bytes as they are, or its kept brotli/gzip form when the client
 * accepts one and the answer passes the compression threshold. A reply that already carries
 * `Content-Encoding` is passed through by the compression plugin, so nothing is compressed
 * per request. `Vary: Accept-Encoding` on every answer that could be compressed.
 */
export function sendKeptJson<R extends KeptReply<R>>(request: KeptRequest, reply: R, kept: KeptJson): R {
  reply.header('content-type', 'application/json; charset=utf-8');
  if (kept.bytes.length < COMPRESS_THRESHOLD) return reply.send(kept.bytes as never);
  const vary = reply.getHeader('vary');
  if (typeof vary !== 'string' || !/\baccept-encoding\b/i.test(vary))
    reply.header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, accept-encoding` : 'accept-encoding');
  const accept = request.headers['accept-encoding'];
  const encoding =
    request.headers['x-no-compression'] === undefined
      ? preferredEncoding(Array.isArray(accept) ? accept.join(',') : accept)
      : null;
  if (encoding === null) return reply.send(kept.bytes as never);
  return reply.header('content-encoding', encoding).send(kept.encode(encoding) as never);
}
