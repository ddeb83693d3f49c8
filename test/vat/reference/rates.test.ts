import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tedbRatesSource } from '../../../src/adapters/tedb/source.js';
import type { RatesSource, SourceCountryVatRates } from '../../../src/ports.js';
import { EU_MEMBER_STATES } from '../../../src/vat/reference/member-states.js';
import { brusselsDate, createRatesService } from '../../../src/vat/reference/rates.js';
import { startTedbFake, tedbRowsFor, type TedbFake } from '../../support/fakes/tedb.js';

/** The test's own rates for a state: standard 20 + the index, one reduced rate. */
function entry(countryCode: string, index = 0): SourceCountryVatRates {
  return { countryCode, standardRate: 20 + index, reducedRates: [5 + index], regionalRates: [], situationOn: '2025-07-01' };
}
const all27 = EU_MEMBER_STATES.map((code, i) => entry(code, i % 5));

/** A source the test steers: each call takes the next scripted answer. */
function scriptedSource(...answers: (readonly SourceCountryVatRates[] | Error)[]) {
  const asked: string[] = [];
  const source: RatesSource = {
    async fetchRates(situationOn) {
      asked.push(situationOn);
      const answer = answers.shift();
      if (answer === undefined) throw new Error('script exhausted');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { source, asked };
}

/** A clock the test moves. */
function clock(start: string) {
  let current = new Date(start);
  return { now: () => new Date(current), set: (iso: string) => (current = new Date(iso)) };
}

describe('createRatesService', () => {
  it('has nothing to serve before its first success, and says so', () => {
    const service = createRatesService({ source: scriptedSource().source });
    expect(service.hasEverSucceeded).toBe(false);
    expect(service.fetchedAt).toBeNull();
    expect(service.all()).toBeNull();
    expect(service.country('FR')).toEqual({ kind: 'never-fetched', message: expect.stringContaining('not been retrieved yet') });
  });

  it('serves the 27 states in code order with fetchedAt once a refresh succeeds', async () => {
    const time = clock('2025-08-12T00:05:00Z');
    const service = createRatesService({ source: scriptedSource([...all27].reverse()).source, now: time.now });
    const outcome = await service.refresh();
    expect(outcome).toEqual({ ok: true, fetchedAt: '2025-08-12T00:05:00.000Z', updated: [...EU_MEMBER_STATES].sort(), missing: [] });
    expect(service.hasEverSucceeded).toBe(true);
    expect(service.fetchedAt).toBe('2025-08-12T00:05:00.000Z');
    const all = service.all();
    expect(all?.source).toBe('TEDB');
    expect(all?.rates.map((r) => r.countryCode)).toEqual([...EU_MEMBER_STATES].sort());
    expect(all?.rates[0]).toEqual({ ...entry('AT', 0), fetchedAt: '2025-08-12T00:05:00.000Z' });
  });

  it('keeps serving the previous rates and fetchedAt when the source fails', async () => {
    const time = clock('2025-08-12T00:05:00Z');
    const { source } = scriptedSource(all27, new Error('TEDB down'));
    const service = createRatesService({ source, now: time.now });
    await service.refresh();
    const before = service.all();
    time.set('2025-08-13T00:05:00Z');
    const outcome = await service.refresh();
    expect(outcome).toMatchObject({ ok: false, message: 'The rates source failed: TEDB down' });
    expect(outcome.ok === false && outcome.error).toBeInstanceOf(Error);
    expect(service.all()).toBe(before);
    expect(service.fetchedAt).toBe('2025-08-12T00:05:00.000Z');
    expect(service.hasEverSucceeded).toBe(true);
    expect(service.lastFailure).toEqual({ at: '2025-08-13T00:05:00.000Z', message: 'The rates source failed: TEDB down' });
    expect(service.country('DE')).toMatchObject({ kind: 'ok', rates: { countryCode: 'DE', fetchedAt: '2025-08-12T00:05:00.000Z' } });
  });

  it('reports a failure before any success as never fetched', async () => {
    const service = createRatesService({ source: scriptedSource(new Error('TEDB down')).source });
    expect(await service.refresh()).toMatchObject({ ok: false });
    expect(service.hasEverSucceeded).toBe(false);
    expect(service.all()).toBeNull();
    expect(service.country('IT').kind).toBe('never-fetched');
  });

  it('forgets the last failure once a refresh succeeds again', async () => {
    const service = createRatesService({ source: scriptedSource(new Error('down'), all27).source });
    await service.refresh();
    expect(service.lastFailure).not.toBeNull();
    await service.refresh();
    expect(service.lastFailure).toBeNull();
  });

  it('looks up GR as EL, in any case, and answers with EL', async () => {
    const service = createRatesService({ source: scriptedSource(all27).source });
    await service.refresh();
    for (const code of ['GR', 'gr', 'EL', ' el ']) {
      expect(service.country(code)).toMatchObject({ kind: 'ok', rates: { countryCode: 'EL' } });
    }
  });

  it('answers "Not an EU member state: <code>" for any other code', async () => {
    const service = createRatesService({ source: scriptedSource(all27).source });
    for (const code of ['UK', 'GB', 'NO', 'CH', 'US', 'XI', 'EU', '', 'FRA']) {
      expect(service.country(code)).toEqual({ kind: 'not-member', message: `Not an EU member state: ${code}` });
    }
    await service.refresh();
    expect(service.country('no')).toEqual({ kind: 'not-member', message: 'Not an EU member state: NO' });
  });

  it('throws a TypeError for a code that is not a string', () => {
    const service = createRatesService({ source: scriptedSource().source });
    expect(() => service.country(undefined as unknown as string)).toThrow(TypeError);
  });

  it('asks the source for the rates of the day in Brussels, not the UTC day', async () => {
    const time = clock('2025-12-31T23:30:00Z'); // 00:30 on 1 January in Brussels
    const { source, asked } = scriptedSource(all27);
    await createRatesService({ source, now: time.now }).refresh();
    expect(asked).toEqual(['2026-01-01']);
    expect(brusselsDate(new Date('2025-07-01T21:59:59Z'))).toBe('2025-07-01');
    expect(brusselsDate(new Date('2025-07-01T22:00:00Z'))).toBe('2025-07-02');
  });

  it('keeps a state\'s previous rates when an answer leaves it out, and says which', async () => {
    const time = clock('2025-08-12T00:05:00Z');
    const withoutMalta = all27.filter((r) => r.countryCode !== 'MT').map((r) => ({ ...r, standardRate: r.standardRate + 1 }));
    const service = createRatesService({ source: scriptedSource(all27, withoutMalta).source, now: time.now });
    await service.refresh();
    time.set('2025-08-13T00:05:00Z');
    const outcome = await service.refresh();
    expect(outcome).toMatchObject({ ok: true, missing: ['MT'] });
    expect(service.country('MT')).toMatchObject({ kind: 'ok', rates: { fetchedAt: '2025-08-12T00:05:00.000Z' } });
    expect(service.country('DE')).toMatchObject({ kind: 'ok', rates: { fetchedAt: '2025-08-13T00:05:00.000Z' } });
    expect(service.all()?.rates).toHaveLength(27);
  });

  it('serves what it has from a partial first answer, and never-fetched for the rest', async () => {
    const service = createRatesService({ source: scriptedSource([entry('DE'), entry('FR')]).source });
    expect(await service.refresh()).toMatchObject({ ok: true, updated: ['DE', 'FR'] });
    expect(service.all()?.rates.map((r) => r.countryCode)).toEqual(['DE', 'FR']);
    expect(service.country('AT').kind).toBe('never-fetched');
  });

  it('treats an answer with no member state, or only unusable entries, as a failure', async () => {
    const junk = [
      entry('UK'),
      { ...entry('DE'), standardRate: Number.NaN },
      { ...entry('FR'), reducedRates: [0] },
      { ...entry('IT'), regionalRates: [{ rate: 5, note: undefined as unknown as string }] },
    ];
    const service = createRatesService({ source: scriptedSource([], junk).source });
    expect(await service.refresh()).toMatchObject({ ok: false, message: expect.stringContaining('without rates') });
    expect(await service.refresh()).toMatchObject({ ok: false });
    expect(service.hasEverSucceeded).toBe(false);
  });

  it('reads a source\'s GR entry as EL, and sorts and de-duplicates its reduced rates', async () => {
    const service = createRatesService({ source: scriptedSource([{ ...entry('GR'), reducedRates: [13, 6, 13] }]).source });
    await service.refresh();
    expect(service.country('EL')).toMatchObject({ kind: 'ok', rates: { countryCode: 'EL', reducedRates: [6, 13] } });
  });

  it('shares one call among refreshes made while one runs', async () => {
    let calls = 0;
    let release: (value: readonly SourceCountryVatRates[]) => void = () => undefined;
    const source: RatesSource = {
      fetchRates: () => {
        calls += 1;
        return new Promise((resolve) => (release = resolve));
      },
    };
    const service = createRatesService({ source });
    const first = service.refresh();
    const second = service.refresh();
    release(all27);
    expect(await first).toEqual(await second);
    expect(calls).toBe(1);
    const third = service.refresh();
    release(all27);
    await third;
    expect(calls).toBe(2);
  });

  it('hands out rates no caller can change', async () => {
    const service = createRatesService({ source: scriptedSource(all27).source });
    await service.refresh();
    const rates = service.all();
    expect(() => rates?.rates.push(entry('XX') as never)).toThrow(TypeError);
    const de = service.country('DE');
    expect(() => {
      if (de.kind === 'ok') (de.rates as { standardRate: number }).standardRate = 0;
    }).toThrow(TypeError);
    expect(() => {
      if (de.kind === 'ok') de.rates.reducedRates.push(0);
    }).toThrow(TypeError);
  });
});

describe('createRatesService over TEDB (loopback fake)', () => {
  let fake: TedbFake;
  beforeAll(async () => {
    fake = await startTedbFake(
      EU_MEMBER_STATES.flatMap((code, i) =>
        tedbRowsFor({ memberState: code, situationOn: '2025-07-01+02:00', standard: `${20 + (i % 6)}.0`, reduced: ['5.0', `${10 + (i % 3)}.5`] }),
      ),
    );
  });
  afterAll(async () => {
    await fake.close();
  });

  it('TEDB down before any success: never fetched; then up: 27 states; then down again: old rates and fetchedAt kept', async () => {
    const time = clock('2025-08-12T00:05:00Z');
    // Long enough for the answer of 27 states on a loaded machine; the hang below waits it out.
    const service = createRatesService({ source: tedbRatesSource({ url: fake.url, timeoutMs: 2_000 }), now: time.now });

    fake.behave('hang', 1);
    const down = await service.refresh();
    expect(down).toMatchObject({ ok: false, error: { name: 'TedbError', kind: 'timeout' } });
    expect(service.hasEverSucceeded).toBe(false);
    expect(service.country('FR').kind).toBe('never-fetched');

    fake.behave('answer');
    expect(await service.refresh()).toMatchObject({ ok: true, missing: [] });
    expect(service.all()?.rates).toHaveLength(27);
    const greece = EU_MEMBER_STATES.indexOf('EL');
    expect(service.country('GR')).toMatchObject({
      kind: 'ok',
      rates: { countryCode: 'EL', standardRate: 20 + (greece % 6), reducedRates: [5, 10.5 + (greece % 3)] },
    });

    time.set('2025-08-13T00:05:00Z');
    for (const failure of ['reset', 'truncate', 'html-503'] as const) {
      fake.behave(failure, 1);
      expect(await service.refresh()).toMatchObject({ ok: false });
      expect(service.fetchedAt).toBe('2025-08-12T00:05:00.000Z');
      expect(service.all()?.rates).toHaveLength(27);
    }
    expect(fake.requests.at(-1)?.situationOn).toBe('2025-08-13');
  });
});
