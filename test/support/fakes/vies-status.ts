/**
 * A loopback fake of the VIES status feed (`GET /taxation_customs/vies/rest-api/check-status`,
 * node:http on 127.0.0.1, port 0), shaped like the swagger's `StatusInformationResponse`
 * (docs/protocols.md#vies-status-feed): `{"vow":{"available":…},"countries":[{"countryCode":…,"availability":…}]}`.
 * It can also answer with the `CommonResponse` error body (on 500 or 200), an HTML page, a body that
 * is not JSON, hang or close the connection. The countries it reports are whatever the test sets.
 */
import { createServer } from 'node:http';
import { closeServer, hungOrReset, listenOnLoopback, scriptedBehaviour } from './loopback.js';

export type StatusFakeBehaviour = 'answer' | 'hang' | 'reset' | 'error-500' | 'error-200' | 'html-503' | 'not-json' | 'wrong-shape';

export interface StatusFake {
  url: string;
  readonly calls: number;
  /** Accept header of the last request. */
  readonly lastAccept: string | undefined;
  vowAvailable: boolean;
  countries: { countryCode: string; availability: string }[];
  /** Jackson's pretty print (`"key" : value`, as the real error logs show) instead of one line. */
  pretty: boolean;
  behave(behaviour: StatusFakeBehaviour, times?: number): void;
  close(): Promise<void>;
}

/** The 27 member states as VIES writes them, and XI. */
export const STATUS_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
];

function jackson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/": /g, '" : ');
}

export async function startStatusFake(): Promise<StatusFake> {
  let calls = 0;
  let lastAccept: string | undefined;
  const behaviour = scriptedBehaviour<StatusFakeBehaviour>('answer');

  const server = createServer((req, res) => {
    calls += 1;
    lastAccept = req.headers.accept;
    const current = behaviour.take();
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(fake.pretty ? jackson(body) : JSON.stringify(body));
    };
    if (!req.url?.endsWith('/check-status') || req.method !== 'GET') {
      res.writeHead(404).end();
      return;
    }
    if (hungOrReset(current, req)) return;
    switch (current) {
      case 'error-500':
        json(500, { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] });
        return;
      case 'error-200':
        json(200, { actionSucceed: false, errorWrappers: [{ error: 'GLOBAL_MAX_CONCURRENT_REQ', message: 'busy' }] });
        return;
      case 'html-503':
        res.writeHead(503, { 'Content-Type': 'text/html' });
        res.end('<html><body>Service Unavailable</body></html>');
        return;
      case 'not-json':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"vow":{"available":tr');
        return;
      case 'wrong-shape':
        json(200, { status: 'ok' });
        return;
      default:
        json(200, { vow: { available: fake.vowAvailable }, countries: fake.countries });
    }
  });
  const port = await listenOnLoopback(server);

  const fake: StatusFake = {
    url: `http://127.0.0.1:${port}/taxation_customs/vies/rest-api/check-status`,
    get calls() {
      return calls;
    },
    get lastAccept() {
      return lastAccept;
    },
    vowAvailable: true,
    countries: STATUS_COUNTRIES.map((countryCode) => ({ countryCode, availability: 'Available' })),
    pretty: false,
    behave: behaviour.set,
    close: () => closeServer(server),
  };
  return fake;
}
