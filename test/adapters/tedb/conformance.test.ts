/**
 * TEDB conformance against ../shared/fixtures/tedb, read in place: real captures of the live
 * service (netresearch, 2025-08-12), HMRC's trimmed all-states range answer (2021-2024), the real
 * fault and requests, and eu27-rates-reference.json (ibericode's 2025-08-12 dataset is the one
 * that covers the captures' date; vatnode's is dated 2026-08-22 and covers none).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { childElement, childElements, parseXml, SOAP_ENVELOPE_NS, type XmlElement } from '../../../src/adapters/soap.js';
import {
  readRetrieveVatRatesResponse,
  retrieveVatRatesEnvelope,
  TEDB_MESSAGE_NS,
  TEDB_SOAP_ACTION,
  TEDB_TYPES_NS,
  TedbError,
} from '../../../src/adapters/tedb/source.js';
import type { SourceCountryVatRates } from '../../../src/ports.js';
import { mapTedbRows, type TedbRateRow } from '../../../src/adapters/tedb/rates-mapping.js';
import { EU_MEMBER_STATES } from '../../../src/vat/reference/member-states.js';
import { createRatesService } from '../../../src/vat/reference/rates.js';
import { fixturePath, readFixture, runConformance } from '../../support/shared-fixtures.js';

const CAPTURES_2025 = [
  'tedb/retrieveVatRates-response-DE-2025-08-12.xml',
  'tedb/retrieveVatRates-response-10MS-2025-08-12.xml',
  'tedb/retrieveVatRates-response-LU-MT-2025-08-12.xml',
];
const HMRC_RANGE = 'tedb/retrieveVatRates-response-all-MS-2021-2024.hmrc-stub-trimmed.xml';
const REFERENCE = 'tedb/eu27-rates-reference.json';

/** Where the 2025-08-12 captures deliberately differ from ibericode's 2025-08-12 rates. */
const DIFFERENT_IN_2025: Record<string, string> = {
  MT: 'TEDB lists a 12 % PARKING_RATE for Malta (four rows); ibericode leaves the parking rate out (vatnode lists it)',
};

/**
 * Where the newest version of each state in HMRC's trimmed range answer deliberately differs from
 * ibericode's rates, for the states whose ibericode period covers that version's date.
 */
const DIFFERENT_IN_HMRC: Record<string, string> = {
  AT: 'trimmed capture has no category or comment: the Jungholz/Mittelberg 19 % REGION row reads as a mainland reduced rate',
  FR: 'trimmed capture has no category or comment: the Corsica and overseas REGION rows (0.9, 1.05, 8.5, 13) read as mainland',
  PT: 'trimmed capture has no category or comment: the Azores 16 % and Madeira 22 % rows read as mainland',
  EL: 'TEDB 2024-01-01 adds a 4 % super-reduced and 13 % parking rate (vatnode agrees), and its 17 % islands row cannot be told apart in a trimmed capture',
  CZ: 'TEDB\'s 2024-01-01 version still carries 15 % rows beside the single 12 % ibericode lists from that date',
  IE: 'TEDB dropped the 4.8 % super-reduced rate from its 2023-07-01 version on; ibericode still lists it (vatnode agrees with TEDB)',
  MT: 'TEDB lists a 12 % PARKING_RATE from 2024-01-01; ibericode leaves it out',
  ES: 'the trimmed 2024-01-01 version has no 4 % super-reduced row (earlier versions and the 2025 live capture have it)',
};

interface IbericodeEntry {
  effective_from: string;
  rates: Record<string, number>;
  exceptions?: { name: string; standard: number }[];
}
interface Reference {
  countries: Record<string, { ibericode_2025_08_12: IbericodeEntry }>;
}

