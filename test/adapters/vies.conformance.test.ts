/**
 * VIES conformance against ../shared/fixtures/vies, read in place: every SOAP message of soap/
 * (real captures published by third parties and messages constructed from the WSDL, in the
 * `env:`/`ns2:`, `soap:` and default-namespace forms), and every JSON message of rest/: the
 * `check-vat-number` requests, answers and error bodies, the status feed samples, and the web
 * front-end's own answers, which must never be taken for the API's.
 * Each answer is checked against a plain reading of the file by local name (regular expressions,
 * independent of the namespace-aware parser under test); where our reading deliberately differs,
 * the file is listed below with the reason, and the difference is asserted to still be there.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkVatApproxEnvelope, checkVatEnvelope, readViesResponse, type ViesAnswer } from '../../src/adapters/vies-soap.js';
import { checkVatNumberBody, readViesRestResponse, type ViesRestAnswer } from '../../src/adapters/vies-rest.js';
import { readViesStatus } from '../../src/adapters/vies-status.js';
import { VatRegistryError } from '../../src/ports.js';
import { readViesRequest } from '../support/fakes/vies.js';
import { readRestRequest } from '../support/fakes/vies-rest.js';
import { fixturePath, readFixture, runConformance } from '../support/shared-fixtures.js';

/** Files whose answer we deliberately read differently from the plain reading, and why. */
const DELIBERATE_DIFFERENCES: Record<string, string> = {
  'checkVatApprox-response-ES-matchcodes.real-CheckVatNumberSpain.xml':
    'Spain compared the names itself (traderNameMatch 1) and echoes the trader fields it was sent: "Rodrisa Automoviles" ' +
    'is the caller\'s own text, not a disclosed registered name, so it is not reported as `name`',
};

/** What each fault means (docs/protocols.md#vies-faults), as the adapter must report it. */
const FAULT_MEANING: Record<string, { scope: string; retryable: boolean }> = {
  INVALID_INPUT: { scope: 'input', retryable: false },
  INVALID_REQUESTER_INFO: { scope: 'requester', retryable: false },
  VAT_BLOCKED: { scope: 'number', retryable: false },
  IP_BLOCKED: { scope: 'outage', retryable: false },
};
const meaningOf = (code: string) => FAULT_MEANING[code] ?? { scope: 'outage', retryable: true };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the first element with this local name, whatever its prefix; undefined when absent or self-closed. */
function plainField(xml: string, localName: string): string | undefined {
  const match = new RegExp(`<(?:[\\w.-]+:)?${localName}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${localName}>`).exec(xml);
  return match?.[1]?.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '').trim();
}

const notDisclosed = (value: string | undefined): string | undefined => (value === undefined || value === '' || value === '---' ? undefined : value);
const MATCH_WORDS: Record<string, string> = { '1': 'VALID', '2': 'INVALID', '3': 'NOT_PROCESSED' };

/** The answer a plain reading of the file gives (no special cases). */
function plainAnswer(xml: string): Partial<ViesAnswer> {
  const approx = /checkVatApproxResponse/.test(xml);
  const requestDateText = plainField(xml, 'requestDate') ?? '';
  const answer: Partial<ViesAnswer> = {
    operation: approx ? 'checkVatApprox' : 'checkVat',
    countryCode: plainField(xml, 'countryCode') ?? '',
    vatNumber: plainField(xml, 'vatNumber') ?? '',
    valid: plainField(xml, 'valid') === 'true',
    requestDate: requestDateText.slice(0, 10),
    requestDateText,
  };
  const name = notDisclosed(plainField(xml, approx ? 'traderName' : 'name'));
  const address = notDisclosed(plainField(xml, approx ? 'traderAddress' : 'address'));
  if (name !== undefined) answer.name = name;
  if (address !== undefined) answer.address = address;
  const match = MATCH_WORDS[plainField(xml, 'traderNameMatch') ?? ''];
  if (match !== undefined) answer.traderNameMatch = match as ViesAnswer['traderNameMatch'];
  const identifier = notDisclosed(plainField(xml, 'requestIdentifier'));
  if (identifier !== undefined) answer.requestIdentifier = identifier;
  return answer;
}

/** The fields the plain reading covers. */
function projection(answer: ViesAnswer): Partial<ViesAnswer> {
  const keys = ['operation', 'countryCode', 'vatNumber', 'valid', 'requestDate', 'requestDateText', 'name', 'address', 'traderNameMatch', 'requestIdentifier'] as const;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (answer[key] !== undefined) out[key] = answer[key];
  return out as Partial<ViesAnswer>;
}

