import { fromMinorUnits } from '@meridian/schemas';
import { sql, type SQL } from 'drizzle-orm';
import { linkHash } from './chain';
import { arrayLiteral, type ChainHead } from './own-chain';
import type { AuditContext } from './record';

export const ORDER_PLACE_ACTION = 'trading.order.place';
export const ORDER_CANCEL_ACTION = 'trading.order.cancel';

/** What an order row of the trail says about its order: the order as the batch wrote it. */
export interface AuditedOrder {
  id: string;
  userId: string;
  instrumentId: string;
  side: string;
  type: string;
  /** Hundredths; null for a market order. */
  price: bigint | null;
  quantity: bigint;
  filledQuantity: bigint;
  status: string;
}

/** One place or cancel of an order batch, and who asked (absent for the platform's own orders). */
export interface OrderAuditRow {
  action: 'place' | 'cancel';
  order: AuditedOrder;
  context?: Pick<AuditContext, 'actorId' | 'actorEmail' | 'authorisedBy' | 'requestId' | 'clientAddress'>;
}

/**
 * The columns of the statement's written orders the audit rows are built from: a query with
 * these columns (id uuid, instrument_id uuid, side, type, price bigint, quantity bigint,
 * filled_quantity bigint, status) over the rows the order batch inserted or updated.
 */
export const AUDITED_ORDER_COLUMNS = 'id, instrument_id, side, type, price, quantity, filled_quantity, status';

/** An order batch's append: the CTE over the statement's written orders (`orders`) and the head after it. */
export interface OrderAppend {
  cte(orders: SQL): SQL;
  head: ChainHead;
}

/**
 * Appends an order batch's rows to its book writer's chain (decisions 0072, 0083). As with
 * appendToOwnChain the rows are placed and hashed here onto the head the writer holds, but
 * only what the statement cannot know travels: each row's context (actor, e-mail, permission,
 * request id, address), the order ids and actions as two fixed-width texts, and the hashes as
 * one text. Each row's `after` is built in the statement from the order row the same statement
 * writes (`orders`, joined by id); it is the order as this batch leaves it, which is also what
 * is hashed here (`orderAfterJson`, the canonical JSON of the same values). The previous hash
 * of row n is the hash of row n-1 (the head's for the first). An order missing from `orders`
 * gives a null hash, refused by the column's NOT NULL: never a gap in the chain.
 */
