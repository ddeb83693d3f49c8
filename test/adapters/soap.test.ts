import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  callSoap,
  childElement,
  childText,
  decodeXmlEntities,
  escapeXml,
  parseXml,
  readSoapResponse,
  SOAP_ENVELOPE_NS,
  SoapFault,
  soapEnvelope,
  SoapTransportError,
  XmlSyntaxError,
} from '../../src/adapters/soap.js';

const TYPES = 'urn:example:types';
const MSG = 'urn:example:message';

/** The same answer written three ways: the reader must see one document. */
const sameAnswer = [
  // Since 2022: env: envelope, message prefixed, types as default namespace.
  `<env:Envelope xmlns:env="${SOAP_ENVELOPE_NS}"><env:Header/><env:Body><ns0:answer xmlns="${TYPES}" xmlns:ns0="${MSG}"><value>42</value></ns0:answer></env:Body></env:Envelope>`,
  // Before 2022: soap: envelope, default-namespace payload.
  `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${SOAP_ENVELOPE_NS}"><soap:Body><answer xmlns="${MSG}"><value xmlns="${TYPES}">42</value></answer></soap:Body></soap:Envelope>`,
  // Prefixes bound to each other's usual namespaces.
  `<ns2:Envelope xmlns:ns2="${SOAP_ENVELOPE_NS}" xmlns:env="${MSG}" xmlns:soap="${TYPES}">\n  <ns2:Body>\n    <env:answer><soap:value>42</soap:value></env:answer>\n  </ns2:Body>\n</ns2:Envelope>`,
];

describe('parseXml', () => {
  it('resolves elements by namespace URI, whatever the prefixes', () => {
    for (const xml of sameAnswer) {
      const { payload } = readSoapResponse(xml, 200);
      expect([payload.namespace, payload.localName]).toEqual([MSG, 'answer']);
      expect(childText(payload, TYPES, 'value')).toBe('42');
    }
  });

  it('does not find an element whose name matches but whose namespace does not', () => {
    const root = parseXml(`<a xmlns:t="${TYPES}"><value>1</value><t:other>2</t:other></a>`);
    expect(childElement(root, TYPES, 'value')).toBeUndefined();
    expect(childText(root, '', 'value')).toBe('1');
  });

  it('lets an inner declaration rebind a prefix for its subtree only', () => {
    const root = parseXml(`<p:a xmlns:p="urn:one"><p:b xmlns:p="urn:two"><p:c/></p:b><p:d/></p:a>`);
    const inner = root.children[0];
    expect([inner?.namespace, inner?.children[0]?.namespace, root.children[1]?.namespace]).toEqual(['urn:two', 'urn:two', 'urn:one']);
  });

  it('decodes entities and character references exactly once', () => {
    const root = parseXml('<a>&amp;lt;p&amp;gt; &lt;p&gt; &#233;&#xE9; &quot;q&quot; &apos;s&apos; <![CDATA[&amp; raw]]></a>');
    expect(root.text).toBe(`&lt;p&gt; <p> éé "q" 's'&amp; raw`);
  });

  it('rejects what is not well-formed: truncated, unbound prefix, two roots, a DTD', () => {
    const whole = sameAnswer[0] ?? '';
    for (const cut of [10, 60, whole.length / 2, whole.length - 3]) {
      expect(() => parseXml(whole.slice(0, Math.floor(cut)))).toThrow(XmlSyntaxError);
    }
    expect(() => parseXml('<x:a/>')).toThrow(/Undeclared namespace prefix "x"/);
    expect(() => parseXml('<a/><b/>')).toThrow(XmlSyntaxError);
    expect(() => parseXml('<!DOCTYPE a [<!ENTITY e "boom">]><a>&e;</a>')).toThrow(/DTD/);
    expect(() => parseXml('')).toThrow(XmlSyntaxError);
  });

  it('never throws anything but XmlSyntaxError, on any text', () => {
    const xmlish = fc.constantFrom(...'<>/a:"= &;#x1!-[]?'.split(''), 'xmlns', 'xmlns:a', '<![CDATA[', ']]>', '&amp;', '&#x0;');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: xmlish, maxLength: 300 })), (text) => {
        try {
          parseXml(text);
        } catch (error) {
          expect(error).toBeInstanceOf(XmlSyntaxError);
        }
      }),
    );
  });
});

describe('escapeXml and decodeXmlEntities', () => {
  it('round-trip any text through an element, dropping only characters XML cannot carry', () => {
    const notXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        const carried = text.replace(notXml, '').replace(/\r\n?/g, '\n').trim();
        expect(parseXml(`<a>${escapeXml(text)}</a>`).text).toBe(carried);
        expect(parseXml(`<a b="${escapeXml(text)}"/>`).localName).toBe('a');
      }),
    );
  });

  it('keeps a reference to a character XML forbids, and unknown entities, as written', () => {
    expect(decodeXmlEntities('&#0; &#xD800; &nbsp; &amp;')).toBe('&#0; &#xD800; &nbsp; &');
  });
});

