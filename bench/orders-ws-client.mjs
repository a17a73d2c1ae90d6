// The WebSocket load of bench:orders (BENCH_TRANSPORT=ws): what wrk does for POST /api/orders,
// over /api/stream order entry. A separate plain-Node process (no tsx, no JSON.parse of the
// stream's market frames) so it costs the shared cores little; the server's CPU is measured per
// thread in the bench process. N connections, each a closed loop: send a `place` command, wait
// for its answer frame, send the next (one command in flight per connection, like wrk's
// connections). Connection c signs in as trader c mod (number of cookies) and sends the order
// stream of orders-workload.mjs seeded 1000 + c. Args: <market.json> <clients> <seconds> <ws url>.
// Prints `BENCH {...}` like orders.lua: requests, seconds, p50/p99 (ms), errors, statuses.
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { nextOrder, random } from './orders-workload.mjs';

const [marketFile, clientsArg, secondsArg, url] = process.argv.slice(2);
const market = JSON.parse(readFileSync(marketFile, 'utf8'));
const clients = Number(clientsArg);
const seconds = Number(secondsArg);
/** Answer frames start with their type (the server serialises `type` first); market frames are skipped unread. */
const ANSWER = /^\{"type":"(?:result|error|sent_for_approval)"/;
const STATUS = /"status":(\d{3})/;

const latencies = [];
const statuses = {};
let errors = 0;

function open(c) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      headers: { cookie: market.cookies[c % market.cookies.length], origin: market.origin },
      perMessageDeflate: false,
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const sockets = await Promise.all(Array.from({ length: clients }, (_, c) => open(c)));
const start = performance.now();
const deadline = start + seconds * 1000;
let end = start;

await Promise.all(
  sockets.map(
    (ws, c) =>
      new Promise((resolve) => {
        const rnd = random(1000 + c);
        let n = 0;
        let sentAt = 0;
        const send = () => {
          const now = performance.now();
          if (now >= deadline) {
            if (now > end) end = now;
            resolve();
            return;
          }
          const o = nextOrder(rnd, market.instrumentId);
          sentAt = now;
          ws.send(
            `{"type":"place","ref":"${c}-${++n}","order":{"instrumentId":"${o.instrumentId}","orderType":"${o.orderType}","type":"limit","quantity":${o.quantity},"price":"${o.price}"}}`,
          );
        };
        ws.on('message', (data, isBinary) => {
          if (isBinary) return;
          // Only the first bytes are looked at: the answer's type and status.
          const head = data.toString('latin1', 0, 64);
          if (!ANSWER.test(head)) return;
          latencies.push(performance.now() - sentAt);
          const status = STATUS.exec(head)?.[1] ?? 'none';
          statuses[status] = (statuses[status] ?? 0) + 1;
          send();
        });
        ws.on('error', () => errors++);
        ws.on('close', () => resolve());
        send();
      }),
  ),
);
for (const ws of sockets) ws.terminate();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
process.stdout.write(
  `BENCH ${JSON.stringify({
    requests: latencies.length,
    seconds: (end - start) / 1000,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    statuses,
  })}\n`,
);
