/**
 * A loopback fake of TEDB's VatRetrievalService (node:http on 127.0.0.1, port 0). It speaks the
 * real protocol (docs/protocols.md#tedb-vat-rates): it checks the SOAPAction and Content-Type, reads the
 * request by namespace (its own reader, independent of src/adapters/soap.ts so the two cannot
 * agree on a mistake), answers 200 with an envelope shaped like the captures, 500 with a
 * TEDB-ERR-2 fault for unknown states, and can misbehave: hang, reset, truncate, stall, 5xx HTML.
 * The rates it serves are whatever the test gives it: never data copied from the fixtures.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, hungOrReset, listenOnLoopback, refusedBeforeSoap, scriptedBehaviour, withBody } from './loopback.js';
import { findChild, readSoapBody } from './soap-request.js';

export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const MESSAGE_NS = 'urn:ec.europa.eu:taxud:tedb:services:v1:IVatRetrievalService';
export const TYPES_NS = 'urn:ec.europa.eu:taxud:tedb:services:v1:IVatRetrievalService:types';
export const SOAP_ACTION = 'urn:ec.europa.eu:taxud:tedb:services:v1:VatRetrievalService/RetrieveVatRates';

/** Codes the fake knows (TEDB also answers for XI); anything else is "does not exist". */
export const KNOWN_STATES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
]);

/** One `vatRateResults` row the fake serves. */
export interface FakeRateRow {
  memberState: string;
  type: 'STANDARD' | 'REDUCED';
  rateType: string;
  /** Decimal literal; omitted for a value-less row. */
  value?: string;
  /** xsd:date with offset, e.g. "2025-07-01+02:00". */
  situationOn: string;
  category?: { identifier: string; description: string };
  comment?: string;
  cnCodes?: { value: string; description: string }[];
}

/**
 * How the envelope is written. `captured`: `env:` envelope and a types default namespace, one line
 * (the live service since 2022). `prefixed`: every element prefixed, other prefixes. `swapped`:
 * prefixes bound to each other's usual namespaces, to catch any reader matching on prefixes.
 * `pretty`: indented with tabs and new lines like HMRC's copy.
 */
export type EnvelopeStyle = 'captured' | 'prefixed' | 'swapped' | 'pretty';

/** What the fake does with the next request. */
export type FakeBehaviour =
  | 'answer'
  /** Accepts the connection and never answers. */
  | 'hang'
  /** Destroys the connection without an answer. */
  | 'reset'
  /** 200 and the first half of the envelope, then a clean end of the response. */
  | 'truncate'
  /** 200, headers and part of the body, then nothing more. */
  | 'stall'
  /** A SOAP Server fault sent with status 200. */
  | 'fault-200'
  /** 503 with an HTML maintenance page. */
  | 'html-503'
  /** Any answer the test writes: a body that is not XML, XML in other namespaces, … */
  | { kind: 'body'; status: number; contentType: string; body: string };

/** A request the fake received, as it read it. */
export interface ReceivedRequest {
  soapAction: string | undefined;
  contentType: string | undefined;
  memberStates: string[];
  situationOn: string | null;
}