describe('readSoapResponse', () => {
  const fault = (code: string, status: number, extra = '') =>
    readSoapResponse(
      `<e:Envelope xmlns:e="${SOAP_ENVELOPE_NS}"><e:Body><e:Fault><faultcode>${code}</faultcode><faultstring>MS_UNAVAILABLE &amp; more</faultstring>${extra}</e:Fault></e:Body></e:Envelope>`,
      status,
    );

  it('surfaces a Fault whatever the HTTP status, with its code resolved by namespace', () => {
    for (const status of [500, 200]) {
      let caught: unknown;
      try {
        fault('e:Server', status, '<detail><x:why xmlns:x="urn:x">busy</x:why></detail>');
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(SoapFault);
      const soapFault = caught as SoapFault;
      expect(soapFault.faultCode).toEqual({ namespace: SOAP_ENVELOPE_NS, localName: 'Server' });
      expect(soapFault.faultString).toBe('MS_UNAVAILABLE & more');
      expect(soapFault.status).toBe(status);
      expect(soapFault.detail && childText(soapFault.detail, 'urn:x', 'why')).toBe('busy');
    }
  });

  it('reports a non-2xx answer without a Fault as an http failure, with its status', () => {
    const cases: [string, number][] = [
      ['<html><body>Service Unavailable</body></html>', 503],
      ['', 502],
      [sameAnswer[0] ?? '', 500],
    ];
    for (const [text, status] of cases) {
      expect(() => readSoapResponse(text, status)).toThrow(expect.objectContaining({ kind: 'http', status }));
    }
  });

  it('reports a 2xx answer that is not a SOAP envelope as malformed', () => {
    const soap12 = '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><a/></s:Body></s:Envelope>';
    for (const text of ['', '   ', '<html><p>maintenance</p></html>', soap12, (sameAnswer[0] ?? '').slice(0, 90), `<e:Envelope xmlns:e="${SOAP_ENVELOPE_NS}"><e:Body/></e:Envelope>`]) {
      expect(() => readSoapResponse(text, 200)).toThrow(expect.objectContaining({ kind: 'malformed', name: 'SoapTransportError' }));
    }
  });
});

describe('soapEnvelope', () => {
  it('declares the given prefixes so the body is read back in its namespaces', () => {
    const envelope = soapEnvelope('<m:ask><t:what>rates &amp; more</t:what></m:ask>', { m: MSG, t: TYPES });
    const { payload } = readSoapResponse(envelope, 200);
    expect([payload.namespace, payload.localName, childText(payload, TYPES, 'what')]).toEqual([MSG, 'ask', 'rates & more']);
  });
});

describe('callSoap', () => {
  const envelope = soapEnvelope('<m:ask/>', { m: MSG });

  /** A fetch that never answers, but honours its AbortSignal like the real one. */
  const silentFetch: typeof fetch = (_url, init) =>
    new Promise((_resolve, reject) => {
      if (init?.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('posts the envelope as text/xml with the SOAPAction given, verbatim', async () => {
    let seen: { url: string; init: RequestInit | undefined } | undefined;
    const recordingFetch: typeof fetch = async (url, init) => {
      seen = { url: String(url), init };
      return new Response(sameAnswer[0], { status: 200, headers: { 'Content-Type': 'text/xml' } });
    };
    const answer = await callSoap({ url: 'http://127.0.0.1:9/ws', soapAction: '""', envelope, fetch: recordingFetch, timeoutMs: 1000 });
    expect(answer.payload.localName).toBe('answer');
    expect(seen?.url).toBe('http://127.0.0.1:9/ws');
    expect(seen?.init?.method).toBe('POST');
    expect(seen?.init?.body).toBe(envelope);
    expect(seen?.init?.headers).toMatchObject({ 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""' });
  });

  it('gives up after timeoutMs with a timeout failure', async () => {
    const started = Date.now();
    await expect(callSoap({ url: 'http://x/', soapAction: '', envelope, fetch: silentFetch, timeoutMs: 50 })).rejects.toMatchObject({
      name: 'SoapTransportError',
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops when the caller aborts, and says so', async () => {
    const controller = new AbortController();
    const call = callSoap({ url: 'http://x/', soapAction: '', envelope, fetch: silentFetch, timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
    const already = AbortSignal.abort();
    await expect(callSoap({ url: 'http://x/', soapAction: '', envelope, fetch: silentFetch, timeoutMs: 10_000, signal: already })).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('reports a failed connection as a network failure', async () => {
    const failingFetch: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const error = await callSoap({ url: 'http://x/', soapAction: '', envelope, fetch: failingFetch, timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SoapTransportError);
    expect(error).toMatchObject({ kind: 'network', status: null });
  });
});
