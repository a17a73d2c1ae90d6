import { createConnection } from 'node:net';

/** Whether a TCP connection to `url`'s host and port (or `defaultPort`) opens within a second; false without a URL. */
export function reachable(url: string | undefined, defaultPort: number): Promise<boolean> {
  if (!url) return Promise.resolve(false);
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: target.hostname, port: Number(target.port || defaultPort) });
    socket.setTimeout(1_000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}
