/**
 * The MX provider map against ../shared/fixtures/email/mx-provider-map.tsv, read in place: each
 * row's example host must map to the row's provider and category, by the row's own rule (suffix
 * on a label boundary, or exact host), and gateways must win over mailbox providers. The null MX
 * row goes through the DNS adapter and the loopback DNS server, where a null MX is recognised.
 *
 * Our names are shorter than the fixture's descriptions ("Microsoft 365" for "Microsoft 365
 * (Exchange Online)"), so a row agrees when its provider text contains our name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDnsResolver } from '../../src/adapters/dns-node.js';
import { detectMxProvider, mxProviderOf, type MxProvider } from '../../src/email/mx-provider.js';
import { verifyEmail } from '../../src/email/verify.js';
import { startFakeDns, type FakeDns } from '../support/fakes/dns.js';
import { readFixtureRows, runConformance } from '../support/shared-fixtures.js';

interface ProviderRow {
  matchType: string;
  match: string;
  provider: string;
  category: string;
  exampleHost: string;
}

function providerRows(): ProviderRow[] {
  // Columns: match_type, match, provider, category, example_mx_host, source.
  return readFixtureRows('email/mx-provider-map.tsv')
    .slice(1)
    .map(([matchType = '', match = '', provider = '', category = '', exampleHost = '']) => ({
      matchType,
      match,
      provider,
      category,
      exampleHost,
    }));
}

/** Rows whose provider we name in a way the row's text does not contain: host -> reason. */
const NAME_DIFFERENCES: ReadonlyMap<string, string> = new Map([]);

function agrees(row: ProviderRow, ours: MxProvider | null): boolean {
  return ours !== null && ours.category === row.category && row.provider.toLowerCase().includes(ours.name.toLowerCase());
}

describe.runIf(runConformance)('conformance: mx-provider-map.tsv', () => {
  const rows = runConformance ? providerRows() : [];
  const providerRowsOnly = rows.filter((row) => row.category !== 'none');

  it('has the rows the fixture README announces', () => {
    expect(rows.length).toBe(65);
  });

  it('maps every example host to the row provider and category, except the listed differences', () => {
    const disagreements: string[] = [];
    for (const row of providerRowsOnly) {
      const ours = mxProviderOf(row.exampleHost);
      if (!agrees(row, ours) && !NAME_DIFFERENCES.has(row.exampleHost)) {
        disagreements.push(`${row.exampleHost}: ${row.provider} (${row.category}) vs ${ours?.name ?? 'none'} (${ours?.category ?? '-'})`);
      }
    }
    expect(disagreements).toEqual([]);
    const agreed = providerRowsOnly.filter((row) => agrees(row, mxProviderOf(row.exampleHost))).length;
    expect(agreed).toBe(providerRowsOnly.length - NAME_DIFFERENCES.size);
  });

  it('listed differences still differ (the list cannot go stale)', () => {
    for (const host of NAME_DIFFERENCES.keys()) {
      const row = providerRowsOnly.find((candidate) => candidate.exampleHost === host);
      expect(row, host).toBeDefined();
      if (row !== undefined) expect(agrees(row, mxProviderOf(host))).toBe(false);
    }
  });

  it('applies each row by its own rule: the suffix itself and any host under it; an exact host as written', () => {
    for (const row of providerRowsOnly) {
      if (NAME_DIFFERENCES.has(row.exampleHost)) continue;
      const expected = mxProviderOf(row.exampleHost);
      expect(mxProviderOf(row.match), row.match).toEqual(expected);
      expect(mxProviderOf(`${row.match.toUpperCase()}.`), row.match).toEqual(expected);
      if (row.matchType === 'suffix') {
        expect(mxProviderOf(`mx-42.eu.${row.match}`), row.match).toEqual(expected);
        // A label boundary is required: "x" + suffix is another domain.
        expect(mxProviderOf(`x${row.match}`)?.name, row.match).not.toBe(expected?.name);
      }
    }
  });

  it('reports every gateway before every mailbox provider, whatever their preference', () => {
    const gateways = providerRowsOnly.filter((row) => row.category === 'gateway');
    const mailboxes = providerRowsOnly.filter((row) => row.category === 'mailbox');
    expect(gateways.length).toBeGreaterThan(0);
    for (const gateway of gateways) {
      for (const mailbox of mailboxes) {
        const found = detectMxProvider([
          { exchange: mailbox.exampleHost, priority: 1 },
          { exchange: gateway.exampleHost, priority: 90 },
        ]);
        expect(found, `${gateway.exampleHost} + ${mailbox.exampleHost}`).toEqual(mxProviderOf(gateway.exampleHost));
      }
    }
  });

  describe('the null MX row, through the DNS adapter', () => {
    let fake: FakeDns;
    beforeAll(async () => {
      fake = await startFakeDns();
    });
    afterAll(async () => {
      await fake.close();
    });

    it('is recognised as a domain that accepts no mail, with no provider', async () => {
      const nullRows = rows.filter((row) => row.category === 'none');
      expect(nullRows.length).toBe(1);
      for (const row of nullRows) {
        fake.zones.set('no-mail-here.com', { mx: [{ priority: 0, exchange: row.exampleHost }] });
        const dns = nodeDnsResolver({ servers: [fake.server], timeoutMs: 1000, maxTtlSeconds: 0 });
        expect(await dns.mx('no-mail-here.com')).toMatchObject({ kind: 'null-mx' });
        const result = await verifyEmail('billing@no-mail-here.com', { dns, level: 'ADVANCED' });
        expect(result).toMatchObject({ valid: false, message: 'Domain has no valid MX or A records' });
        expect(result.emailDetails.signals).toMatchObject({ mx_valid: false, mx_provider: null, mx_quality_score: 0 });
      }
    });
  });
});