/** How our mapping compares with ibericode: same standard rate, same reduced set, its territories among ours. */
function agreesWithIbericode(ours: SourceCountryVatRates, reference: IbericodeEntry): boolean {
  const { standard, ...others } = reference.rates;
  const referenceReduced = [...new Set(Object.values(others))].sort((a, b) => a - b);
  // A 0 % territory (Heligoland, Mount Athos, the Canaries' "0") is never listed (docs/fields/vat.md#vat-rates).
  const territorial = (reference.exceptions ?? []).map((e) => e.standard).filter((rate) => rate > 0);
  const ourRegional = new Set(ours.regionalRates.map((r) => r.rate));
  return (
    ours.standardRate === standard &&
    JSON.stringify(ours.reducedRates) === JSON.stringify(referenceReduced) &&
    territorial.every((rate) => ourRegional.has(rate))
  );
}

function expectWellFormed(rates: readonly SourceCountryVatRates[]): void {
  for (const r of rates) {
    expect(r.standardRate, r.countryCode).toBeGreaterThan(0);
    expect(r.reducedRates.every((rate) => rate > 0), r.countryCode).toBe(true);
    expect(r.regionalRates.every((regional) => regional.rate > 0), r.countryCode).toBe(true);
    expect(r.reducedRates, r.countryCode).toEqual([...new Set(r.reducedRates)].sort((a, b) => a - b));
    const regionalKeys = r.regionalRates.map((regional) => `${regional.rate}|${regional.note}`);
    expect(new Set(regionalKeys).size, r.countryCode).toBe(regionalKeys.length);
    expect(r.situationOn, r.countryCode).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
}

const reference = (): Reference => JSON.parse(readFixture(REFERENCE)) as Reference;
const rowsOf = (file: string): TedbRateRow[] => readRetrieveVatRatesResponse(readFixture(file));

/** The element names of a document as {namespace}local paths, prefixes ignored. */
function namesOf(element: XmlElement, path = ''): string[] {
  const here = `${path}/{${element.namespace}}${element.localName}`;
  return [here, ...element.children.flatMap((child) => namesOf(child, here))];
}

describe.runIf(runConformance)('TEDB conformance: every file of fixtures/tedb', () => {
  const files = (): string[] => readdirSync(fixturePath('tedb')).filter((name) => name.endsWith('.xml'));

  it('reads every response with rows, and every fault as a typed TEDB-ERR-2 error', () => {
    const responses = files().filter((name) => name.includes('-response-'));
    const faults = files().filter((name) => name.includes('-fault-'));
    expect(responses.length).toBeGreaterThanOrEqual(4);
    expect(faults.length).toBeGreaterThanOrEqual(1);
    for (const name of responses) {
      const rows = rowsOf(`tedb/${name}`);
      expect(rows.length, name).toBeGreaterThan(0);
      expect(mapTedbRows(rows).length, name).toBeGreaterThan(0);
    }
    const recorded = JSON.parse(readFixture('tedb/http-exchange-headers.real-netresearch.json')) as { response_fault: { status: number } };
    for (const name of faults) {
      let caught: unknown;
      try {
        readRetrieveVatRatesResponse(readFixture(`tedb/${name}`), recorded.response_fault.status);
      } catch (error) {
        caught = error;
      }
      expect(caught, name).toBeInstanceOf(TedbError);
      expect(caught).toMatchObject({ kind: 'fault', faultCode: 'TEDB-ERR-2', status: 500, retryable: false });
      expect((caught as TedbError).errors).toEqual([
        { code: '00002', description: 'The Member State "XX" does not exist.' },
        { code: '00002', description: 'The Member State "YY" does not exist.' },
      ]);
    }
  });

  it('sends the request the real clients send: same elements in the same namespaces, same SOAPAction and content type', () => {
    const ours = namesOf(parseXml(retrieveVatRatesEnvelope({ memberStates: ['DE', 'EL'], situationOn: '2026-01-01' })));
    const envelope = `/{${SOAP_ENVELOPE_NS}}Envelope/{${SOAP_ENVELOPE_NS}}Body`;
    const message = `${envelope}/{${TEDB_MESSAGE_NS}}retrieveVatRatesReqMsg`;
    for (const name of files().filter((file) => file.includes('-request-'))) {
      const real = new Set(namesOf(parseXml(readFixture(`tedb/${name}`))));
      for (const path of [message, `${message}/{${TEDB_TYPES_NS}}memberStates/{${TEDB_TYPES_NS}}isoCode`]) {
        expect(real.has(path), `${name} ${path}`).toBe(true);
        expect(ours).toContain(path);
      }
    }
    expect(ours).toContain(`${message}/{${TEDB_TYPES_NS}}situationOn`);
    const constructed = parseXml(readFixture('tedb/retrieveVatRates-request-situationOn.constructed.xml'));
    const states = childElement(childElement(childElement(constructed, SOAP_ENVELOPE_NS, 'Body') as XmlElement, TEDB_MESSAGE_NS, 'retrieveVatRatesReqMsg') as XmlElement, TEDB_TYPES_NS, 'memberStates');
    expect(childElements(states as XmlElement, TEDB_TYPES_NS, 'isoCode').map((e) => e.text)).toEqual([...EU_MEMBER_STATES]);

    const recorded = JSON.parse(readFixture('tedb/http-exchange-headers.real-netresearch.json')) as {
      request: { url: string; headers: Record<string, string> };
    };
    expect(TEDB_SOAP_ACTION).toBe(recorded.request.headers.SOAPAction);
    expect(recorded.request.headers['Content-Type']?.toLowerCase()).toBe('text/xml; charset=utf-8');
  });
});

describe.runIf(runConformance)('TEDB conformance: the live captures of 2025-08-12', () => {
  const mapped = (): SourceCountryVatRates[] => {
    const byCountry = new Map<string, SourceCountryVatRates>();
    for (const file of CAPTURES_2025) for (const rates of mapTedbRows(rowsOf(file), { asOf: '2025-08-12' })) byCountry.set(rates.countryCode, rates);
    return [...byCountry.values()];
  };

  it('maps the 12 captured states, each with its own situationOn', () => {
    const rates = mapped();
    expect(rates.map((r) => r.countryCode).sort()).toEqual(['AT', 'BE', 'DE', 'DK', 'ES', 'FR', 'IT', 'LU', 'MT', 'NL', 'PL', 'SE']);
    expectWellFormed(rates);
    // situationOn is when a version took effect, not the date asked (docs/protocols.md#answer): IT and LU
    // answered with their 2025-01-01 version, the rest with 2025-07-01.
    for (const r of rates) expect(r.situationOn, r.countryCode).toBe(['IT', 'LU'].includes(r.countryCode) ? '2025-01-01' : '2025-07-01');
  });

  it('agrees with ibericode 2025-08-12 on every state except the listed differences', () => {
    const ibericode = reference().countries;
    const wrong = mapped()
      .filter((r) => !(r.countryCode in DIFFERENT_IN_2025))
      .filter((r) => {
        const entry = ibericode[r.countryCode];
        return entry === undefined || !agreesWithIbericode(r, entry.ibericode_2025_08_12);
      })
      .map((r) => `${r.countryCode}: ${JSON.stringify(r)}`);
    expect(wrong).toEqual([]);
  });

  it('still differs on every listed state', () => {
    const ibericode = reference().countries;
    for (const code of Object.keys(DIFFERENT_IN_2025)) {
      const ours = mapped().find((r) => r.countryCode === code);
      const entry = ibericode[code];
      expect(ours && entry && agreesWithIbericode(ours, entry.ibericode_2025_08_12), code).toBe(false);
    }
  });

  it('finds the territorial rates docs/protocols.md#answer describes, with TEDB\'s own notes', () => {
    const byCode = new Map(mapped().map((r) => [r.countryCode, r]));
    expect(byCode.get('AT')?.regionalRates).toEqual([{ rate: 19, note: 'Jungholz, Mittelberg' }]);
    expect(byCode.get('ES')?.regionalRates).toEqual([{ rate: 7, note: 'Canary Islands' }]);
    expect(byCode.get('FR')?.regionalRates.map((r) => r.rate)).toEqual([0.9, 1.05, 8.5, 13]);
    expect(byCode.get('FR')?.regionalRates.every((r) => /Corsica|Martinique/.test(r.note))).toBe(true);
    for (const code of ['BE', 'DE', 'DK', 'IT', 'LU', 'MT', 'NL', 'PL', 'SE']) expect(byCode.get(code)?.regionalRates, code).toEqual([]);
  });

  it('lets neither the import rows nor the duplicates nor the 0 % rows leak into the rates', () => {
    const rows = rowsOf('tedb/retrieveVatRates-response-DE-2025-08-12.xml');
    const importRows = rows.filter((row) => row.comment?.startsWith('VAT - Import'));
    expect(importRows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => row.type === 'STANDARD' && row.value === '19.0')).toHaveLength(2);
    expect(rows.some((row) => row.value === '0.0')).toBe(true);
    const withoutImports = mapTedbRows(rows.filter((row) => !importRows.includes(row)));
    expect(mapTedbRows(rows)).toEqual(withoutImports);
    expect(mapTedbRows(rows)).toEqual([{ countryCode: 'DE', standardRate: 19, reducedRates: [7], regionalRates: [], situationOn: '2025-07-01' }]);
    // Dropping the import rows changes nothing; dropping their "VAT - Import" marker would.
    const unmarked = rows.map((row) => (importRows.includes(row) ? { ...row, comment: null, value: row.value === '7.0' ? '6.0' : row.value } : row));
    expect(mapTedbRows(unmarked)[0]?.reducedRates).toEqual([6, 7]);
  });
});