/** The answer a plain reading of a `check-vat-number` JSON file gives. */
function plainRestAnswer(json: string): Partial<ViesRestAnswer> {
  const body = JSON.parse(json) as Record<string, unknown>;
  const text = (member: string): string | undefined => (typeof body[member] === 'string' ? (body[member] as string) : undefined);
  const answer: Partial<ViesRestAnswer> = {
    countryCode: text('countryCode') ?? '',
    vatNumber: text('vatNumber') ?? '',
    valid: body.valid === true,
    requestDate: (text('requestDate') ?? '').slice(0, 10),
    requestDateText: text('requestDate') ?? '',
  };
  for (const member of ['name', 'address', 'requestIdentifier'] as const) {
    const value = notDisclosed(text(member)?.trim());
    if (value !== undefined) answer[member] = value;
  }
  for (const member of ['traderNameMatch', 'traderStreetMatch', 'traderPostalCodeMatch', 'traderCityMatch', 'traderCompanyTypeMatch'] as const) {
    const value = text(member);
    if (value !== undefined) answer[member] = value as ViesRestAnswer['traderNameMatch'];
  }
  return answer;
}

function restKindOf(file: string): 'response' | 'error' | 'request' | 'status' | 'front-end' | 'unknown' {
  if (file.startsWith('check-vat-number-response-')) return 'response';
  if (file.startsWith('check-vat-number-error-')) return 'error';
  if (file.startsWith('check-vat-number-request-')) return 'request';
  if (file.startsWith('check-status-response')) return 'status';
  if (file.startsWith('ms-vat-get-response-')) return 'front-end';
  return 'unknown';
}

function kindOf(file: string): 'response' | 'fault' | 'request' | 'unknown' {
  if (/^fault-/.test(file)) return 'fault';
  if (/-request[.-]/.test(file)) return 'request';
  if (/^(checkVat|checkVatApprox)-response-|^testservice-/.test(file)) return 'response';
  return 'unknown';
}

