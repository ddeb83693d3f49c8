/**
 * A loopback TCP proxy in front of the test Redis, to take "Redis" away and bring it back without
 * touching the real server other tests use: `down()` drops every connection and refuses new ones,
 * `stall()` keeps connections open but passes nothing (a hung server), `up()` restores.
 */
import { createServer, createConnection, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface RedisProxy {
  /** redis:// URL of the proxy, with the target's path (database). */
  url: string;
  down(): Promise<void>;
  stall(): void;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedisProxy(targetUrl: string): Promise<RedisProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let stalled = false;

  const server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 6379) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!stalled) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });

  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const down = async (): Promise<void> => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  return {
    url: url.toString(),
    down,
    stall() {
      stalled = true;
    },
    async up() {
      stalled = false;
      if (!server.listening) await listen(port);
    },
    async close() {
      stalled = false;
      if (server.listening) await down();
      for (const socket of sockets) socket.destroy();
    },
  };
}
