/**
 * A webhook receiver on 127.0.0.1 (node:http), for the webhook tests: it keeps every request it
 * got (headers, body, path, arrival time) and answers each as the test says: a status, or 'hang'
 * (never answer, as a receiver stuck behind a dead backend does).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { closeServer, listenOnLoopback, withBody } from './loopback.js';

/** One request a receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
  /** Date.now() when its body had arrived. */
  at: number;
}

/** How a receiver answers its `n`-th request (1 for the first), to `path`. */
export type Answer = (n: number, path: string) => number | 'hang';

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hooks`; any other path on the port reaches the same receiver. */
  url: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  received: Received[];
  answer: Answer;
  /** Closes the server, cutting the requests it left hanging. */
  close(): Promise<void>;
}

/** Starts a receiver that answers 200 until the test sets `answer`. */
export async function startReceiver(): Promise<WebhookReceiver> {
  const state = { received: [] as Received[], answer: ((): number | 'hang' => 200) as Answer };
  const server: Server = createServer(
    withBody((req, res, body) => {
      const path = req.url ?? '';
      state.received.push({ headers: req.headers, body, path, at: Date.now() });
      const answer = state.answer(state.received.length, path);
      if (answer === 'hang') return;
      res.writeHead(answer, { 'Content-Type': 'text/plain' }).end('ok');
    }),
  );
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    origin: `http://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    set answer(fn: Answer) {
      state.answer = fn;
    },
    get answer() {
      return state.answer;
    },
    close: () => closeServer(server),
  };
}
