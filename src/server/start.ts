/**
 * `startServer`: the app of src/server/app.ts behind a Node listener (@hono/node-server 2). The
 * app is made ready (store open, migrations run, jobs started) before the port opens, so the first
 * connection is served by a complete service; closing stops listening first, lets the requests in
 * flight finish (their counts are committed by the app's meter), then closes the app.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type AppConfig, type VerifieldApp } from './app.js';
import type { ServerConfig } from './config.js';

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = '127.0.0.1';
/** How long requests in flight may take to finish on close before their connections are cut. */
const CLOSE_GRACE_MS = 10_000;

/** A listening service; see {@link startServer}. */
export interface RunningServer {
  /** Base address to call, e.g. `http://127.0.0.1:8080` (a wildcard host is given as loopback). */
  url: string;
  /** The port listened on (the one picked when the config asked for 0). */
  port: number;
  /** The running app (its `fetch` handler, `ready()` and `close()`). */
  app: VerifieldApp;
  /** Stops listening, waits for the requests in flight, then closes the app. Safe to call twice. */
  close(): Promise<void>;
}

/** How a client on this machine reaches `host`: wildcards become loopback, IPv6 gets brackets. */
export function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function listen(app: VerifieldApp, port: number, hostname: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    // node-server listens at once; a failure to bind (port taken, no such interface) comes as 'error'.
    const server = serve({ fetch: app.fetch, port, hostname }, () => {
      server.off('error', reject);
      resolve(server as Server);
    });
    server.once('error', reject);
  });
}

function stopListening(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    grace.unref();
    server.close(() => {
      clearTimeout(grace);
      resolve();
    });
    // Kept-alive connections with no request in flight would hold close() open for nothing.
    server.closeIdleConnections();
  });
}

/**
 * Starts the HTTP service: builds the app from `config` (a {@link ServerConfig}, plus the test and
 * embedding settings of AppConfig), waits until it is ready, then listens on `config.host`:`config.port`
 * (defaults 127.0.0.1:8080; port 0 picks a free one).
 * @example
 * const server = await startServer({ port: 0, dataDir: './.verifield' });
 * console.log(server.url); // http://127.0.0.1:41233
 * await server.close();
 */
export async function startServer(config: AppConfig): Promise<RunningServer> {
  const app = createApp(config);
  const host = config.host ?? DEFAULT_HOST;
  let server: Server;
  try {
    await app.ready();
    server = await listen(app, config.port ?? DEFAULT_PORT, host);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${reachableHost(host)}:${port}`,
    port,
    app,
    close() {
      closing ??= stopListening(server).then(() => app.close());
      return closing;
    },
  };
}
