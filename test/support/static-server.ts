/**
 * A static file server on loopback for the browser test: serves the repository's examples/, the
 * built dist/ and the node_modules/ the import map points at, nothing else.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { closeServer, listenOnLoopback } from './fakes/loopback.js';
import { extname, join, normalize, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** A running server and how to reach and stop it. */
export interface StaticServer {
  /** e.g. `http://127.0.0.1:41235`. */
  origin: string;
  /** Paths that were asked for, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** Serves `root`'s `allowedFolders` on 127.0.0.1, on a port the system picks. */
export async function startStaticServer(root: string, allowedFolders: readonly string[]): Promise<StaticServer> {
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    requested.push(path);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    const allowed = allowedFolders.some((folder) => file.startsWith(join(root, folder) + sep));
    if (!allowed || request.method !== 'GET') {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' }).end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  const port = await listenOnLoopback(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    requested,
    close: () => closeServer(server),
  };
}
