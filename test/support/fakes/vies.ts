/**
 * A loopback fake of VIES (node:http on 127.0.0.1, port 0) that speaks both of its protocols over
 * one registry, one set of scenario knobs and one count of calls: the REST API at `url`
 * (`POST …/check-vat-number`, written by vies-rest.ts; docs/protocols.md#vies-rest) and the SOAP
 * service at `soapUrl`. SOAP follows the real protocol (docs/protocols.md#vies-soap): `checkVat` and `checkVatApprox` read by namespace (its own
 * reader, independent of src/adapters/soap.ts so the two cannot agree on a mistake), the empty
 * SOAPAction, answers shaped like the captures in ../shared/fixtures/vies/soap/ (the `env:`/`ns2:`
 * form, the older `soap:`/default-namespace form, or prefixes swapped), `---` where a member state
 * withholds names, Spain's own name comparison, consultation numbers for a registered requester,
 * every fault code with HTTP 500 or 200 (a SOAP Fault or a JSON `CommonResponse`, as the request's
 * protocol wants), and misbehaviour: hang, close the connection, a truncated answer, a stalled body, an HTML error page, or any body the test writes. It counts every call.
 * The traders it knows are whatever the test registers: never data copied from the fixtures.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, hungOrReset, listenOnLoopback, refusedBeforeSoap, withBody } from './loopback.js';
import { readSoapBody } from './soap-request.js';
import { judgeQuestion, type FakeTrader, type Judgement, type ViesQuestion } from './vies-registry.js';
import { readRestRequest, REST_BASE_PATH, REST_CHECK_PATH, restErrorJson, restQuestion, restReply } from './vies-rest.js';

export { VIES_COUNTRIES, type FakeTrader } from './vies-registry.js';

export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const TYPES_NS = 'urn:ec.europa.eu:taxud:vies:services:checkVat:types';

/** Every fault code the fake can send (docs/protocols.md#vies-faults). */
export const FAULT_CODES = [
  'INVALID_INPUT',
  'INVALID_REQUESTER_INFO',
  'SERVICE_UNAVAILABLE',
  'MS_UNAVAILABLE',
  'TIMEOUT',
  'VAT_BLOCKED',
  'IP_BLOCKED',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME',
  'SERVER_BUSY',
] as const;

/**
 * `current`: `env:` envelope and `ns2:` payload, one line (the service since August 2022).
 * `legacy`: XML declaration, `soap:` envelope, default-namespace payload, indented (before 2022).
 * `swapped`: prefixes bound to each other's usual namespaces, to catch a reader matching prefixes.
 */
export type FakeStyle = 'current' | 'legacy' | 'swapped';

/** What the fake does with a request instead of answering it normally. */
export type FakeBehaviour =
  | { kind: 'fault'; code: string; status?: number }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Closes the connection without an answer. */
  | { kind: 'reset' }
  /** 200 and the first half of the answer, then a clean end. */
  | { kind: 'truncate' }
  /** 200, headers and half the answer, then nothing more. */
  | { kind: 'stall' }
  /** An HTML error page (a proxy or a maintenance page). */
  | { kind: 'html'; status: number }
  /** Answers normally after `ms`. */
  | { kind: 'delay'; ms: number }
  /** Any answer the test writes: a body that is not XML, XML in other namespaces, … */
  | { kind: 'body'; status: number; contentType: string; body: string };

/** A request as the fake read it. */
export interface ReceivedViesRequest {
  /** Which of the fake's endpoints it came to. */
  protocol: 'soap' | 'rest';
  /** The SOAP operation, `check-vat-number` for REST; null for a body the fake could not read. */
  operation: 'checkVat' | 'checkVatApprox' | 'check-vat-number' | null;
  soapAction: string | undefined;
  contentType: string | undefined;
  /**
   * SOAP: every child of the operation element, by local name (types namespace only). REST: every
   * string member of the JSON body, by its swagger name (`requesterMemberStateCode`, `requesterNumber`).
   */
  fields: Readonly<Record<string, string>>;
}

