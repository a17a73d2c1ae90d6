/**
 * Load generator of bench:orders, run in worker threads so the clients' CPU is not the
 * server's (plain JavaScript: workers start without the TypeScript loader). Each worker drives `clients` sequential clients (one request in flight each).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { nextOrder, random } from './orders-workload.mjs';

/** @type {{ base: string, origin: string, cookies: string[], instrumentId: string, clients: number, firstClient: number, maxOrders: number, deadline: number }} */
const job = workerData;
const latencies = [];
const statuses = {};
let sent = 0;
await Promise.all(
  Array.from({ length: job.clients }, async (_, i) => {
    const client = job.firstClient + i;
    const rnd = random(1000 + client);
    const cookie = job.cookies[client % job.cookies.length];
    while (sent < job.maxOrders && Date.now() < job.deadline) {
      sent++;
      const t0 = performance.now();
      const res = await fetch(`${job.base}/api/orders`, {
        method: 'POST',
        headers: { cookie, origin: job.origin, 'content-type': 'application/json' },
        body: JSON.stringify(nextOrder(rnd, job.instrumentId)),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  }),
);
parentPort.postMessage({ latencies, statuses });
