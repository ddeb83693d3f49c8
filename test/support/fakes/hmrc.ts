/**
 * A loopback fake of HMRC's "Check a UK VAT number" API v2.0 (node:http on 127.0.0.1, port 0),
 * speaking the protocol of docs/fields/vat.md#registries-beyond-vies: `POST /oauth/token` (form
 * body, client credentials, scope `read:vat`) issuing bearer tokens that expire on the fake's own
 * clock, and `GET /organisations/vat/check-vat-number/lookup/{vrn}[/{requesterVrn}]`, which wants
 * `Accept: application/vnd.hmrc.2.0+json` and a live token, answers the registered traders (with a
 * consultation number for a registered requester), `404 NOT_FOUND`, `400 INVALID_REQUEST`, `403`
 * for an unknown requester and `401 INVALID_CREDENTIALS`. Scenario knobs: throttling (429
 * `MESSAGE_THROTTLED_OUT`, with or without Retry-After), down (503), slow, hang, reset, a body the
 * test writes; the token endpoint down or answering without a token. The traders are whatever the
 * test registers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback, misbehaved, scriptedBehaviour, withBody, type LoopbackMisbehaviour } from './loopback.js';

export const HMRC_ACCEPT = 'application/vnd.hmrc.2.0+json';

/** A trader the fake's register holds. */
export interface HmrcTrader {
  name: string;
  /** `line1` … and `postcode`, as HMRC sends them. */
  address: { line1: string; line2?: string; line3?: string; postcode?: string; countryCode?: string };
}

/** What the fake does with a lookup instead of answering it (token requests are never affected). */
export type HmrcBehaviour = { kind: 'throttle'; retryAfter?: number } | { kind: 'down' } | LoopbackMisbehaviour;

/** A lookup as the fake received it. */
export interface HmrcLookupRequest {
  vrn: string;
  requesterVrn: string | null;
  accept: string | undefined;
  authorization: string | undefined;
}

export interface HmrcFake {
  /** Base URL to give the adapter. */
  url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Token requests received (refused ones included). */
  readonly tokenRequests: number;
  /** The form fields of the last token request. */
  readonly lastTokenForm: Readonly<Record<string, string>>;
  /** Lookups received, every one counted (misbehaviour included). */
  readonly lookups: readonly HmrcLookupRequest[];
  /** The token endpoint answers 503 (`down`) or 200 without `access_token` (`malformed`); null: normally. */
  tokenFailure: 'down' | 'malformed' | null;
  /** Lifetime of the tokens it issues, in seconds (HMRC: 14 400, four hours). */
  tokenLifetimeSeconds: number;
  /** The fake's clock, against which tokens expire; tests move it. */
  now: Date;
  /** `processingDate` of its answers. */
  processingDate: string;
  register(vrn: string, trader: HmrcTrader): void;
  /** Misbehave for the next `times` lookups (default: until `reset`), instead of any earlier misbehaviour. */
  behave(behaviour: HmrcBehaviour, times?: number): void;
  /** Forgets every token issued: the next lookup with one gets 401. */
  revokeTokens(): void;
  /** Back to answering normally; register and counts stay. */
  reset(): void;
  close(): Promise<void>;
}