export interface ViesFake {
  /** Base URL of the REST API (`viesRestClient`'s `url`, the service's default `viesUrl`). */
  url: string;
  /** The SOAP endpoint (`viesSoapClient`'s `url`, the service's `viesUrl` with `viesProtocol: 'soap'`). */
  soapUrl: string;
  /** Requests received, every one counted (faults and misbehaviour included). */
  readonly calls: number;
  /** Requests received for one country code. */
  callsFor(countryCode: string): number;
  readonly requests: readonly ReceivedViesRequest[];
  /** The SOAP envelope form (REST answers have one form). */
  style: FakeStyle;
  /** `requestDate` sent in SOAP answers (xsd:date with offset); REST sends its day at 09:30 UTC. */
  requestDate: string;
  /** Member states that send `---` for name and address (default DE and ES). */
  withholding: Set<string>;
  /** Member states that compare trader names themselves (default ES). */
  comparing: Set<string>;
  /** Adds a number to the registry: `vat` with its prefix, e.g. "LU12345678". */
  register(vat: string, trader: FakeTrader): void;
  /**
   * Misbehave for the next `times` requests (default: until `reset`), optionally for one country
   * only; a fault, a truncated or stalled answer is written in the protocol of the request.
   */
  behave(behaviour: FakeBehaviour, options?: { times?: number; country?: string }): void;
  /** Back to answering normally, in the current style; the registry and the counts stay. */
  reset(): void;
  /** Requests of one country being answered right now (from the request read to the answer sent or the connection gone). */
  inFlightFor(countryCode: string): number;
  /** The most requests of one country the fake was answering at once, since it started. */
  maxInFlightFor(countryCode: string): number;
  /** Countries with the most requests each answered at once, since it started. */
  readonly maxInFlight: ReadonlyMap<string, number>;
  /** Milliseconds every normal answer waits before it is sent (0: none), so that calls overlap as real ones do. */
  latencyMs: number;
  /**
   * A fault schedule for one country: called with the 1-based number of each request for that
   * country (after `behave` rules, which go first); a fault code answers that request with the
   * fault (HTTP 500, in the request's protocol), null answers it normally. `null` as the schedule removes it.
   */
  scheduleFaults(countryCode: string, schedule: ((call: number, inFlight: number) => string | null) | null): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Writing answers

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface Frame {
  open: string;
  close: string;
  /** Element name prefix of the payload, with its colon ('' for the default namespace). */
  p: string;
  /** Declaration on the payload element. */
  declare: string;
  nl: string;
}

function frameOf(style: FakeStyle): Frame {
  switch (style) {
    case 'legacy':
      return {
        open: `<?xml version="1.0" encoding="UTF-8"?>\n<soap:Envelope xmlns:soap="${SOAP_NS}">\n<soap:Body>\n`,
        close: '\n</soap:Body>\n</soap:Envelope>\n',
        p: '',
        declare: `xmlns="${TYPES_NS}"`,
        nl: '\n  ',
      };
    case 'swapped':
      return oneLineFrame('ns2', 'env');
    default:
      return oneLineFrame('env', 'ns2');
  }
}

/** Today's one-line envelope: the SOAP elements under prefix `env`, the payload under `payload`. */
function oneLineFrame(env: string, payload: string): Frame {
  return {
    open: `<${env}:Envelope xmlns:${env}="${SOAP_NS}"><${env}:Header/><${env}:Body>`,
    close: `</${env}:Body></${env}:Envelope>`,
    p: `${payload}:`,
    declare: `xmlns:${payload}="${TYPES_NS}"`,
    nl: '',
  };
}

/** A response message: `fields` in order, values escaped. */
export function responseXml(operation: string, fields: readonly (readonly [string, string])[], style: FakeStyle = 'current'): string {
  const f = frameOf(style);
  const children = fields.map(([name, value]) => `${f.nl}<${f.p}${name}>${esc(value)}</${f.p}${name}>`).join('');
  return `${f.open}<${f.p}${operation} ${f.declare}>${children}${f.nl}</${f.p}${operation}>${f.close}`;
}

/** A fault as VIES sends it: `faultcode` env:Server, the code as the whole faultstring, no detail. */
export function faultXml(faultString: string, style: FakeStyle = 'current', faultCode = 'Server'): string {
  const env = style === 'legacy' ? 'soap' : style === 'swapped' ? 'ns2' : 'env';
  const header = style === 'legacy' ? '' : `<${env}:Header/>`;
  return (
    `<${env}:Envelope xmlns:${env}="${SOAP_NS}">${header}<${env}:Body><${env}:Fault>` +
    `<faultcode>${env}:${faultCode}</faultcode><faultstring>${esc(faultString)}</faultstring>` +
    `</${env}:Fault></${env}:Body></${env}:Envelope>`
  );
}

// ---------------------------------------------------------------------------------------------
// Reading requests (by namespace, independently of the code under test)

/** Reads a checkVat / checkVatApprox request envelope; null when it is not one. */
export function readViesRequest(body: string): { operation: 'checkVat' | 'checkVatApprox'; fields: Record<string, string> } | null {
  const message = readSoapBody(body, SOAP_NS)?.children.find((c) => c.ns === TYPES_NS && (c.name === 'checkVat' || c.name === 'checkVatApprox'));
  if (!message) return null;
  const fields: Record<string, string> = {};
  for (const child of message.children) if (child.ns === TYPES_NS) fields[child.name] = child.text.trim();
  return { operation: message.name as 'checkVat' | 'checkVatApprox', fields };
}

// ---------------------------------------------------------------------------------------------
// The server

/** Path of the SOAP endpoint under the fake's address. */
const SOAP_PATH = '/taxation_customs/vies/services/checkVatService';
const MATCH_DIGITS = { VALID: '1', INVALID: '2', NOT_PROCESSED: '3' } as const;
const ECHOED_TRADER_FIELDS = ['traderName', 'traderCompanyType', 'traderStreet', 'traderPostcode', 'traderCity'] as const;

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startViesFake(): Promise<ViesFake> {
  const traders = new Map<string, FakeTrader>();
  const requests: ReceivedViesRequest[] = [];
  let rules: { behaviour: FakeBehaviour; left: number; country?: string }[] = [];
  let identifiers = 0;
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  const callsByCountry = new Map<string, number>();
  const schedules = new Map<string, (call: number, inFlight: number) => string | null>();

  const send = (res: ServerResponse, status: number, xml: string): void => {
    res.writeHead(status, { 'Content-Type': 'text/xml; charset=UTF-8', Server: 'Europa' });
    res.end(xml);
  };
  const sendJson = (res: ServerResponse, status: number, json: string): void => {
    res.writeHead(status, { 'Content-Type': 'application/json', Server: 'Europa' });
    res.end(json);
  };

  const nextIdentifier = (): string => `WAPI${(++identifiers).toString(36).toUpperCase().padStart(12, 'A')}`;

  /** What the registry says to a question, in either protocol's words (see {@link judgeQuestion}). */
  const judge = (question: ViesQuestion): Judgement =>
    judgeQuestion(question, {
      trader: (vat) => traders.get(vat),
      withholding: fake.withholding,
      comparing: fake.comparing,
      nextIdentifier,
    });

  function answer(operation: 'checkVat' | 'checkVatApprox', fields: Record<string, string>): { status: number; xml: string } {
    const style = fake.style;
    const countryCode = fields.countryCode ?? '';
    const vatNumber = fields.vatNumber ?? '';
    const approx = operation === 'checkVatApprox';
    const judged = judge({
      countryCode,
      vatNumber,
      traderName: fields.traderName ?? '',
      requesterCountryCode: approx ? (fields.requesterCountryCode ?? '') : '',
      requesterVatNumber: approx ? (fields.requesterVatNumber ?? '') : '',
    });
    if ('fault' in judged) return { status: 500, xml: faultXml(judged.fault, style) };
    const { valid, name, address, nameMatch, requestIdentifier } = judged;
    const head: [string, string][] = [
      ['countryCode', countryCode],
      // Invalid answers echo an empty vatNumber, as the captures show.
      ['vatNumber', valid ? vatNumber : ''],
      ['requestDate', fake.requestDate],
      ['valid', String(valid)],
    ];
    if (operation === 'checkVat') {
      return { status: 200, xml: responseXml('checkVatResponse', [...head, ['name', name], ['address', address]], style) };
    }

    if (!valid) {
      const body: [string, string][] = [...head, ['traderName', ''], ['traderCompanyType', '---'], ['traderAddress', ''], ['requestIdentifier', requestIdentifier]];
      return { status: 200, xml: responseXml('checkVatApproxResponse', body, style) };
    }
    const body: [string, string][] = [...head];
    const digit = MATCH_DIGITS[nameMatch];
    if (fake.comparing.has(countryCode)) {
      // A comparing state echoes what it was sent and says what matched.
      for (const field of ECHOED_TRADER_FIELDS) if (fields[field] !== undefined) body.push([field, fields[field] as string]);
      body.push(['traderNameMatch', digit], ['traderCompanyTypeMatch', '3'], ['traderStreetMatch', '3'], ['traderPostcodeMatch', '3'], ['traderCityMatch', '3']);
    } else {
      body.push(
        ['traderName', name],
        ['traderCompanyType', '---'],
        ['traderAddress', address],
        ['traderNameMatch', digit],
        ['traderCompanyTypeMatch', '3'],
        ['traderStreetMatch', '3'],
        ['traderPostcodeMatch', '3'],
        ['traderCityMatch', '3'],
      );
    }
    body.push(['requestIdentifier', requestIdentifier]);
    return { status: 200, xml: responseXml('checkVatApproxResponse', body, style) };
  }

  /** A request read in the protocol of the endpoint it came to; null for a path the fake does not serve. */
  function readRequest(req: IncomingMessage, body: string): (ReceivedViesRequest & { question: ViesQuestion | null }) | null {
    const path = req.url?.split('?')[0];
    const soapAction = req.headers.soapaction as string | undefined;
    const contentType = req.headers['content-type'];
    if (path === REST_CHECK_PATH) {
      const fields = readRestRequest(body);
      return { protocol: 'rest', operation: fields ? 'check-vat-number' : null, soapAction, contentType, fields: fields ?? {}, question: fields ? restQuestion(fields) : null };
    }
    if (path !== SOAP_PATH) return null;
    const parsed = readViesRequest(body);
    return { protocol: 'soap', operation: parsed?.operation ?? null, soapAction, contentType, fields: parsed?.fields ?? {}, question: null };
  }

  const handle = async (req: IncomingMessage, res: ServerResponse, body: string): Promise<void> => {
    const received = readRequest(req, body);
    if (received === null) {
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<html><body>Not Found</body></html>');
      return;
    }
    const { question, ...request } = received;
    requests.push(request);
    const rest = request.protocol === 'rest';
    const sendFault = (status: number, code: string): void => {
      if (rest) sendJson(res, status, restErrorJson(code));
      else send(res, status, faultXml(code, fake.style));
    };
    const country = request.fields.countryCode;
    if (country !== undefined) {
      const now = (inFlight.get(country) ?? 0) + 1;
      inFlight.set(country, now);
      if (now > (maxInFlight.get(country) ?? 0)) maxInFlight.set(country, now);
      res.once('close', () => inFlight.set(country, (inFlight.get(country) ?? 1) - 1));
      callsByCountry.set(country, (callsByCountry.get(country) ?? 0) + 1);
    }

    const rule = rules.find((r) => r.left > 0 && (r.country === undefined || r.country === country));
    if (rule) rule.left -= 1;
    const behaviour = rule?.behaviour;
    if (hungOrReset(behaviour?.kind, req)) return;
    switch (behaviour?.kind) {
      case 'fault':
        sendFault(behaviour.status ?? 500, behaviour.code);
        return;
      case 'html':
        res.writeHead(behaviour.status, { 'Content-Type': 'text/html' });
        res.end('<!DOCTYPE html><html><body><h1>Service Unavailable</h1><p>The service is under maintenance.</p></body></html>');
        return;
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, behaviour.ms));
        break;
      case 'body':
        res.writeHead(behaviour.status, { 'Content-Type': behaviour.contentType });
        res.end(behaviour.body);
        return;
      default:
        break;
    }
    const schedule = country === undefined || behaviour !== undefined ? undefined : schedules.get(country);
    const scheduled = schedule?.(callsByCountry.get(country as string) ?? 0, inFlight.get(country as string) ?? 0) ?? null;
    if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
    if (scheduled !== null) {
      sendFault(500, scheduled);
      return;
    }