export function appendOrderRows(chain: string, head: ChainHead, rows: readonly OrderAuditRow[]): OrderAppend | null {
  if (rows.length === 0) return null;
  const occurredAt = new Date();
  const at = occurredAt.toISOString();
  const ids: string[] = [];
  let actions = '';
  let hashes = '';
  const ctx = {
    actorId: [] as (string | null)[],
    actorEmail: [] as (string | null)[],
    authorisedBy: [] as (string | null)[],
    requestId: [] as (string | null)[],
    clientAddress: [] as (string | null)[],
  };
  let { chainSeq, hash } = head;
  // What every row of the batch shares, in canonical JSON once per batch (decision 0087).
  const common = { chain: JSON.stringify(chain), occurredAt: JSON.stringify(at) };
  for (const { action, order, context } of rows) {
    // As `{ actorId: order.userId, ...context }`: a context that names its actor (even as null) wins.
    const actorId = context && 'actorId' in context ? (context.actorId ?? null) : order.userId;
    const subjectId = order.id.toLowerCase();
    if (subjectId.length !== 36) throw new Error(`order id ${order.id} is not a uuid`); // cut at fixed width below
    const actorEmail = context?.actorEmail ?? null;
    const authorisedBy = context?.authorisedBy ?? null;
    const requestId = context?.requestId ?? null;
    const clientAddress = context?.clientAddress ?? null;
    chainSeq += 1;
    hash = linkHash(
      hash,
      orderRowText(
        common,
        action,
        chainSeq,
        actorId,
        actorEmail,
        authorisedBy,
        requestId,
        clientAddress,
        subjectId,
        order,
      ),
    );
    ids.push(subjectId);
    actions += action === 'place' ? 'p' : 'c';
    hashes += hash;
    ctx.actorId.push(actorId);
    ctx.actorEmail.push(actorEmail);
    ctx.authorisedBy.push(authorisedBy);
    ctx.requestId.push(requestId);
    ctx.clientAddress.push(clientAddress);
  }
  // Fixed-width texts cut with substr cost the database no array parsing; the five context
  // columns are text arrays (text input is a copy). `seq` comes from its default, in chain order.
  const cte = (
    orders: SQL,
  ) => sql`aud_ins as (insert into audit_events (chain, chain_seq, occurred_at, actor_id, actor_email,
      action, authorised_by, subject_type, subject_id, before, after, request_id, client_address, prev_hash, hash)
    select p.chain, p.seq0 + a.n, p.at, a.actor_id, a.actor_email,
      case substr(p.actions, a.n::int, 1) when 'p' then ${ORDER_PLACE_ACTION}::text else ${ORDER_CANCEL_ACTION}::text end,
      a.authorised_by, 'order', substr(p.ids, a.n::int * 36 - 35, 36), null,
      jsonb_build_object('filledQuantity', o.filled_quantity::text, 'instrumentId', o.instrument_id::text,
        'price', round(o.price::numeric / 100, 2)::text, 'quantity', o.quantity::text, 'side', o.side,
        'status', o.status, 'type', o.type),
      a.request_id, a.client_address,
      case when a.n = 1 then p.prev0 else substr(p.hashes, a.n::int * 64 - 127, 64) end,
      case when o.id is not null then substr(p.hashes, a.n::int * 64 - 63, 64) end
    from (select ${chain}::text as chain, ${String(head.chainSeq)}::bigint as seq0, ${at}::timestamptz as at,
        ${head.hash}::text as prev0, ${ids.join('')}::text as ids, ${actions}::text as actions, ${hashes}::text as hashes) p
      cross join unnest(${arrayLiteral(ctx.actorId)}::text[], ${arrayLiteral(ctx.actorEmail)}::text[],
        ${arrayLiteral(ctx.authorisedBy)}::text[], ${arrayLiteral(ctx.requestId)}::text[],
        ${arrayLiteral(ctx.clientAddress)}::text[]) with ordinality as a(actor_id, actor_email, authorised_by, request_id, client_address, n)
      left join (${orders}) o on o.id = substr(p.ids, a.n::int * 36 - 35, 36)::uuid
    order by a.n)`;
  return { cte, head: { chainSeq, hash } };
}

const ACTION_JSON = { place: JSON.stringify(ORDER_PLACE_ACTION), cancel: JSON.stringify(ORDER_CANCEL_ACTION) };
const jsonText = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));

/**
 * An order row's hashed text: `canonicalText` (chain.ts) of its content (subject type 'order',
 * no `before`, `after` = orderAfterJson) written out directly, with the chain and the time in
 * canonical JSON once per batch (`common`). order-rows.test.ts checks it against canonicalText.
 */
export function orderRowText(
  common: { chain: string; occurredAt: string },
  action: 'place' | 'cancel',
  chainSeq: number,
  actorId: string | null,
  actorEmail: string | null,
  authorisedBy: string | null,
  requestId: string | null,
  clientAddress: string | null,
  subjectId: string,
  order: AuditedOrder,
): string {
  return (
    `{"action":${ACTION_JSON[action]},"actorEmail":${jsonText(actorEmail)},"actorId":${jsonText(actorId)},` +
    `"after":${orderAfterJson(order)},"authorisedBy":${jsonText(authorisedBy)},"before":null,` +
    `"chain":${common.chain},"chainSeq":${chainSeq},` +
    `"clientAddress":${jsonText(clientAddress)},"occurredAt":${common.occurredAt},` +
    `"requestId":${jsonText(requestId)},"subjectId":${JSON.stringify(subjectId)},"subjectType":"order"}`
  );
}

/**
 * `canonicalJson` of an order row's `after` written out in its key order: what the statement's
 * `jsonb_build_object` over the written order canonicalises to (ids as lowercase text, amounts
 * as decimal text, the price in units with two decimals as `fromMinorUnits` writes it).
 */
export function orderAfterJson(order: AuditedOrder): string {
  const price = order.price === null ? 'null' : JSON.stringify(fromMinorUnits(order.price));
  return (
    `{"filledQuantity":"${order.filledQuantity}","instrumentId":${JSON.stringify(order.instrumentId.toLowerCase())},` +
    `"price":${price},"quantity":"${order.quantity}","side":${JSON.stringify(order.side)},` +
    `"status":${JSON.stringify(order.status)},"type":${JSON.stringify(order.type)}}`
  );
}
