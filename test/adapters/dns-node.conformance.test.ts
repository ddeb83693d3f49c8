/**
 * Conformance with ../shared/fixtures/email/dns-resolver-cases.tsv, read in place: each row's
 * zone is served by the loopback DNS server; nodeDnsResolver must report what Node reported in
 * the row (records, ENODATA, ENOTFOUND, ESERVFAIL, ETIMEOUT), and verifyEmail must reach the
 * row's expected mx_found and deliverability. The fixture's names end in `.test`, which the
 * syntax check refuses as special-use (RFC 6761), so each scenario is served under a `.com`
 * name of its own; the MX hosts keep their names (they are not looked up at STANDARD).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDnsResolver } from '../../src/adapters/dns-node.js';
import { verifyEmail } from '../../src/email/verify.js';
import type { DnsResolver } from '../../src/ports.js';
import { startFakeDns, type FakeDns, type FakeZone } from '../support/fakes/dns.js';
import { readFixtureRows, runConformance } from '../support/shared-fixtures.js';

interface CaseRow {
  scenario: string;
  zoneData: string;
  nodeResolveMx: string;
  nodeResolve4: string;
  expectedMxFound: string;
  expectedDeliverability: string;
}

function caseRows(): CaseRow[] {
  // Columns: scenario, zone_data, node_resolveMx, node_resolve4, expected_mx_found, expected_deliverability, expected_reason.
  return readFixtureRows('email/dns-resolver-cases.tsv')
    .slice(1)
    .map(([scenario = '', zoneData = '', nodeResolveMx = '', nodeResolve4 = '', expectedMxFound = '', expectedDeliverability = '']) => ({
      scenario,
      zoneData,
      nodeResolveMx,
      nodeResolve4,
      expectedMxFound,
      expectedDeliverability,
    }));
}

/** The zone a row describes: `MX 10 host; A 192.0.2.10`, or a parenthesised condition. Null: NXDOMAIN. */
function zoneOf(zoneData: string): FakeZone | null {
  if (zoneData === '(NXDOMAIN)') return null;
  if (zoneData === '(SERVFAIL)') return { rcode: 'SERVFAIL' };
  if (zoneData === '(no answer)') return { silent: true };
  if (zoneData.startsWith('(name exists')) return {};
  const zone: FakeZone = {};
  for (const record of zoneData.split(';')) {
    const [type, ...data] = record.trim().split(/\s+/);
    if (type === 'MX') (zone.mx ??= []).push({ priority: Number(data[0]), exchange: data[1] ?? '' });
    else if (type === 'A') (zone.a ??= []).push(data[0] ?? '');
    else if (type === 'AAAA') (zone.aaaa ??= []).push(data[0] ?? '');
    else throw new Error(`unknown record in the fixture: ${record}`);
  }
  return zone;
}

/** What Node reported in the row, in the port's words: a kind, and the records when there were some. */
function nodeOutcome(column: string): { kind: string; records?: unknown } {
  if (column.startsWith('[')) return { kind: 'records', records: JSON.parse(column) as unknown };
  const code = /^ERR (E[A-Z]+)/.exec(column)?.[1];
  switch (code) {
    case 'ENODATA':
      return { kind: 'nodata' };
    case 'ENOTFOUND':
      return { kind: 'nxdomain' };
    case 'ESERVFAIL':
      return { kind: 'error:servfail' };
    case 'ETIMEOUT':
      return { kind: 'error:timeout' };
    default:
      throw new Error(`unknown Node outcome in the fixture: ${column}`);
  }
}

function kindOf(answer: { kind: string; reason?: string }): string {
  return answer.kind === 'error' ? `error:${answer.reason ?? ''}` : answer.kind;
}

const domainOf = (scenario: string): string => `${scenario.replace(/_/g, '-')}.dns-cases.com`;

describe.runIf(runConformance)('conformance: dns-resolver-cases.tsv', () => {
  const rows = runConformance ? caseRows() : [];
  let fake: FakeDns;
  let dns: DnsResolver;

  beforeAll(async () => {
    fake = await startFakeDns();
    for (const row of rows) {
      const zone = zoneOf(row.zoneData);
      if (zone !== null) fake.zones.set(domainOf(row.scenario), zone);
    }
    dns = nodeDnsResolver({ servers: [fake.server], timeoutMs: 400, maxTtlSeconds: 0 });
  });

  afterAll(async () => {
    await fake.close();
  });

  it('has the 7 scenarios of the fixture README', () => {
    expect(rows.map((row) => row.scenario)).toEqual(['normal_mx', 'null_mx', 'no_mx_a_only', 'no_records', 'nxdomain', 'servfail', 'timeout']);
  });

  it('nodeDnsResolver reports what Node reported for MX and A, null MX as null MX', async () => {
    for (const row of rows) {
      const domain = domainOf(row.scenario);
      const [mx, a] = await Promise.all([dns.mx(domain), dns.a(domain)]);
      const expectedMx = nodeOutcome(row.nodeResolveMx);
      const mxRecords = expectedMx.records as { exchange: string; priority: number }[] | undefined;
      if (mxRecords !== undefined && mxRecords.every((record) => record.exchange === '')) {
        expect(mx, row.scenario).toMatchObject({ kind: 'null-mx' });
      } else {
        expect(kindOf(mx), row.scenario).toBe(expectedMx.kind);
        if (mxRecords !== undefined) expect(mx, row.scenario).toMatchObject({ records: mxRecords });
      }
      const expectedA = nodeOutcome(row.nodeResolve4);
      expect(kindOf(a), row.scenario).toBe(expectedA.kind);
      if (expectedA.records !== undefined) expect(a, row.scenario).toMatchObject({ records: expectedA.records });
    }
  });

  it('verifyEmail reaches every row expected mx_found and deliverability', async () => {
    let agreed = 0;
    for (const row of rows) {
      const result = await verifyEmail(`jane@${domainOf(row.scenario)}`, { dns });
      const mxFound = result.emailDetails.signals.mx_valid;
      expect(mxFound === null ? 'unknown' : String(mxFound), row.scenario).toBe(row.expectedMxFound);
      expect(result.emailDetails.deliverability, row.scenario).toBe(row.expectedDeliverability);
      // `valid` false only when the domain takes no mail; an unanswered question never.
      expect(result.valid, row.scenario).toBe(row.expectedMxFound !== 'false');
      agreed++;
    }
    expect(agreed).toBe(rows.length);
  });
});
