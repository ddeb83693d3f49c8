/**
 * The PostgreSQL client (src/server/storage/postgres/client.ts) where no PostgreSQL is needed: opening it
 * on a database that is not there fails quickly and cleanly, whether the port refuses or accepts
 * and never answers. Its behaviour on a real server is in test/server/storage/postgres/instances.scale.test.ts.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../../src/server/storage/postgres/client.js';

const servers: Server[] = [];
const sockets = new Set<Socket>();

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listening(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('openPostgres on a database that is not there', () => {
  it('rejects at once when the port refuses connections', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const started = Date.now();
    await expect(openPostgres(`postgres://verifield:secret@127.0.0.1:${port}/verifield`)).rejects.toThrow(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('rejects after the connect timeout when the server accepts and never answers', async () => {
    const port = await listening(() => undefined);
    const started = Date.now();
    await expect(openPostgres(`postgres://verifield:secret@127.0.0.1:${port}/verifield`, { connectTimeoutMs: 300 })).rejects.toThrow(
      /timeout/i,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('rejects when the server hangs up during the handshake', async () => {
    const port = await listening((socket) => socket.destroy());
    await expect(openPostgres(`postgres://verifield:secret@127.0.0.1:${port}/verifield`)).rejects.toThrow();
  });
});