const LOOKUP = /^\/organisations\/vat\/check-vat-number\/lookup\/([^/]+)(?:\/([^/]+))?$/;
const VRN = /^(?:\d{9}|\d{12})$/;

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startHmrcFake(options: { clientId?: string; clientSecret?: string } = {}): Promise<HmrcFake> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const traders = new Map<string, HmrcTrader>();
  const tokens = new Map<string, number>();
  const lookups: HmrcLookupRequest[] = [];
  const rules = scriptedBehaviour<HmrcBehaviour | null>(null);
  let tokenRequests = 0;
  let issued = 0;
  let consultations = 0;
  let lastTokenForm: Record<string, string> = {};

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  function token(req: IncomingMessage, res: ServerResponse, body: string): void {
    tokenRequests += 1;
    const form = Object.fromEntries(new URLSearchParams(body));
    lastTokenForm = form;
    if (fake.tokenFailure === 'down') {
      json(res, 503, { code: 'SERVER_ERROR', message: 'Service unavailable' });
      return;
    }
    if (fake.tokenFailure === 'malformed') {
      json(res, 200, { token_type: 'bearer', scope: 'read:vat' });
      return;
    }
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      json(res, 400, { error: 'invalid_request', error_description: 'form body expected' });
      return;
    }
    if (form.grant_type !== 'client_credentials') {
      json(res, 400, { error: 'unsupported_grant_type' });
      return;
    }
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      json(res, 401, { error: 'invalid_client', error_description: 'invalid client id or secret' });
      return;
    }
    if (form.scope !== 'read:vat') {
      json(res, 400, { error: 'invalid_scope' });
      return;
    }
    issued += 1;
    const value = `token-${issued}`;
    tokens.set(value, fake.now.getTime() + fake.tokenLifetimeSeconds * 1000);
    json(res, 200, { access_token: value, token_type: 'bearer', expires_in: fake.tokenLifetimeSeconds, scope: 'read:vat' });
  }

  async function lookup(req: IncomingMessage, res: ServerResponse, vrn: string, requesterVrn: string | null): Promise<void> {
    lookups.push({ vrn, requesterVrn, accept: req.headers.accept, authorization: req.headers.authorization });
    const behaviour = rules.take();
    if (await misbehaved(behaviour, req, res, 'application/json')) return;
    switch (behaviour?.kind) {
      case 'throttle':
        json(res, 429, { code: 'MESSAGE_THROTTLED_OUT', message: 'The request for the API is throttled as you have exceeded your quota.' },
          behaviour.retryAfter === undefined ? {} : { 'Retry-After': String(behaviour.retryAfter) });
        return;
      case 'down':
        json(res, 503, { code: 'SERVER_ERROR', message: 'Service unavailable' });
        return;
      default:
        break;
    }

    if (req.headers.accept !== HMRC_ACCEPT) {
      json(res, 406, { code: 'ACCEPT_HEADER_INVALID', message: 'The accept header is missing or invalid' });
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= fake.now.getTime()) {
      json(res, 401, { code: 'INVALID_CREDENTIALS', message: 'Invalid Authentication information provided' });
      return;
    }
    const targetOk = VRN.test(vrn);
    const requesterOk = requesterVrn === null || VRN.test(requesterVrn);
    if (!targetOk || !requesterOk) {
      const which = !targetOk && !requesterOk ? 'targetVrn and requesterVrn' : !targetOk ? 'targetVrn' : 'requesterVrn';
      json(res, 400, { code: 'INVALID_REQUEST', message: `Invalid ${which} - Vrn parameters should be 9 or 12 digits` });
      return;
    }
    const trader = traders.get(vrn);
    if (requesterVrn !== null && trader !== undefined && !traders.has(requesterVrn)) {
      json(res, 403, { code: 'INVALID_REQUEST', message: 'requesterVrn does not match a registered company' });
      return;
    }
    if (trader === undefined) {
      json(res, 404, { code: 'NOT_FOUND', message: 'targetVrn does not match a registered company' });
      return;
    }
    const target = { name: trader.name, vatNumber: vrn, address: { countryCode: 'GB', ...trader.address } };
    if (requesterVrn === null) {
      json(res, 200, { target, processingDate: fake.processingDate });
      return;
    }
    consultations += 1;
    json(res, 200, { target, requester: requesterVrn, consultationNumber: `CN${String(consultations).padStart(7, '0')}`, processingDate: fake.processingDate });
  }

  const server = createServer(
    withBody(async (req, res, body) => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (path === '/oauth/token' && req.method === 'POST') return token(req, res, body);
      const match = LOOKUP.exec(path);
      if (match !== null && req.method === 'GET') return lookup(req, res, decodeURIComponent(match[1] ?? ''), match[2] === undefined ? null : decodeURIComponent(match[2]));
      json(res, 404, { code: 'MATCHING_RESOURCE_NOT_FOUND', message: 'A resource with the name in the request can not be found in the API' });
    }),
  );
  const port = await listenOnLoopback(server);

  const fake: HmrcFake = {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    get tokenRequests() {
      return tokenRequests;
    },
    get lastTokenForm() {
      return lastTokenForm;
    },
    lookups,
    tokenFailure: null,
    tokenLifetimeSeconds: 14_400,
    now: new Date('2026-11-22T10:00:00Z'),
    processingDate: '2026-11-22T10:00:01+00:00',
    register(vrn, trader) {
      traders.set(vrn, trader);
    },
    behave(behaviour, times) {
      rules.set(behaviour, times);
    },
    revokeTokens() {
      tokens.clear();
    },
    reset() {
      rules.set(null);
      fake.tokenFailure = null;
      fake.tokenLifetimeSeconds = 14_400;
    },
    close: () => closeServer(server),
  };
  return fake;
}
