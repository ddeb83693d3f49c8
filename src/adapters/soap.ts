/**
 * A small SOAP 1.1 client shared by the Commission's services (TEDB, VIES): it posts an envelope
 * through an injected `fetch` under a time budget, and reads the answer by namespace URI and local
 * name. Prefixes are never trusted: the Commission's services changed them without notice
 * (`soap:` with a default namespace before August 2022, `env:`/`ns2:` since), which broke every
 * client that matched on them. A Fault is read from the body whatever the HTTP status, because
 * these services send faults with 500 and sometimes with 200.
 *
 * Pure fetch-based code: it runs in Node, browsers and other runtimes.
 */
import { XMLParser } from 'fast-xml-parser';
import { HttpCallError, timedFetch, type HttpFailureKind } from './http-call.js';

/** Namespace of the SOAP 1.1 envelope. */
export const SOAP_ENVELOPE_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

// ---------------------------------------------------------------------------------------------
// XML, read by namespace

/** An XML element with its namespace resolved. Text is decoded (entities, character references). */
export interface XmlElement {
  /** Namespace URI of the element; '' when it has none. */
  readonly namespace: string;
  /** Name without prefix. */
  readonly localName: string;
  /** Child elements in document order. */
  readonly children: readonly XmlElement[];
  /** The element's own text (text and CDATA children joined, each trimmed), decoded. */
  readonly text: string;
  /** Prefixes in scope at this element ('' is the default namespace); used to read QName values. */
  readonly namespaces: ReadonlyMap<string, string>;
}

/** The text is not well-formed XML, or uses a prefix it never declared. */
export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
}

