/**
 * A loopback fake of the Swiss UID register's public services (`…/V5.0/PublicServices.svc`,
 * node:http on 127.0.0.1, port 0), speaking SOAP 1.1 as docs/fields/vat.md#registries-beyond-vies
 * describes: `GetByUID` (SOAPAction `http://www.uid.admin.ch/xmlns/uid-wse/IPublicServices/GetByUID`,
 * the UID in eCH-0097/5 elements), answered with an `organisationType` in the eCH namespaces
 * (organisation, address, uidregInformation, vatRegisterInformation), an empty result for an
 * unknown UID, and WCF-style faults (`Request_limit_exceeded`, `Data_validation_failed`,
 * `Permission_denied`) whose detail holds the error code. Scenario knobs: the public limit (N
 * requests, then `Request_limit_exceeded`), down (503 HTML), slow, hang, reset, truncated XML, a
 * body the test writes. Requests are read by its own reader (soap-request.ts), never by the adapter's.
 */
import { createServer, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback, misbehaved, refusedBeforeSoap, scriptedBehaviour, withBody, type LoopbackMisbehaviour } from './loopback.js';
import { findChild, readSoapBody } from './soap-request.js';

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const WSE_NS = 'http://www.uid.admin.ch/xmlns/uid-wse';
const ECH_0097 = 'http://www.ech.ch/xmlns/eCH-0097/5';
const ECH_0098 = 'http://www.ech.ch/xmlns/eCH-0098/5';
const ECH_0108 = 'http://www.ech.ch/xmlns/eCH-0108/5';
const SHARED_NS = 'http://www.uid.admin.ch/xmlns/uid-wse-shared/2';
const GET_BY_UID_ACTION = `${WSE_NS}/IPublicServices/GetByUID`;

/** An entity of the fake's register. */
export interface UidEntity {
  name: string;
  street?: string;
  houseNumber?: string;
  swissZipCode?: string;
  town?: string;
  /** eCH-0108 `vatStatus`: '2' active, '1' and '3' not; absent: no VAT register entry at all. */
  vatStatus?: '1' | '2' | '3';
  /** The 9 digits of the UID the entity is taxed under (a VAT group's); default its own. */
  uidVat?: string;
  /** eCH-0108 `uidregStatusEnterpriseDetail` ('3' active, '5' deleted …); default '3'. */
  uidregStatus?: string;
}

export type UidFakeBehaviour = { kind: 'fault'; code: string; status?: number } | { kind: 'down' } | { kind: 'truncate' } | LoopbackMisbehaviour;

/** A request as the fake read it. */
export interface UidRequest {
  soapAction: string | undefined;
  operation: string | null;
  category: string | null;
  uid: string | null;
}