    const answered = rest ? restAnswer(req, res, request, question) : soapAnswer(req, res, request);
    if (answered === null) return;
    if (behaviour?.kind === 'truncate' || behaviour?.kind === 'stall') {
      res.writeHead(200, { 'Content-Type': rest ? 'application/json' : 'text/xml; charset=UTF-8' });
      const half = answered.text.slice(0, Math.floor(answered.text.length / 2));
      if (behaviour.kind === 'truncate') res.end(half);
      else res.write(half);
      return;
    }
    if (rest) sendJson(res, answered.status, answered.text);
    else send(res, answered.status, answered.text);
  };

  /** The SOAP answer to send; null when the endpoint refused the request itself (already answered). */
  function soapAnswer(req: IncomingMessage, res: ServerResponse, request: ReceivedViesRequest): { status: number; text: string } | null {
    if (refusedBeforeSoap(req, res)) return null;
    // Since late 2021 VIES refuses any SOAPAction other than an empty one.
    const action = request.soapAction?.replace(/^"|"$/g, '') ?? '';
    if (action !== '') return { status: 500, text: faultXml(`The given SOAPAction ${action} does not match an operation.`, fake.style, 'Client') };
    if (request.operation === null || request.operation === 'check-vat-number') return { status: 500, text: faultXml('INVALID_INPUT', fake.style) };
    const { status, xml } = answer(request.operation, request.fields);
    return { status, text: xml };
  }

  /** The REST answer to send; null when the endpoint refused the request itself (already answered). */
  function restAnswer(req: IncomingMessage, res: ServerResponse, request: ReceivedViesRequest, question: ViesQuestion | null): { status: number; text: string } | null {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return null;
    }
    if (!request.contentType?.toLowerCase().startsWith('application/json')) {
      res.writeHead(415).end();
      return null;
    }
    if (question === null) return { status: 400, text: restErrorJson('INVALID_INPUT') };
    const judged = judge(question);
    const { status, json } = restReply(judged, request.fields, fake.requestDate.slice(0, 10), fake.comparing.has(question.countryCode));
    return { status, text: json };
  }

  const server = createServer(withBody(handle));
  const port = await listenOnLoopback(server);

  const fake: ViesFake = {
    url: `http://127.0.0.1:${port}${REST_BASE_PATH}`,
    soapUrl: `http://127.0.0.1:${port}${SOAP_PATH}`,
    get calls() {
      return requests.length;
    },
    callsFor(countryCode) {
      return requests.filter((r) => r.fields.countryCode === countryCode).length;
    },
    requests,
    style: 'current',
    requestDate: '2026-11-22+01:00',
    withholding: new Set(['DE', 'ES']),
    comparing: new Set(['ES']),
    register(vat, trader) {
      traders.set(vat, trader);
    },
    behave(behaviour, options = {}) {
      rules.push({ behaviour, left: options.times ?? Infinity, ...(options.country ? { country: options.country } : {}) });
    },
    reset() {
      rules = [];
    },
    inFlightFor: (countryCode) => inFlight.get(countryCode) ?? 0,
    maxInFlightFor: (countryCode) => maxInFlight.get(countryCode) ?? 0,
    maxInFlight,
    latencyMs: 0,
    scheduleFaults(countryCode, schedule) {
      if (schedule === null) schedules.delete(countryCode);
      else schedules.set(countryCode, schedule);
    },
    close: () => closeServer(server),
  };
  return fake;
}