// Entities are decoded by us, in one pass, so that `&amp;lt;` stays `&lt;` and CDATA stays raw.
const xmlParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  cdataPropName: '#cdata',
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;
const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five XML entities and numeric character references; anything else is kept as is. */
export function decodeXmlEntities(text: string): string {
  if (text.indexOf('&') === -1) return text;
  return text.replace(ENTITY, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const codePoint = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
    const allowed =
      codePoint === 0x9 || codePoint === 0xa || codePoint === 0xd ||
      (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
      (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
      (codePoint >= 0x10000 && codePoint <= 0x10ffff);
    return allowed ? String.fromCodePoint(codePoint) : whole;
  });
}

// Characters XML 1.0 cannot carry at all (controls, lone surrogates, U+FFFE/U+FFFF).
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_SPECIAL = /[&<>"']/g;
const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for an element or an attribute value, dropping characters XML cannot carry. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(XML_SPECIAL, (char) => XML_ESCAPES[char] ?? char);
}

/** One node of fast-xml-parser's `preserveOrder` output. */
type OrderedNode = Record<string, unknown>;

/**
 * Parses an XML document into namespace-resolved elements and returns its root element.
 * @throws {XmlSyntaxError} when the text is not well-formed (truncated, for instance), declares a
 * DTD (SOAP forbids one, and it is the door to entity expansion), or uses an undeclared prefix.
 */
export function parseXml(text: string): XmlElement {
  if (text.indexOf('<!DOCTYPE') !== -1) throw new XmlSyntaxError('XML with a DTD is not accepted');
  let nodes: OrderedNode[];
  try {
    nodes = xmlParser.parse(text, true) as OrderedNode[];
  } catch (error) {
    throw new XmlSyntaxError(`Not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const rootScope: ReadonlyMap<string, string> = new Map([['xml', XML_NS], ['', '']]);
  const roots = toElements(nodes, rootScope).elements;
  if (roots.length !== 1 || roots[0] === undefined) throw new XmlSyntaxError('XML must have exactly one root element');
  return roots[0];
}

function toElements(
  nodes: readonly OrderedNode[],
  scope: ReadonlyMap<string, string>,
): { elements: XmlElement[]; text: string } {
  const elements: XmlElement[] = [];
  let text = '';
  for (const node of nodes) {
    for (const key in node) {
      if (key === ':@') continue;
      const value = node[key];
      if (key === '#text') {
        text += decodeXmlEntities(String(value));
      } else if (key === '#cdata') {
        for (const piece of value as OrderedNode[]) text += String(piece['#text'] ?? '');
      } else if (key.charCodeAt(0) !== 0x3f /* '?' */ && key.charCodeAt(0) !== 0x21 /* '!' */) {
        elements.push(toElement(key, value as OrderedNode[], node[':@'] as Record<string, unknown> | undefined, scope));
      }
    }
  }
  return { elements, text };
}

function toElement(
  qualifiedName: string,
  content: readonly OrderedNode[],
  attributes: Record<string, unknown> | undefined,
  parentScope: ReadonlyMap<string, string>,
): XmlElement {
  // Most elements declare nothing and share their parent's scope; a declaration copies it.
  let declared: Map<string, string> | undefined;
  if (attributes !== undefined) {
    for (const name in attributes) {
      const isDefault = name === 'xmlns';
      if (!isDefault && !name.startsWith('xmlns:')) continue;
      declared ??= new Map(parentScope);
      declared.set(isDefault ? '' : name.slice(6), decodeXmlEntities(String(attributes[name])));
    }
  }
  const scope: ReadonlyMap<string, string> = declared ?? parentScope;
  const { prefix, localName } = splitQName(qualifiedName);
  const namespace = scope.get(prefix);
  if (namespace === undefined) throw new XmlSyntaxError(`Undeclared namespace prefix "${prefix}" on <${qualifiedName}>`);
  const { elements, text } = toElements(content, scope);
  return { namespace, localName, children: elements, text, namespaces: scope };
}

function splitQName(qualifiedName: string): { prefix: string; localName: string } {
  const colon = qualifiedName.indexOf(':');
  return colon === -1
    ? { prefix: '', localName: qualifiedName }
    : { prefix: qualifiedName.slice(0, colon), localName: qualifiedName.slice(colon + 1) };
}

/** The first child element with this namespace and local name. */
export function childElement(parent: XmlElement, namespace: string, localName: string): XmlElement | undefined {
  for (const child of parent.children) {
    if (child.localName === localName && child.namespace === namespace) return child;
  }
  return undefined;
}

/** Every child element with this namespace and local name, in document order. */
export function childElements(parent: XmlElement, namespace: string, localName: string): XmlElement[] {
  return parent.children.filter((child) => child.localName === localName && child.namespace === namespace);
}

/** Text of the first matching child element, or undefined when there is no such child. */
export function childText(parent: XmlElement, namespace: string, localName: string): string | undefined {
  return childElement(parent, namespace, localName)?.text;
}

/** A QName read from element text (`env:Client`), resolved against the prefixes in scope there. */
export interface ResolvedQName {
  namespace: string;
  localName: string;
}

/** Resolves a QName-valued text such as a SOAP `faultcode`; an unknown prefix resolves to ''. */
export function resolveQName(element: XmlElement, value: string): ResolvedQName {
  const { prefix, localName } = splitQName(value.trim());
  return { namespace: element.namespaces.get(prefix) ?? '', localName };
}

// ---------------------------------------------------------------------------------------------
// Envelopes

/**
 * A SOAP 1.1 envelope around `bodyXml`. `namespaces` (prefix -> URI) are declared on the envelope
 * so the body can use the prefixes; the envelope itself uses `soapenv`.
 */
export function soapEnvelope(bodyXml: string, namespaces: Readonly<Record<string, string>> = {}): string {
  let declarations = `xmlns:soapenv="${SOAP_ENVELOPE_NS}"`;
  for (const prefix of Object.keys(namespaces)) {
    declarations += ` xmlns:${prefix}="${escapeXml(namespaces[prefix] ?? '')}"`;
  }
  return `<soapenv:Envelope ${declarations}><soapenv:Header/><soapenv:Body>${bodyXml}</soapenv:Body></soapenv:Envelope>`;
}

/** Why a SOAP call brought back no answer: `http` is a non-2xx status without a SOAP Fault. */
export type SoapFailureKind = HttpFailureKind;

/** The service could not be reached, or its answer could not be read. */
export class SoapTransportError extends HttpCallError {
  override readonly name = 'SoapTransportError';
}

/** The service answered with a SOAP Fault. */
export class SoapFault extends Error {
  override readonly name = 'SoapFault';
  constructor(
    /** `faultcode` resolved by namespace, e.g. {SOAP_ENVELOPE_NS, 'Client'}. */
    readonly faultCode: ResolvedQName,
    /** `faultstring` as sent (decoded), e.g. "TEDB-ERR-2 - Request is not valid". */
    readonly faultString: string,
    /** The `detail` element, whose children the service defines; null when absent. */
    readonly detail: XmlElement | null,
    /** HTTP status the fault came with (500 usually, 200 at times). */
    readonly status: number,
  ) {
    super(`SOAP fault ${faultCode.localName}: ${faultString}`);
  }
}

/** A readable SOAP answer. */
export interface SoapAnswer {
  /** HTTP status (2xx). */
  status: number;
  /** The first element inside `Body`: the operation's response message. */
  payload: XmlElement;
}

/**
 * Reads a SOAP 1.1 response body.
 * @throws {SoapFault} when the body holds a Fault, whatever `status` is.
 * @throws {SoapTransportError} `http` for a non-2xx status without a Fault, `malformed` for an
 * unreadable 2xx body.
 */
export function readSoapResponse(text: string, status: number): SoapAnswer {
  const ok = status >= 200 && status < 300;
  const unreadable = (reason: string, cause?: unknown): SoapTransportError =>
    ok
      ? new SoapTransportError('malformed', `The service answered with ${reason}`, status, { cause })
      : new SoapTransportError('http', `The service answered HTTP ${status} with ${reason}`, status, { cause });

  if (text.trim() === '') throw unreadable('an empty body');
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    throw unreadable('a body that is not well-formed XML (truncated?)', error);
  }
  if (root.namespace !== SOAP_ENVELOPE_NS || root.localName !== 'Envelope') {
    throw unreadable(`<${root.localName}> instead of a SOAP 1.1 envelope`);
  }
  const body = childElement(root, SOAP_ENVELOPE_NS, 'Body');
  const payload = body?.children[0];
  if (payload === undefined) throw unreadable('an envelope without a Body message');
  if (payload.namespace === SOAP_ENVELOPE_NS && payload.localName === 'Fault') throw readFault(payload, status);
  if (!ok) throw unreadable('a SOAP message that is not a Fault');
  return { status, payload };
}

// SOAP 1.1 leaves faultcode/faultstring/detail unqualified; some servers qualify them anyway.
function faultPart(fault: XmlElement, localName: string): XmlElement | undefined {
  return childElement(fault, '', localName) ?? childElement(fault, SOAP_ENVELOPE_NS, localName);
}

function readFault(fault: XmlElement, status: number): SoapFault {
  const codeElement = faultPart(fault, 'faultcode');
  const faultCode = codeElement ? resolveQName(codeElement, codeElement.text) : { namespace: '', localName: '' };
  return new SoapFault(faultCode, faultPart(fault, 'faultstring')?.text ?? '', faultPart(fault, 'detail') ?? null, status);
}

/** One SOAP call. */
export interface SoapCall {
  /** Endpoint address. */
  url: string;
  /**
   * `SOAPAction` header value, sent verbatim: SOAP 1.1 quotes it (VIES wants `""`), while the TEDB
   * traffic on record sends the bare URI.
   */
  soapAction: string;
  /** The whole envelope (see {@link soapEnvelope}). */
  envelope: string;
  /** `fetch` to use; defaults to the global one. */
  fetch?: typeof fetch;
  /** Budget for the whole exchange, body included. */
  timeoutMs: number;
  /** Aborts the call. */
  signal?: AbortSignal;
}

/**
 * Posts a SOAP 1.1 envelope and reads the answer.
 * @throws {SoapFault} when the service answers with a Fault (any HTTP status).
 * @throws {SoapTransportError} when no readable answer arrives in time.
 */
export async function callSoap(call: SoapCall): Promise<SoapAnswer> {
  const init = {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', Accept: 'text/xml', SOAPAction: call.soapAction },
    body: call.envelope,
  };
  const { status, text } = await timedFetch(call.fetch ?? globalThis.fetch, call.url, init, call.timeoutMs, call.signal, SoapTransportError);
  return readSoapResponse(text, status);
}
