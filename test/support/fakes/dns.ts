/**
 * A loopback authoritative DNS server for tests (UDP and TCP on 127.0.0.1, one port), built on
 * dns-packet. It serves whatever zones the test gives it and speaks the protocol the way real
 * servers do: NXDOMAIN for unknown names, NOERROR with an empty answer and an SOA for a name
 * without records of the type (NODATA), SERVFAIL and REFUSED on request, silence for a zone that
 * never answers, and a truncated UDP answer (TC bit) when the answer does not fit in 512 bytes,
 * so the client has to ask again over TCP.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket from 'dns-packet';

/** What the fake serves for one name. */
export interface FakeZone {
  /** MX records; `exchange: '.'` is a null MX (RFC 7505). */
  mx?: { priority: number; exchange: string }[];
  a?: string[];
  aaaa?: string[];
  /** TTL of every record of the name, seconds (default 3600). */
  ttl?: number;
  /** Answer every question about the name with this error code. */
  rcode?: 'SERVFAIL' | 'REFUSED' | 'NXDOMAIN';
  /** Never answer questions about the name (a dead authoritative server). */
  silent?: boolean;
}

/** A question the fake received. */
export interface ReceivedQuestion {
  name: string;
  type: string;
  transport: 'udp' | 'tcp';
}

export interface FakeDns {
  /** `127.0.0.1:<port>`, for `nodeDnsResolver({ servers: [fake.server] })`. */
  server: string;
  port: number;
  /** Zones by lower-case name; change freely between questions. Unknown names are NXDOMAIN. */
  zones: Map<string, FakeZone>;
  /** Every question received, in order. */
  readonly questions: readonly ReceivedQuestion[];
  /** Questions received about `name` (of `type`, when given). */
  count(name: string, type?: string): number;
  close(): Promise<void>;
}

const RCODES = { NOERROR: 0, NXDOMAIN: 3, SERVFAIL: 2, REFUSED: 5 } as const;
/** Largest UDP answer without EDNS (RFC 1035 4.2.1); c-ares as Node configures it sends no OPT record. */
const UDP_LIMIT = 512;

function soaFor(name: string): dnsPacket.Answer {
  const apex = name.split('.').slice(-2).join('.');
  return {
    type: 'SOA',
    name: apex,
    ttl: 300,
    data: {
      mname: `ns1.${apex}`,
      rname: `hostmaster.${apex}`,
      serial: 2026112201,
      refresh: 3600,
      retry: 600,
      expire: 86400,
      minimum: 300,
    },
  };
}

function recordsOf(zone: FakeZone, name: string, type: string): dnsPacket.Answer[] {
  const ttl = zone.ttl ?? 3600;
  if (type === 'MX') {
    return (zone.mx ?? []).map((mx) => ({ type: 'MX', name, ttl, data: { preference: mx.priority, exchange: mx.exchange } }));
  }
  if (type === 'A') return (zone.a ?? []).map((address) => ({ type: 'A', name, ttl, data: address }));
  if (type === 'AAAA') return (zone.aaaa ?? []).map((address) => ({ type: 'AAAA', name, ttl, data: address }));
  return [];
}

/**
 * The answer to one query, or null to stay silent. `zones` decides; the flags mirror an
 * authoritative server (AA set, RD copied, RA clear).
 */
function respond(zones: ReadonlyMap<string, FakeZone>, query: dnsPacket.Packet, record: (q: ReceivedQuestion) => void, transport: 'udp' | 'tcp'): dnsPacket.Packet | null {
  const question = query.questions?.[0];
  if (question === undefined) return null;
  const name = question.name.toLowerCase();
  record({ name, type: question.type, transport });
  const zone = zones.get(name);
  if (zone?.silent === true) return null;
  const recursionDesired = (query.flags ?? 0) & dnsPacket.RECURSION_DESIRED;
  const base = { type: 'response' as const, id: query.id ?? 0, questions: query.questions };
  if (zone === undefined || zone.rcode === 'NXDOMAIN') {
    return { ...base, flags: dnsPacket.AUTHORITATIVE_ANSWER | recursionDesired | RCODES.NXDOMAIN, authorities: [soaFor(name)] };
  }
  if (zone.rcode !== undefined) return { ...base, flags: recursionDesired | RCODES[zone.rcode] };
  const answers = recordsOf(zone, name, question.type);
  const flags = dnsPacket.AUTHORITATIVE_ANSWER | recursionDesired;
  return answers.length === 0 ? { ...base, flags, authorities: [soaFor(name)] } : { ...base, flags, answers };
}

/** Starts the fake on a free port of 127.0.0.1 (the same port for UDP and TCP). */
export async function startFakeDns(zones: Record<string, FakeZone> = {}): Promise<FakeDns> {
  const zoneMap = new Map(Object.entries(zones).map(([name, zone]) => [name.toLowerCase(), zone]));
  const questions: ReceivedQuestion[] = [];
  const record = (q: ReceivedQuestion): void => {
    questions.push(q);
  };

  for (let attempt = 0; ; attempt++) {
    const udp = dgram.createSocket('udp4');
    udp.on('message', (message, peer) => {
      let query: dnsPacket.Packet;
      try {
        query = dnsPacket.decode(message);
      } catch {
        return;
      }
      const answer = respond(zoneMap, query, record, 'udp');
      if (answer === null) return;
      let bytes = dnsPacket.encode(answer);
      if (bytes.length > UDP_LIMIT) {
        bytes = dnsPacket.encode({ ...answer, answers: [], authorities: [], flags: (answer.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE });
      }
      udp.send(bytes, peer.port, peer.address);
    });
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const port = udp.address().port;

    const sockets = new Set<net.Socket>();
    const tcp = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      let buffered = Buffer.alloc(0);
      socket.on('data', (chunk) => {
        buffered = Buffer.concat([buffered, chunk]);
        // Each message is preceded by its 2-byte length (RFC 1035 4.2.2).
        while (buffered.length >= 2) {
          const length = buffered.readUInt16BE(0);
          if (buffered.length < 2 + length) break;
          const message = buffered.subarray(2, 2 + length);
          buffered = buffered.subarray(2 + length);
          let query: dnsPacket.Packet;
          try {
            query = dnsPacket.decode(message);
          } catch {
            socket.destroy();
            return;
          }
          const answer = respond(zoneMap, query, record, 'tcp');
          if (answer !== null) socket.write(dnsPacket.streamEncode(answer));
        }
      });
    });
    const listening = await new Promise<boolean>((resolve) => {
      tcp.once('error', () => resolve(false));
      tcp.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!listening) {
      // The TCP port was taken: try another pair.
      udp.close();
      if (attempt >= 20) throw new Error('fake DNS: no free UDP+TCP port pair');
      continue;
    }

    return {
      server: `127.0.0.1:${port}`,
      port,
      zones: zoneMap,
      questions,
      count: (name, type) => questions.filter((q) => q.name === name.toLowerCase() && (type === undefined || q.type === type)).length,
      close: async () => {
        for (const socket of sockets) socket.destroy();
        await Promise.all([
          new Promise<void>((resolve) => udp.close(() => resolve())),
          new Promise<void>((resolve) => tcp.close(() => resolve())),
        ]);
      },
    };
  }
}
