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

/** A reply, as far as `sendJsonText` needs it (whatever its route's declared types). */
interface TextReply<R> {
  header(name: string, value: string): R;
  send(payload: never): R;
}

/**
 * Sends an answer already written as JSON text (a kept answer, decision 0077): Fastify passes a
 * string with a JSON content type through without serialising it again. The route still
 * declares its schema (OpenAPI, types); the text must follow it.
 */
export function sendJsonText<R extends TextReply<R>>(reply: R, text: string): R {
  return reply.header('content-type', 'application/json; charset=utf-8').send(text as never);
}
