/**
 * A loopback RDAP service (node:http on 127.0.0.1, port 0): an RFC 9224 bootstrap file that
 * sends each TLD to one of the fake's registries, and registries that answer RFC 9083 domain
 * objects (`application/rdap+json`, `events[]`), 404 with an RDAP error object for unknown
 * domains, and on request 429 with Retry-After, 500, malformed JSON, or no answer at all.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { listenOnLoopback } from './loopback.js';

/** What a registry answers for one registrable domain. */
export interface FakeRdapDomain {
  /** ISO date-time of the `registration` event; absent: the object has no such event. */
  registration?: string;
  /** Answer with this status (and an RDAP error object) instead of the domain. */
  status?: 404 | 429 | 500 | 503;
  /** `hang`: accept and never answer; `malformed`: 200 with broken JSON. */
  behaviour?: 'hang' | 'malformed';
}

export type FakeBootstrapBehaviour = 'answer' | 'hang' | 'error-500' | 'malformed';

export interface FakeRdap {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The bootstrap file of the fake, for `rdapDomainAge({ bootstrapUrl })`. */
  bootstrapUrl: string;
  /** Registry name -> the TLDs (or suffixes) the bootstrap file gives it. Change freely. */
  registries: Map<string, string[]>;
  /** Domains the registries know, by registrable domain (lower-case). */
  domains: Map<string, FakeRdapDomain>;
  bootstrapBehaviour: FakeBootstrapBehaviour;
  /** Paths requested, in order (bootstrap and domain queries). */
  readonly requests: readonly string[];
  /** Requests whose path starts with `prefix`. */
  count(prefix: string): number;
  close(): Promise<void>;
}

const RDAP_TYPE = 'application/rdap+json';

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': RDAP_TYPE, 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

function rdapError(response: ServerResponse, status: number): void {
  const titles: Record<number, string> = { 404: 'Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' };
  sendJson(
    response,
    status,
    { rdapConformance: ['rdap_level_0'], errorCode: status, title: titles[status] ?? 'Error', description: ['fake registry'] },
    status === 429 ? { 'retry-after': '60' } : {},
  );
}

/** Starts the fake with registries `verisign` (com, net), `nominet` (uk) and `pir` (org). */
export async function startFakeRdap(): Promise<FakeRdap> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const state = {
    registries: new Map<string, string[]>([
      ['verisign', ['com', 'net']],
      ['nominet', ['uk']],
      ['pir', ['org']],
    ]),
    domains: new Map<string, FakeRdapDomain>(),
    bootstrapBehaviour: 'answer' as FakeBootstrapBehaviour,
  };
  let base = '';

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    requests.push(path);
    if (path === '/bootstrap/dns.json') {
      if (state.bootstrapBehaviour === 'hang') return;
      if (state.bootstrapBehaviour === 'error-500') return rdapError(response, 500);
      if (state.bootstrapBehaviour === 'malformed') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"services": [[["com"], ["http://');
        return;
      }
      const services = [...state.registries].map(([name, tlds]) => [tlds, [`${base}/rdap/${name}/`]]);
      sendJson(response, 200, {
        version: '1.0',
        publication: '2026-11-20T00:00:00Z',
        description: 'RDAP bootstrap file for Domain Name System registrations (fake)',
        services,
      });
      return;
    }
    const match = /^\/rdap\/([a-z]+)\/domain\/([^/]+)$/.exec(path);
    if (match === null) return rdapError(response, 404);
    const registry = match[1] ?? '';
    const name = decodeURIComponent(match[2] ?? '').toLowerCase();
    const tlds = state.registries.get(registry) ?? [];
    // A registry only knows the domains under its own TLDs.
    const ownsName = tlds.some((tld) => name.endsWith(`.${tld}`));
    const domain = ownsName ? state.domains.get(name) : undefined;
    if (domain === undefined) return rdapError(response, 404);
    if (domain.behaviour === 'hang') return;
    if (domain.behaviour === 'malformed') {
      response.writeHead(200, { 'content-type': RDAP_TYPE });
      response.end('{"objectClassName":"domain","events":[{"eventAction":"registration",');
      return;
    }
    if (domain.status !== undefined) return rdapError(response, domain.status);
    const events: { eventAction: string; eventDate: string }[] = [];
    if (domain.registration !== undefined) events.push({ eventAction: 'registration', eventDate: domain.registration });
    events.push({ eventAction: 'expiration', eventDate: '2031-01-01T00:00:00Z' });
    events.push({ eventAction: 'last update of RDAP database', eventDate: '2026-11-22T07:00:00Z' });
    sendJson(response, 200, {
      rdapConformance: ['rdap_level_0'],
      objectClassName: 'domain',
      handle: `${name.replace(/\W/g, '_').toUpperCase()}-FAKE`,
      ldhName: name.toUpperCase(),
      status: ['active'],
      events,
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  base = `http://127.0.0.1:${await listenOnLoopback(server)}`;

  return {
    url: base,
    bootstrapUrl: `${base}/bootstrap/dns.json`,
    get registries() {
      return state.registries;
    },
    get domains() {
      return state.domains;
    },
    get bootstrapBehaviour() {
      return state.bootstrapBehaviour;
    },
    set bootstrapBehaviour(value: FakeBootstrapBehaviour) {
      state.bootstrapBehaviour = value;
    },
    requests,
    count: (prefix) => requests.filter((path) => path.startsWith(prefix)).length,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
