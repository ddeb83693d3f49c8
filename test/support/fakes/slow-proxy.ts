/**
 * A loopback HTTP proxy that holds every request for `delayMs` before passing it to the host of
 * `target` (at the request's own path), and
 * records how many it held at once: put it in front of the VIES fake to make lookups slow and to
 * see, from the far side, how many lookups the service ran in parallel.
 */
import { createServer, request as httpRequest } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback.js';

export interface SlowProxy {
  url: string;
  delayMs: number;
  readonly inFlight: number;
  readonly maxInFlight: number;
  readonly calls: number;
  resetCounts(): void;
  close(): Promise<void>;
}

export async function startSlowProxy(target: string, delayMs: number): Promise<SlowProxy> {
  const targetUrl = new URL(target);
  let inFlight = 0;
  let maxInFlight = 0;
  let calls = 0;
  const server = createServer((req, res) => {
    calls++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      setTimeout(() => {
        const forward = httpRequest(
          { hostname: targetUrl.hostname, port: targetUrl.port, // The request's own path: a REST client adds its operation to the base it was given.
            path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('end', () => {
              inFlight--;
            });
          },
        );
        forward.on('error', () => {
          inFlight--;
          res.destroy();
        });
        forward.end(Buffer.concat(chunks));
      }, proxy.delayMs);
    });
  });
  const port = await listenOnLoopback(server);
  const proxy: SlowProxy = {
    url: `http://127.0.0.1:${port}${targetUrl.pathname}`,
    delayMs,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get calls() {
      return calls;
    },
    resetCounts() {
      maxInFlight = inFlight;
      calls = 0;
    },
    close: () => closeServer(server),
  };
  return proxy;
}