describe.runIf(runConformance)('TEDB conformance: HMRC\'s trimmed all-states range answer', () => {
  const mapped = (): SourceCountryVatRates[] => mapTedbRows(rowsOf(HMRC_RANGE));

  it('maps every member state (and XI, which the service then leaves out)', async () => {
    const rates = mapped();
    expect(rates.map((r) => r.countryCode)).toEqual([...EU_MEMBER_STATES, 'XI'].sort());
    expectWellFormed(rates);
    const service = createRatesService({ source: { fetchRates: async () => rates } });
    expect(await service.refresh()).toMatchObject({ ok: true, missing: [] });
    expect(service.all()?.rates.map((r) => r.countryCode)).toEqual([...EU_MEMBER_STATES].sort());
    expect(service.country('XI').kind).toBe('not-member');
  });

  it('follows the dated rate versions (docs/fields/vat.md#vat-rates): EE 20 -> 22 (2024), LU 17 -> 16 -> 17, IE 21 -> 23 (2021-03-01)', () => {
    const rows = rowsOf(HMRC_RANGE);
    const standardOn = (code: string, asOf: string) => mapTedbRows(rows, { asOf }).find((r) => r.countryCode === code)?.standardRate;
    expect([standardOn('EE', '2023-12-31'), standardOn('EE', '2024-01-01')]).toEqual([20, 22]);
    expect([standardOn('LU', '2022-12-31'), standardOn('LU', '2023-06-30'), standardOn('LU', '2024-01-01')]).toEqual([17, 16, 17]);
    expect([standardOn('IE', '2021-02-28'), standardOn('IE', '2021-03-01')]).toEqual([21, 23]);
  });

  it('agrees with ibericode wherever its period covers the version\'s date, except the listed differences', () => {
    const ibericode = reference().countries;
    const covered = mapped().filter((r) => {
      const entry = ibericode[r.countryCode]?.ibericode_2025_08_12;
      return entry !== undefined && entry.effective_from <= r.situationOn;
    });
    expect(covered.length).toBeGreaterThanOrEqual(20);
    const wrong = covered
      .filter((r) => !(r.countryCode in DIFFERENT_IN_HMRC))
      .filter((r) => !agreesWithIbericode(r, ibericode[r.countryCode]?.ibericode_2025_08_12 as IbericodeEntry))
      .map((r) => `${r.countryCode}: ${JSON.stringify(r)}`);
    expect(wrong).toEqual([]);
    for (const code of Object.keys(DIFFERENT_IN_HMRC)) {
      const ours = covered.find((r) => r.countryCode === code);
      expect(ours, `${code} is compared`).toBeDefined();
      expect(ours && agreesWithIbericode(ours, ibericode[code]?.ibericode_2025_08_12 as IbericodeEntry), code).toBe(false);
    }
  });
});