export interface UidFake {
  url: string;
  readonly requests: readonly UidRequest[];
  /** Requests answered before `Request_limit_exceeded` (the public service: 20 a minute); Infinity: no limit. */
  limit: number;
  register(digits: string, entity: UidEntity): void;
  behave(behaviour: UidFakeBehaviour, times?: number): void;
  /** Back to answering normally, with the limit lifted; register and requests stay. */
  reset(): void;
  close(): Promise<void>;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A fault as the WCF service sends it: `s:Client`, the code as faultstring, the code again in the detail. */
export function uidFaultXml(code: string): string {
  return (
    `<s:Envelope xmlns:s="${SOAP_NS}"><s:Body><s:Fault><faultcode>s:Client</faultcode>` +
    `<faultstring xml:lang="en-US">${esc(code)}</faultstring><detail>` +
    `<businessFault xmlns="${SHARED_NS}"><operation>GetByUID</operation><error>${esc(code)}</error>` +
    `<errorDetail>${esc(code.replace(/_/g, ' '))}</errorDetail></businessFault></detail></s:Fault></s:Body></s:Envelope>`
  );
}

/** A `GetByUIDResponse` holding `entity` (or nothing) for the UID `digits`. */
export function getByUidResponseXml(digits: string, entity: UidEntity | undefined): string {
  const open = `<s:Envelope xmlns:s="${SOAP_NS}"><s:Body><GetByUIDResponse xmlns="${WSE_NS}"><GetByUIDResult>`;
  const close = '</GetByUIDResult></GetByUIDResponse></s:Body></s:Envelope>';
  if (entity === undefined) return open + close;
  const uid = (id: string): string =>
    `<e97:uidOrganisationIdCategorie>CHE</e97:uidOrganisationIdCategorie><e97:uidOrganisationId>${id}</e97:uidOrganisationId>`;
  const text = (prefix: string, name: string, value: string | undefined): string =>
    value === undefined ? '' : `<${prefix}:${name}>${esc(value)}</${prefix}:${name}>`;
  const address =
    `<e98:address><e98:addressCategory>LEGAL</e98:addressCategory>` +
    text('e98', 'street', entity.street) + text('e98', 'houseNumber', entity.houseNumber) +
    text('e98', 'town', entity.town) + text('e98', 'swissZipCode', entity.swissZipCode) +
    `<e98:countryIdISO2>CH</e98:countryIdISO2></e98:address>`;
  const vat =
    entity.vatStatus === undefined
      ? ''
      : `<e108:vatRegisterInformation><e108:vatStatus>${entity.vatStatus}</e108:vatStatus><e108:vatEntryStatus>1</e108:vatEntryStatus>` +
        `<e108:uidVat>${uid(entity.uidVat ?? digits)}</e108:uidVat></e108:vatRegisterInformation>`;
  return (
    open +
    `<organisationType xmlns:e97="${ECH_0097}" xmlns:e98="${ECH_0098}" xmlns:e108="${ECH_0108}">` +
    `<e108:organisation><e98:organisationIdentification><e97:uid>${uid(digits)}</e97:uid>` +
    `<e97:organisationName>${esc(entity.name)}</e97:organisationName><e97:legalForm>0106</e97:legalForm></e98:organisationIdentification>` +
    address +
    `</e108:organisation><e108:uidregInformation><e108:uidregStatusEnterpriseDetail>${entity.uidregStatus ?? '3'}</e108:uidregStatusEnterpriseDetail>` +
    `<e108:uidregPublicStatus>1</e108:uidregPublicStatus></e108:uidregInformation>` +
    vat +
    `</organisationType>` +
    close
  );
}

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startUidFake(): Promise<UidFake> {
  const entities = new Map<string, UidEntity>();
  const requests: UidRequest[] = [];
  const rules = scriptedBehaviour<UidFakeBehaviour | null>(null);
  let answered = 0;

  const send = (res: ServerResponse, status: number, xml: string): void => {
    res.writeHead(status, { 'Content-Type': 'text/xml; charset=utf-8' });
    res.end(xml);
  };

  const server = createServer(
    withBody(async (req, res, body) => {
      const operation = readSoapBody(body, SOAP_NS)?.children[0];
      const uid = findChild(operation, WSE_NS, 'uid');
      const category = findChild(uid, ECH_0097, 'uidOrganisationIdCategorie')?.text.trim() ?? null;
      const digits = findChild(uid, ECH_0097, 'uidOrganisationId')?.text.trim() ?? null;
      const soapAction = req.headers.soapaction as string | undefined;
      requests.push({ soapAction, operation: operation?.ns === WSE_NS ? operation.name : null, category, uid: digits });

      const behaviour = rules.take();
      if (await misbehaved(behaviour, req, res, 'text/xml; charset=utf-8')) return;
      switch (behaviour?.kind) {
        case 'fault':
          send(res, behaviour.status ?? 500, uidFaultXml(behaviour.code));
          return;
        case 'down':
          res.writeHead(503, { 'Content-Type': 'text/html' });
          res.end('<html><body><h1>Service Unavailable</h1></body></html>');
          return;
        default:
          break;
      }
      if (refusedBeforeSoap(req, res)) return;
      if (soapAction?.replace(/^"|"$/g, '') !== GET_BY_UID_ACTION || operation?.ns !== WSE_NS || operation.name !== 'GetByUID') {
        send(res, 500, uidFaultXml('Data_validation_failed'));
        return;
      }
      if (answered >= fake.limit) {
        send(res, 500, uidFaultXml('Request_limit_exceeded'));
        return;
      }
      answered += 1;
      if (category !== 'CHE' || digits === null || !/^\d{9}$/.test(digits)) {
        send(res, 500, uidFaultXml('Data_validation_failed'));
        return;
      }
      const xml = getByUidResponseXml(digits, entities.get(digits));
      if (behaviour?.kind === 'truncate') {
        send(res, 200, xml.slice(0, Math.floor(xml.length / 2)));
        return;
      }
      send(res, 200, xml);
    }),
  );
  const port = await listenOnLoopback(server);

  const fake: UidFake = {
    url: `http://127.0.0.1:${port}/V5.0/PublicServices.svc`,
    requests,
    limit: Infinity,
    register(digits, entity) {
      entities.set(digits, entity);
    },
    behave(behaviour, times) {
      rules.set(behaviour, times);
    },
    reset() {
      rules.set(null);
      answered = 0;
      fake.limit = Infinity;
    },
    close: () => closeServer(server),
  };
  return fake;
}