describe.runIf(runConformance)('VIES conformance (../shared/fixtures/vies)', () => {
  const files = runConformance ? readdirSync(fixturePath('vies/soap')).filter((f) => f.endsWith('.xml')).sort() : [];
  const restFiles = runConformance ? readdirSync(fixturePath('vies/rest')).filter((f) => f.endsWith('.json')).sort() : [];
  const agreed: string[] = [];

  it('has every SOAP file in a known category', () => {
    expect(files.length).toBeGreaterThanOrEqual(26);
    expect(files.filter((f) => kindOf(f) === 'unknown')).toEqual([]);
  });

  describe('responses', () => {
    for (const file of files.filter((f) => kindOf(f) === 'response')) {
      it(file, () => {
        const xml = readFixture(`vies/soap/${file}`);
        const ours = projection(readViesResponse(xml, 200));
        const plain = plainAnswer(xml);
        if (file in DELIBERATE_DIFFERENCES) {
          expect(ours).not.toEqual(plain);
        } else {
          expect(ours).toEqual(plain);
          agreed.push(file);
        }
      });
    }

    it('reads the Spanish match codes as VIES meant them', () => {
      const answer = readViesResponse(readFixture('vies/soap/checkVatApprox-response-ES-matchcodes.real-CheckVatNumberSpain.xml'));
      expect(answer).toMatchObject({ valid: true, traderNameMatch: 'VALID', traderCompanyTypeMatch: 'NOT_PROCESSED', traderStreetMatch: 'VALID', traderCityMatch: 'INVALID' });
      expect(answer.name).toBeUndefined();
      expect(answer.requestIdentifier).toBeUndefined();
    });
  });

  describe('faults, with HTTP 500 and 200', () => {
    for (const file of files.filter((f) => kindOf(f) === 'fault')) {
      it(file, () => {
        const xml = readFixture(`vies/soap/${file}`);
        const code = plainField(xml, 'faultstring') ?? '';
        for (const status of [500, 200]) {
          let error: unknown;
          try {
            readViesResponse(xml, status);
          } catch (caught) {
            error = caught;
          }
          expect(error).toBeInstanceOf(VatRegistryError);
          expect(error).toMatchObject({ kind: 'fault', faultCode: code, status, ...meaningOf(code) });
        }
        agreed.push(file);
      });
    }
  });

  describe('requests', () => {
    for (const file of files.filter((f) => kindOf(f) === 'request')) {
      it(`${file}: the fake reads it, our envelope says the same, and it is not taken for an answer`, () => {
        const xml = readFixture(`vies/soap/${file}`);
        const read = readViesRequest(xml);
        expect(read).not.toBeNull();
        const operation = /checkVatApprox/.test(xml) ? 'checkVatApprox' : 'checkVat';
        expect(read?.operation).toBe(operation);
        const filled = Object.fromEntries(Object.entries(read?.fields ?? {}).filter(([, value]) => value !== ''));
        for (const [name, value] of Object.entries(filled)) expect(value).toBe(plainField(xml, name));
        expect(filled.countryCode).toMatch(/^[A-Z]{2}$/);

        const ours = operation === 'checkVat'
          ? checkVatEnvelope(filled.countryCode as string, filled.vatNumber as string)
          : checkVatApproxEnvelope(filled as { countryCode: string; vatNumber: string });
        expect(readViesRequest(ours)).toEqual({ operation, fields: filled });
        expect(() => readViesResponse(xml, 200)).toThrow(VatRegistryError);
        agreed.push(file);
      });
    }
  });

  describe('check-vat-number (rest/)', () => {
    it('has every REST file in a known category', () => {
      expect(restFiles.length).toBeGreaterThanOrEqual(20);
      expect(restFiles.filter((f) => restKindOf(f) === 'unknown')).toEqual([]);
    });

    for (const file of restFiles.filter((f) => restKindOf(f) === 'response')) {
      it(file, () => {
        const json = readFixture(`vies/rest/${file}`);
        const { replySha256, ...ours } = readViesRestResponse(json, 200);
        expect(replySha256).toBeUndefined();
        expect(ours).toEqual(plainRestAnswer(json));
        agreed.push(file);
      });
    }

    for (const file of restFiles.filter((f) => restKindOf(f) === 'error')) {
      it(`${file}, with HTTP 400, 500 and 200`, () => {
        const json = readFixture(`vies/rest/${file}`);
        const code = (JSON.parse(json) as { errorWrappers: { error: string }[] }).errorWrappers[0]?.error ?? '';
        for (const status of [400, 500, 200]) {
          let error: unknown;
          try {
            readViesRestResponse(json, status);
          } catch (caught) {
            error = caught;
          }
          expect(error).toBeInstanceOf(VatRegistryError);
          expect(error).toMatchObject({ kind: 'fault', faultCode: code, status, ...meaningOf(code) });
        }
        agreed.push(file);
      });
    }

    for (const file of restFiles.filter((f) => restKindOf(f) === 'request')) {
      it(`${file}: the fake reads it, our body says the same, and it is not taken for an answer`, () => {
        const json = readFixture(`vies/rest/${file}`);
        const read = readRestRequest(json);
        expect(read).not.toBeNull();
        const filled = Object.fromEntries(Object.entries(read ?? {}).filter(([, value]) => value !== ''));
        expect(filled.countryCode).toMatch(/^[A-Z]{2}$/);
        expect(JSON.parse(checkVatNumberBody(filled as { countryCode: string; vatNumber: string }))).toEqual(filled);
        expect(() => readViesRestResponse(json, 200)).toThrow(VatRegistryError);
        agreed.push(file);
      });
    }

    for (const file of restFiles.filter((f) => restKindOf(f) === 'front-end')) {
      it(`${file}: the web front-end's answer (isValid, userError) is refused, never read as a verdict`, () => {
        expect(() => readViesRestResponse(readFixture(`vies/rest/${file}`), 200)).toThrow(/valid flag/);
        agreed.push(file);
      });
    }
  });

  describe('status feed (rest/)', () => {
    for (const file of ['check-status-response.constructed.json', 'check-status-response-all-available.constructed.json']) {
      it(file, () => {
        const text = readFixture(`vies/rest/${file}`);
        const plain = JSON.parse(text) as { vow: { available: boolean }; countries: { countryCode: string; availability: string }[] };
        expect(readViesStatus(text)).toEqual({ vowAvailable: plain.vow.available, countries: plain.countries });
        agreed.push(file);
      });
    }

    it('reads a CommonResponse error body as an error, never as a status', () => {
      const errors = readdirSync(fixturePath('vies/rest')).filter((f) => f.startsWith('check-vat-number-error-'));
      expect(errors.length).toBeGreaterThan(0);
      for (const file of errors) expect(() => readViesStatus(readFixture(`vies/rest/${file}`), 500)).toThrow(/error/);
    });
  });

  it('agrees with every file except the listed deliberate differences', () => {
    const total = files.length + restFiles.length;
    expect(agreed.length + Object.keys(DELIBERATE_DIFFERENCES).length).toBe(total);
  });
});