export interface TedbFake {
  /** Endpoint to give the adapter. */
  url: string;
  /** Requests received, every one counted (even those answered with a fault). */
  readonly calls: number;
  readonly requests: readonly ReceivedRequest[];
  /** Rows served; change freely between calls. */
  rows: FakeRateRow[];
  style: EnvelopeStyle;
  /** Misbehave for the next `times` requests (default: until told otherwise). */
  behave(behaviour: FakeBehaviour, times?: number): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Writing answers

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

interface Prefixes {
  env: string;
  msg: string;
  /** Prefix of the types namespace with its colon, or '' when it is the default namespace. */
  t: string;
  declareOnMessage: string;
  envDeclaration: string;
}

function prefixesOf(style: EnvelopeStyle): Prefixes {
  switch (style) {
    case 'prefixed':
      return { env: 'S', msg: 'tedb', t: 'ty:', envDeclaration: `xmlns:S="${SOAP_NS}"`, declareOnMessage: `xmlns:tedb="${MESSAGE_NS}" xmlns:ty="${TYPES_NS}"` };
    case 'swapped':
      // `env` is bound to the types namespace and `ns0` to the SOAP envelope.
      return { env: 'ns0', msg: 'env', t: 'ns2:', envDeclaration: `xmlns:ns0="${SOAP_NS}"`, declareOnMessage: `xmlns:env="${MESSAGE_NS}" xmlns:ns2="${TYPES_NS}"` };
    default:
      return { env: 'env', msg: 'ns0', t: '', envDeclaration: `xmlns:env="${SOAP_NS}"`, declareOnMessage: `xmlns="${TYPES_NS}" xmlns:ns0="${MESSAGE_NS}"` };
  }
}

function rowXml(row: FakeRateRow, t: string): string {
  const el = (name: string, content: string): string => `<${t}${name}>${content}</${t}${name}>`;
  let xml = el('memberState', esc(row.memberState)) + el('type', row.type);
  xml += el('rate', el('type', row.rateType) + (row.value === undefined ? '' : el('value', esc(row.value))));
  xml += el('situationOn', esc(row.situationOn));
  if (row.cnCodes) {
    xml += el('cnCodes', row.cnCodes.map((code) => el('code', el('value', esc(code.value)) + el('description', esc(code.description)))).join(''));
  }
  if (row.category) xml += el('category', el('identifier', esc(row.category.identifier)) + el('description', esc(row.category.description)));
  if (row.comment !== undefined) xml += el('comment', esc(row.comment));
  return el('vatRateResults', xml);
}

/** A `retrieveVatRatesRespMsg` envelope holding `rows`, written in `style`. */
export function responseXml(rows: readonly FakeRateRow[], style: EnvelopeStyle = 'captured'): string {
  const p = prefixesOf(style);
  const results = rows.map((row) => rowXml(row, p.t));
  const nl = style === 'pretty' ? '\n\t\t\t' : '';
  return (
    `<${p.env}:Envelope ${p.envDeclaration}>${nl}<${p.env}:Header/>${nl}<${p.env}:Body>${nl}` +
    `<${p.msg}:retrieveVatRatesRespMsg ${p.declareOnMessage}>${nl}<${p.t}additionalInformation/>${nl}` +
    results.join(nl) +
    `${nl}</${p.msg}:retrieveVatRatesRespMsg>${nl}</${p.env}:Body>${nl}</${p.env}:Envelope>`
  );
}

/** TEDB's fault for a request it rejects (the TEDB-ERR-2 shape of the captures). */
export function faultXml(
  faultString: string,
  errors: readonly { code: string; description: string }[],
  faultCode = 'env:Client',
): string {
  const items = errors
    .map((e) => `<ns0:error><ns0:code>${esc(e.code)}</ns0:code><ns0:description>${esc(e.description)}</ns0:description></ns0:error>`)
    .join('');
  return (
    `<env:Envelope xmlns:env="${SOAP_NS}"><env:Header/><env:Body><env:Fault><faultcode>${faultCode}</faultcode>` +
    `<faultstring>${esc(faultString)}</faultstring><detail><ns2:retrieveVatRatesFaultMsg xmlns:ns0="${TYPES_NS}" ` +
    `xmlns:ns2="${MESSAGE_NS}">${items}</ns2:retrieveVatRatesFaultMsg></detail></env:Fault></env:Body></env:Envelope>`
  );
}

// ---------------------------------------------------------------------------------------------
// Reading requests (by namespace, independently of the code under test)

function readRequest(body: string): { memberStates: string[]; situationOn: string | null } | null {
  const message = findChild(readSoapBody(body, SOAP_NS) ?? undefined, MESSAGE_NS, 'retrieveVatRatesReqMsg');
  const states = findChild(message, TYPES_NS, 'memberStates');
  if (!message || !states) return null;
  const memberStates = states.children.filter((c) => c.ns === TYPES_NS && c.name === 'isoCode').map((c) => c.text.trim());
  const situationOn = findChild(message, TYPES_NS, 'situationOn')?.text.trim() ?? null;
  if (memberStates.length === 0) return null;
  return { memberStates, situationOn };
}

/** Rows of the versions in force on `date`: per state, the newest version dated on or before it. */
function rowsInForce(rows: readonly FakeRateRow[], states: readonly string[], date: string | null): FakeRateRow[] {
  const out: FakeRateRow[] = [];
  for (const state of states) {
    const own = rows.filter((row) => row.memberState === state);
    const dates = [...new Set(own.map((row) => row.situationOn.slice(0, 10)))].filter((d) => date === null || d <= date).sort();
    const inForce = dates.at(-1);
    out.push(...own.filter((row) => row.situationOn.slice(0, 10) === inForce));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The server

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startTedbFake(initialRows: FakeRateRow[] = []): Promise<TedbFake> {
  let calls = 0;
  const requests: ReceivedRequest[] = [];
  const behaviour = scriptedBehaviour<FakeBehaviour>('answer');

  const send = (res: ServerResponse, status: number, xml: string): void => {
    res.writeHead(status, { 'Content-Type': 'text/xml; charset=UTF-8', Server: 'Europa', SOAPAction: '""' });
    res.end(xml);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    calls += 1;
    const soapAction = req.headers.soapaction as string | undefined;
    const contentType = req.headers['content-type'];
    const parsed = readRequest(body);
    requests.push({ soapAction, contentType, memberStates: parsed?.memberStates ?? [], situationOn: parsed?.situationOn ?? null });

    const current = behaviour.take();
    if (hungOrReset(current, req)) return;
    if (typeof current === 'object') {
      res.writeHead(current.status, { 'Content-Type': current.contentType });
      res.end(current.body);
      return;
    }
    switch (current) {
      case 'fault-200':
        send(res, 200, faultXml('TEDB-ERR-1 - Internal error', [], 'env:Server'));
        return;
      case 'html-503':
        res.writeHead(503, { 'Content-Type': 'text/html' });
        res.end('<!DOCTYPE html><html><body><h1>Service Unavailable</h1><p>Maintenance</p></body></html>');
        return;
      default:
        break;
    }

    if (refusedBeforeSoap(req, res)) return;
    if (soapAction?.replace(/^"|"$/g, '') !== SOAP_ACTION) {
      send(res, 500, faultXml(`The given SOAPAction ${soapAction ?? ''} does not match an operation.`, [], 'env:Client'));
      return;
    }
    if (parsed === null) {
      send(res, 500, faultXml('TEDB-ERR-2 - Request is not valid', [{ code: '00001', description: 'The XSD validation failed' }]));
      return;
    }
    const unknown = parsed.memberStates.filter((code) => !KNOWN_STATES.has(code));
    if (unknown.length > 0) {
      const errors = unknown.map((code) => ({ code: '00002', description: `The Member State "${code}" does not exist.` }));
      send(res, 500, faultXml('TEDB-ERR-2 - Request is not valid', errors));
      return;
    }
    const xml = responseXml(rowsInForce(fake.rows, parsed.memberStates, parsed.situationOn), fake.style);
    if (current === 'truncate') {
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=UTF-8' });
      res.end(xml.slice(0, Math.floor(xml.length / 2)));
      return;
    }
    if (current === 'stall') {
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=UTF-8' });
      res.write(xml.slice(0, Math.floor(xml.length / 2)));
      return;
    }
    send(res, 200, xml);
  };

  const server = createServer(withBody(handle));
  const port = await listenOnLoopback(server);

  const fake: TedbFake = {
    url: `http://127.0.0.1:${port}/taxation_customs/tedb/ws/VatRetrievalService`,
    get calls() {
      return calls;
    },
    requests,
    rows: initialRows,
    style: 'captured',
    behave: behaviour.set,
    close: () => closeServer(server),
  };
  return fake;
}

// ---------------------------------------------------------------------------------------------
// Building realistic rows for a state (the test's own rates, never copied from captures)

/** A state's rates as a test means them; {@link tedbRowsFor} turns them into TEDB-like rows. */
export interface CountrySpec {
  memberState: string;
  /** xsd:date with offset, e.g. "2025-07-01+02:00". */
  situationOn: string;
  /** Decimal literals, as TEDB writes them ("19.0", "5.5"). */
  standard: string;
  reduced?: string[];
  superReduced?: string[];
  parking?: string[];
  /** Rows in category REGION, with their comment. */
  region?: { value: string; comment: string }[];
  /** STANDARD rows for a place, commented `VAT - <place> - `. */
  places?: { value: string; place: string }[];
  /** Repeat every row as a `VAT - Import - ` row, as TEDB does for DE (default true). */
  importCopies?: boolean;
}

const CATEGORIES = ['FOODSTUFFS', 'ACCOMMODATION', 'NEWSPAPERS', 'SUPPLY_WATER', 'CULTURAL_EVENTS'];

/**
 * TEDB-like rows for `spec`: each rate under several categories (so duplicates), exemption,
 * out-of-scope and zero rows, a value-less parking row, HTML and entities in comments, CN codes,
 * and the import copy of everything.
 */
export function tedbRowsFor(spec: CountrySpec): FakeRateRow[] {
  const base = { memberState: spec.memberState, situationOn: spec.situationOn };
  const category = (i: number) => {
    const identifier = CATEGORIES[i % CATEGORIES.length] ?? 'FOODSTUFFS';
    return { identifier, description: `${identifier.toLowerCase()} & co <b>` };
  };
  const rows: FakeRateRow[] = [{ ...base, type: 'STANDARD', rateType: 'DEFAULT', value: spec.standard }];
  const reducedOf = (values: string[] | undefined, rateType: string): void => {
    (values ?? []).forEach((value, i) => {
      for (let copy = 0; copy <= i % 3; copy++) {
        rows.push({
          ...base,
          type: 'REDUCED',
          rateType,
          value,
          category: category(i + copy),
          comment: copy === 0 ? `Annex ${i}: goods "A" & <b>B</b>\nsee the Act` : '<p>Article 98 &amp; Annex III</p>',
          ...(copy === 1 ? { cnCodes: [{ value: '0401', description: 'Milk & cream' }] } : {}),
        });
      }
    });
  };
  reducedOf(spec.reduced, 'REDUCED_RATE');
  reducedOf(spec.superReduced, 'SUPER_REDUCED_RATE');
  reducedOf(spec.parking, 'PARKING_RATE');
  rows.push(
    { ...base, type: 'REDUCED', rateType: 'EXEMPTED', value: '0.0', category: category(1), comment: 'Exempt supplies' },
    { ...base, type: 'REDUCED', rateType: 'OUT_OF_SCOPE', value: '0.0', category: category(2) },
    { ...base, type: 'REDUCED', rateType: 'NOT_APPLICABLE', value: '0.0', category: category(3) },
    { ...base, type: 'REDUCED', rateType: 'REDUCED_RATE', value: '0.0', category: category(4), comment: 'Zero rate for books' },
    { ...base, type: 'REDUCED', rateType: 'PARKING_RATE', category: category(0), comment: 'no value given' },
  );
  for (const region of spec.region ?? []) {
    rows.push({
      ...base,
      type: 'REDUCED',
      rateType: 'REDUCED_RATE',
      value: region.value,
      category: { identifier: 'REGION', description: 'Special reduced rate for specific regions' },
      comment: region.comment,
    });
  }
  for (const place of spec.places ?? []) {
    rows.push({ ...base, type: 'STANDARD', rateType: 'DEFAULT', value: place.value, comment: `VAT - ${place.place} - ` });
  }
  if (spec.importCopies !== false) {
    const copies = rows
      .filter((row) => !row.comment?.startsWith('VAT - '))
      .map((row) => ({ ...row, comment: `VAT - Import - ${row.comment ?? ''}` }));
    rows.push(...copies);
  }
  return rows;
}

/** What the mapping must make of `spec` (docs/fields/vat.md#vat-rates), computed from the spec alone. */
export function expectedRatesFor(spec: CountrySpec): {
  countryCode: string;
  standardRate: number;
  reducedRates: number[];
  regionalRates: { rate: number; note: string }[];
  situationOn: string;
} {
  const reduced = [...(spec.reduced ?? []), ...(spec.superReduced ?? []), ...(spec.parking ?? [])].map(Number);
  const regional = [
    ...(spec.region ?? []).map((r) => ({ rate: Number(r.value), note: r.comment })),
    ...(spec.places ?? []).map((p) => ({ rate: Number(p.value), note: p.place })),
  ];
  const unique = new Map(regional.map((r) => [`${r.rate}|${r.note}`, r]));
  return {
    countryCode: spec.memberState === 'GR' ? 'EL' : spec.memberState,
    standardRate: Number(spec.standard),
    reducedRates: [...new Set(reduced)].sort((a, b) => a - b),
    regionalRates: [...unique.values()].sort((a, b) => a.rate - b.rate || (a.note < b.note ? -1 : a.note > b.note ? 1 : 0)),
    situationOn: spec.situationOn.slice(0, 10),
  };
}
