/**
 * The SOAP fakes' reader of the requests they receive (vies.ts, tedb.ts): elements by namespace
 * and local name, with the prefixes resolved. It is the tests' own, independent of
 * src/adapters/soap.ts, so that the adapters and their fakes cannot agree on a mistake.
 */
import { XMLParser } from 'fast-xml-parser';

/** An element: its namespace, local name, child elements and text. */
export interface SoapNode {
  ns: string;
  name: string;
  children: SoapNode[];
  text: string;
}

const requestParser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, processEntities: true });

function readTree(items: Record<string, unknown>[], scope: Record<string, string>): SoapNode[] {
  const out: SoapNode[] = [];
  for (const item of items) {
    const attrs = (item[':@'] ?? {}) as Record<string, string>;
    for (const key of Object.keys(item)) {
      if (key === ':@' || key === '#text' || key.startsWith('?')) continue;
      const inner = { ...scope };
      for (const [attr, value] of Object.entries(attrs)) {
        if (attr === 'xmlns') inner[''] = value;
        else if (attr.startsWith('xmlns:')) inner[attr.slice(6)] = value;
      }
      const [prefix, name] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['', key];
      const children = (item[key] ?? []) as Record<string, unknown>[];
      const text = children.filter((c) => '#text' in c).map((c) => String(c['#text'])).join('');
      out.push({ ns: inner[prefix] ?? '?unbound', name, children: readTree(children, inner), text });
    }
  }
  return out;
}

/** The child of `node` with that namespace and name. */
export function findChild(node: SoapNode | undefined, ns: string, name: string): SoapNode | undefined {
  return node?.children.find((c) => c.ns === ns && c.name === name);
}

/** The body element of a SOAP envelope (`soapNs` its namespace); null when `xml` is not one. */
export function readSoapBody(xml: string, soapNs: string): SoapNode | null {
  let roots: SoapNode[];
  try {
    roots = readTree(requestParser.parse(xml, true) as Record<string, unknown>[], { '': '' });
  } catch {
    return null;
  }
  const envelope = roots.find((r) => r.ns === soapNs && r.name === 'Envelope');
  return findChild(envelope, soapNs, 'Body') ?? null;
}
