/**
 * verifyVat against the loopback VIES fake, through the real SOAP adapter and the memory stores,
 * with a clock the test moves: every row of docs/fields/vat.md#registration-verdict, the budget, the breaker, names and
 * consultation numbers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryBreakerStore, memoryVatCache } from '../../../src/adapters/memory.js';
import { viesSoapClient } from '../../../src/adapters/vies-soap.js';
import type { CachedVatAnswer, CircuitBreakerStore, VatAnswerCache } from '../../../src/ports.js';
import { validateVat, verifyVat as exportedVerifyVat } from '../../../src/vat/index.js';
import { VERIFY_VAT_MESSAGES } from '../../../src/vat/registry/messages.js';
import { verifyVat, type VerifyVatOptions } from '../../../src/vat/registry/verify.js';
import { COOL_DOWN_MS } from '../../../src/vat/registry/policy.js';
import { FAULT_CODES, startViesFake, type ViesFake } from '../../support/fakes/vies.js';
import { VALID_VAT_BUILDERS, seededRng } from '../../support/generators/vat.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const rng = seededRng(5);
/** A fresh well-formed number of `prefix` (the fake's registry decides whether it is registered). */
function numberOf(prefix: string): string {
  const builders = VALID_VAT_BUILDERS[prefix] ?? {};
  const builder = Object.values(builders)[0];
  if (!builder) throw new Error(`no builder for ${prefix}`);
  return builder(rng);
}

let fake: ViesFake;
let time: Date;
const now = () => time;
const advance = (ms: number): void => {
  time = new Date(time.getTime() + ms);
};

beforeAll(async () => {
  fake = await startViesFake();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.reset();
});

interface Setup {
  cache: ReturnType<typeof memoryVatCache>;
  breaker: CircuitBreakerStore;
  options: (extra?: Partial<VerifyVatOptions>) => VerifyVatOptions;
}

function setup(): Setup {
  time = new Date('2026-11-22T10:00:00.000Z');
  const cache = memoryVatCache();
  const breaker = memoryBreakerStore();
  const registry = viesSoapClient({ url: fake.soapUrl });
  return { cache, breaker, options: (extra = {}) => ({ registry, cache, breaker, now, liveBudgetMs: 1000, ...extra }) };
}

/** Registers a new number of `prefix` in the fake and returns it as a person might type it. */
function registered(prefix: string, name?: string, address?: string): string {
  const vat = numberOf(prefix);
  fake.register(vat, { valid: true, ...(name ? { name } : {}), ...(address ? { address } : {}) });
  return `${vat.slice(0, 2).toLowerCase()} ${vat.slice(2)}`;
}

describe('verifyVat: the order of docs/fields/vat.md#registration-verdict', () => {
  it('is what verifield/vat exports', () => {
    expect(exportedVerifyVat).toBe(verifyVat);
  });

  it('step 1: checks the structure locally and asks VIES nothing about a malformed number', async () => {
    const { options } = setup();
    const before = fake.calls;
    const vat = numberOf('LU');
    const typo = vat.slice(0, -1) + String((Number(vat.at(-1)) + 1) % 10);
    const result = await verifyVat(typo, options());
    expect(result).toMatchObject({ valid: false, validationLevel: 'STANDARD', message: validateVat(typo).message, reason: 'VAT_BAD_CHECKSUM' });
    expect(result.vatDetails).toMatchObject({ format_valid: false, registered: null, country_code: 'LU' });
    const noPrefix = await verifyVat(vat.slice(2), options());
    expect(noPrefix).toMatchObject({ valid: false, reason: 'VAT_MISSING_PREFIX', vatDetails: { format_valid: false, registered: null } });
    expect(fake.calls).toBe(before);
  });

  it('step 2: a country outside VIES is NOT_APPLICABLE, registered null, valid by its structure, and VIES is not asked', async () => {
    const { options } = setup();
    const before = fake.calls;
    for (const prefix of ['GB', 'CH', 'NO']) {
      const result = await verifyVat(numberOf(prefix), options({ traderName: 'Acme' }));
      expect(result).toMatchObject({ valid: true, reason: null, validationLevel: 'STANDARD' });
      expect(result.vatDetails).toMatchObject({
        format_valid: true,
        registered: null,
        source: 'NOT_APPLICABLE',
        vies_available: false,
        trader_name_match: 'NOT_AVAILABLE',
      });
      expect(result.vatDetails.trader_name_match_source).toBeUndefined();
    }
    const unknown = await verifyVat('US123456789', options());
    expect(unknown).toMatchObject({ valid: false, reason: 'VAT_UNKNOWN_PREFIX' });
    expect(unknown.vatDetails).toMatchObject({ format_valid: false, source: 'NOT_APPLICABLE' });
    expect(fake.calls).toBe(before);
  });

  it('step 4: asks VIES live and reports a registered number with its name and address', async () => {
    const { options } = setup();
    const typed = registered('LU', 'SOCIETE EXEMPLE SARL', 'RUE DU NORD 1\nL-1111 LUXEMBOURG');
    const result = await verifyVat(typed, options());
    expect(result).toEqual({
      valid: true,
      message: 'Valid VAT number, registered in VIES',
      reason: null,
      normalizedValue: typed.replace(' ', '').toUpperCase(),
      originalValue: typed,
      validationLevel: 'STANDARD',
      vatDetails: {
        format_valid: true,
        registered: true,
        country_code: 'LU',
        source: 'LIVE',
        vies_available: true,
        registry: 'VIES',
        checked_at: '2026-11-22T10:00:00.000Z',
        trader_name: 'SOCIETE EXEMPLE SARL',
        trader_address: 'RUE DU NORD 1\nL-1111 LUXEMBOURG',
      },
    });
  });

  it('step 4: a well-formed number VIES does not hold is not registered, and not valid', async () => {
    const { options } = setup();
    const result = await verifyVat(numberOf('FR'), options());
    expect(result).toMatchObject({
      valid: false,
      message: 'This VAT number is not registered in VIES for France',
      reason: 'VAT_NOT_REGISTERED',
    });
    expect(result.vatDetails).toMatchObject({ registered: false, source: 'LIVE', vies_available: true });
    expect(result.vatDetails.trader_name).toBeUndefined();
  });

  it('withholds nothing VIES did not disclose: a German number has no name or address', async () => {
    const { options } = setup();
    const result = await verifyVat(registered('DE', 'VERBORGEN GMBH', 'STRASSE 1'), options());
    expect(result.vatDetails).toMatchObject({ registered: true, source: 'LIVE' });
    expect(result.vatDetails).not.toHaveProperty('trader_name');
    expect(result.vatDetails).not.toHaveProperty('trader_address');
  });

  it('step 3: 23 h 59 m later the answer comes from the cache without a call; 24 h 1 m later it goes live again', async () => {
    const { options } = setup();
    const typed = registered('NL', 'VOORBEELD BV');
    await verifyVat(typed, options());
    const calls = fake.calls;

    advance(23 * HOUR + 59 * MINUTE);
    const cached = await verifyVat(typed, options());
    expect(fake.calls).toBe(calls);
    expect(cached).toMatchObject({ valid: true, message: 'Valid VAT number, registered in VIES', reason: null });
    expect(cached.vatDetails).toMatchObject({
      registered: true,
      source: 'CACHE',
      checked_at: '2026-11-22T10:00:00.000Z',
      trader_name: 'VOORBEELD BV',
      vies_available: true,
    });

    advance(2 * MINUTE);
    const live = await verifyVat(typed, options());
    expect(fake.calls).toBe(calls + 1);
    expect(live.vatDetails).toMatchObject({ source: 'LIVE', checked_at: time.toISOString() });
  });

  it('step 3: a cached "not registered" is served as it was', async () => {
    const { options } = setup();
    const vat = numberOf('IT');
    await verifyVat(vat, options());
    advance(HOUR);
    const result = await verifyVat(vat, options());
    expect(result).toMatchObject({
      valid: false,
      message: 'This VAT number is not registered in VIES for Italy',
      reason: 'VAT_NOT_REGISTERED',
      vatDetails: { registered: false, source: 'CACHE' },
    });
  });

  it('step 5: 29 days later with VIES failing, the cached answer is served as STALE', async () => {
    const { options } = setup();
    const typed = registered('BE', 'EXEMPLE NV');
    await verifyVat(typed, options());
    advance(29 * DAY);
    fake.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    const result = await verifyVat(typed, options());
    expect(result.valid).toBe(true);
    expect(result.reason).toBeNull();
    expect(result.message).toBe(VERIFY_VAT_MESSAGES.staleRegistered(new Date('2026-11-22T10:00:00.000Z')));
    expect(result.vatDetails).toMatchObject({
      registered: true,
      source: 'STALE',
      vies_available: false,
      checked_at: '2026-11-22T10:00:00.000Z',
      trader_name: 'EXEMPLE NV',
    });
  });

  it('step 5: a stale "not registered" stays not registered (it is the last answer VIES gave)', async () => {
    const { options } = setup();
    const vat = numberOf('AT');
    await verifyVat(vat, options());
    advance(2 * DAY);
    fake.behave({ kind: 'fault', code: 'TIMEOUT' });
    const result = await verifyVat(vat, options());
    expect(result).toMatchObject({
      valid: false,
      reason: 'VAT_NOT_REGISTERED',
      vatDetails: { registered: false, source: 'STALE', vies_available: false },
    });
    expect(result.message).toContain('was not registered in VIES for Austria when last checked on 2026-11-22');
  });

  it('step 6: 31 days later with VIES failing, nothing usable is cached: UNVERIFIED, registered null, valid by structure', async () => {
    const { options } = setup();
    const typed = registered('SE', 'EXEMPEL AB');
    await verifyVat(typed, options());
    advance(31 * DAY);
    fake.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    const result = await verifyVat(typed, options());
    expect(result).toMatchObject({
      valid: true,
      message: 'The VAT number is well formed, but VIES could not confirm its registration right now',
      reason: null,
      vatDetails: { format_valid: true, registered: null, source: 'UNVERIFIED', vies_available: false },
    });
    expect(result.vatDetails).not.toHaveProperty('checked_at');
    expect(result.vatDetails).not.toHaveProperty('trader_name');
  });

  it('step 6 without any cache configured', async () => {
    setup();
    const registry = viesSoapClient({ url: fake.soapUrl });
    fake.behave({ kind: 'fault', code: 'SERVICE_UNAVAILABLE', status: 200 });
    const result = await verifyVat(registered('FI'), { registry, now });
    expect(result.vatDetails).toMatchObject({ registered: null, source: 'UNVERIFIED' });
  });
});

describe('verifyVat: a failure is never "not registered"', () => {
  const outages = FAULT_CODES.filter((code) => !['INVALID_INPUT', 'INVALID_REQUESTER_INFO', 'VAT_BLOCKED'].includes(code));
  const transport = [{ kind: 'hang' }, { kind: 'stall' }, { kind: 'reset' }, { kind: 'truncate' }, { kind: 'html', status: 503 }] as const;

  for (const code of outages) {
    it(`${code} (HTTP 500 and 200) gives UNVERIFIED with vies_available false`, async () => {
      for (const status of [500, 200]) {
        const { options } = setup();
        fake.behave({ kind: 'fault', code, status }, { times: 1 });
        const result = await verifyVat(numberOf('PL'), options({ breaker: memoryBreakerStore() }));
        expect(result).toMatchObject({ valid: true, reason: null, vatDetails: { registered: null, source: 'UNVERIFIED', vies_available: false } });
      }
    });
  }

  for (const behaviour of transport) {
    it(`${behaviour.kind} gives UNVERIFIED`, async () => {
      const { options } = setup();
      fake.behave(behaviour, { times: 1 });
      const result = await verifyVat(numberOf('PT'), options({ liveBudgetMs: 300 }));
      expect(result).toMatchObject({ valid: true, reason: null, vatDetails: { registered: null, source: 'UNVERIFIED', vies_available: false } });
    });
  }

  it('INVALID_INPUT is an answer about the input: registered false, LIVE, and cached', async () => {
    const { options, cache } = setup();
    const vat = numberOf('HU');
    fake.behave({ kind: 'fault', code: 'INVALID_INPUT' }, { times: 1 });
    const result = await verifyVat(vat, options());
    expect(result).toMatchObject({ valid: false, reason: 'VAT_NOT_REGISTERED', vatDetails: { registered: false, source: 'LIVE', vies_available: true } });
    expect(await cache.get('HU', vat.slice(2))).toMatchObject({ answer: { valid: false } });
  });

  it('VAT_BLOCKED: VIES works but says nothing about the registration: UNVERIFIED with vies_available true, breaker untouched', async () => {
    const { options, breaker } = setup();
    fake.behave({ kind: 'fault', code: 'VAT_BLOCKED' });
    for (let i = 0; i < 4; i++) {
      const result = await verifyVat(numberOf('CZ'), options());
      expect(result.vatDetails).toMatchObject({ registered: null, source: 'UNVERIFIED', vies_available: true });
    }
    expect(await breaker.get('CZ')).toBeNull();
  });

  it('a cache or breaker store that fails or hangs degrades the answer, never into "not registered"', async () => {
    setup();
    const registry = viesSoapClient({ url: fake.soapUrl });
    const broken: VatAnswerCache & CircuitBreakerStore = {
      get: () => Promise.reject(new Error('store down')),
      set: () => Promise.reject(new Error('store down')),
      recordFailure: () => Promise.reject(new Error('store down')),
      open: () => Promise.reject(new Error('store down')),
      claimProbe: () => Promise.reject(new Error('store down')),
      reset: () => Promise.reject(new Error('store down')),
      list: () => Promise.reject(new Error('store down')),
    } as VatAnswerCache & CircuitBreakerStore;
    const hanging: VatAnswerCache = { get: () => new Promise(() => {}), set: () => new Promise(() => {}) };
    const typed = registered('SI', 'PRIMER DOO');

    expect((await verifyVat(typed, { registry, cache: broken, breaker: broken, now })).vatDetails).toMatchObject({ registered: true, source: 'LIVE' });
    const started = Date.now();
    expect((await verifyVat(typed, { registry, cache: hanging, now })).vatDetails).toMatchObject({ registered: true, source: 'LIVE' });
    expect(Date.now() - started).toBeLessThan(3500);

    fake.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' });
    expect((await verifyVat(typed, { registry, cache: broken, breaker: broken, now })).vatDetails).toMatchObject({ registered: null, source: 'UNVERIFIED' });
  });

  it('a registry that answers nonsense or throws a plain Error is an outage', async () => {
    setup();
    const nonsense = { check: async () => ({ ok: true }) } as unknown as VerifyVatOptions['registry'];
    const throwing = { check: () => { throw new Error('bug'); } } as unknown as VerifyVatOptions['registry'];
    for (const registry of [nonsense, throwing]) {
      const result = await verifyVat(numberOf('DK'), { registry, now });
      expect(result.vatDetails).toMatchObject({ registered: null, source: 'UNVERIFIED', vies_available: false });
    }
  });
});

describe('verifyVat: the live budget', () => {
  it('answers within the budget given when VIES hangs, even from a registry that ignores the signal', async () => {
    setup();
    const deaf = { check: () => new Promise<never>(() => {}) };
    const started = Date.now();
    const result = await verifyVat(numberOf('EE'), { registry: deaf, now, liveBudgetMs: 200 });
    const elapsed = Date.now() - started;
    expect(result.vatDetails.source).toBe('UNVERIFIED');
    expect(elapsed).toBeGreaterThanOrEqual(190);
    // The budget given, not the default 4 s, with room for a loaded machine's late timers.
    expect(elapsed).toBeLessThan(3000);
  });

  it('by default gives a hanging VIES 4 seconds, then answers STALE from the cache', async () => {
    const { cache, breaker } = setup();
    const registry = viesSoapClient({ url: fake.soapUrl });
    const typed = registered('IE', 'EXAMPLE LIMITED');
    await verifyVat(typed, { registry, cache, breaker, now });
    advance(3 * DAY);
    fake.behave({ kind: 'hang' }, { times: 1 });
    const started = Date.now();
    const result = await verifyVat(typed, { registry, cache, breaker, now });
    const elapsed = Date.now() - started;
    expect(result.vatDetails).toMatchObject({ registered: true, source: 'STALE', vies_available: false });
    expect(elapsed).toBeGreaterThanOrEqual(3950);
    // Well under the SOAP client's own 10 s timeout, with room for a loaded machine's late timers.
    expect(elapsed).toBeLessThan(9000);
  }, 15_000);
});

describe('verifyVat: the circuit breaker', () => {
  it('opens after three failures in a row: no call while open, other countries unaffected, a probe after the cool-down, a success closes it', async () => {
    const { options, breaker } = setup();
    const opts = options({ cache: undefined });
    fake.behave({ kind: 'fault', code: 'MS_MAX_CONCURRENT_REQ' }, { country: 'DE', times: 3 });
    const germans = [registered('DE'), registered('DE'), registered('DE'), registered('DE'), registered('DE')];
    for (const typed of germans.slice(0, 3)) expect((await verifyVat(typed, opts)).vatDetails.source).toBe('UNVERIFIED');
    expect(fake.callsFor('DE')).toBeGreaterThanOrEqual(3);
    const germanCalls = fake.callsFor('DE');

    // Open: VIES would answer now, but is not asked.
    advance(COOL_DOWN_MS - 1000);
    const whileOpen = await verifyVat(germans[3] as string, opts);
    expect(whileOpen.vatDetails).toMatchObject({ registered: null, source: 'UNVERIFIED', vies_available: false });
    expect(fake.callsFor('DE')).toBe(germanCalls);

    // Another country goes live as usual.
    expect((await verifyVat(registered('LU'), opts)).vatDetails.source).toBe('LIVE');

    // After the cool-down one probe goes; it succeeds and closes the breaker.
    advance(2000);
    expect((await verifyVat(germans[3] as string, opts)).vatDetails).toMatchObject({ registered: true, source: 'LIVE' });
    expect(fake.callsFor('DE')).toBe(germanCalls + 1);
    expect(await breaker.get('DE')).toBeNull();
    expect((await verifyVat(germans[4] as string, opts)).vatDetails.source).toBe('LIVE');
  });

  it('a failed probe opens it again for another cool-down', async () => {
    const { options } = setup();
    const opts = options({ cache: undefined });
    fake.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' }, { country: 'ES' });
    for (let i = 0; i < 3; i++) await verifyVat(registered('ES'), opts);
    const calls = fake.callsFor('ES');
    advance(COOL_DOWN_MS);
    await verifyVat(registered('ES'), opts);
    expect(fake.callsFor('ES')).toBe(calls + 1);
    advance(COOL_DOWN_MS / 2);
    await verifyVat(registered('ES'), opts);
    expect(fake.callsFor('ES')).toBe(calls + 1);
    advance(COOL_DOWN_MS / 2);
    fake.reset();
    expect((await verifyVat(registered('ES'), opts)).vatDetails.source).toBe('LIVE');
    expect(fake.callsFor('ES')).toBe(calls + 2);
  });

  it('lets exactly one probe through when many lookups arrive together after the cool-down', async () => {
    const { options } = setup();
    const opts = options({ cache: undefined, liveBudgetMs: 500 });
    fake.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' }, { country: 'HR', times: 3 });
    for (let i = 0; i < 3; i++) await verifyVat(registered('HR'), opts);
    const calls = fake.callsFor('HR');
    advance(COOL_DOWN_MS);
    fake.behave({ kind: 'delay', ms: 100 }, { country: 'HR', times: 1 });
    const results = await Promise.all(Array.from({ length: 6 }, () => verifyVat(registered('HR'), opts)));
    expect(fake.callsFor('HR')).toBe(calls + 1);
    expect(results.filter((r) => r.vatDetails.source === 'LIVE')).toHaveLength(1);
  });

  it('serves a fresh cached answer while the breaker is open, saying VIES is not available', async () => {
    const { options } = setup();
    const typed = registered('LT', 'PAVYZDYS UAB');
    await verifyVat(typed, options());
    fake.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' }, { country: 'LT', times: 3 });
    for (let i = 0; i < 3; i++) await verifyVat(registered('LT'), options());
    const result = await verifyVat(typed, options());
    expect(result.vatDetails).toMatchObject({ registered: true, source: 'CACHE', vies_available: false });
  });
});

describe('verifyVat: trader names', () => {
  it('compares with the published name elsewhere (SERVICE), using checkVatApprox', async () => {
    const { options } = setup();
    const typed = registered('FR', 'BOULANGERIE DUPONT SARL');
    const match = await verifyVat(typed, options({ traderName: 'Boulangerie Dupont' }));
    expect(fake.requests.at(-1)).toMatchObject({ operation: 'checkVatApprox', fields: { traderName: 'Boulangerie Dupont' } });
    expect(match.vatDetails).toMatchObject({ trader_name_match: 'MATCH', trader_name_match_source: 'SERVICE' });
    advance(HOUR);
    const mismatch = await verifyVat(typed, options({ traderName: 'Garage Martin' }));
    expect(mismatch.vatDetails).toMatchObject({ source: 'CACHE', trader_name_match: 'MISMATCH', trader_name_match_source: 'SERVICE' });
  });

  it("uses Spain's own comparison (VIES), for the name it was asked about", async () => {
    const { options } = setup();
    const vat = numberOf('ES');
    fake.register(vat, { valid: true, matchesName: (sent) => sent === 'Panaderia Sol' });
    const match = await verifyVat(vat, options({ traderName: ' Panaderia Sol ' }));
    expect(match.vatDetails).toMatchObject({ registered: true, trader_name_match: 'MATCH', trader_name_match_source: 'VIES' });
    expect(match.vatDetails).not.toHaveProperty('trader_name');
    advance(DAY + MINUTE);
    const mismatch = await verifyVat(vat, options({ traderName: 'Panaderia Luna' }));
    expect(mismatch.vatDetails).toMatchObject({ source: 'LIVE', trader_name_match: 'MISMATCH', trader_name_match_source: 'VIES' });
    // From the cache, VIES's verdict holds for the name it judged only.
    advance(HOUR);
    const cachedOther = await verifyVat(vat, options({ traderName: 'Panaderia Sol' }));
    expect(cachedOther.vatDetails).toMatchObject({ source: 'CACHE', trader_name_match: 'NOT_AVAILABLE' });
    expect(cachedOther.vatDetails).not.toHaveProperty('trader_name_match_source');
  });

  it('Germany: NOT_AVAILABLE, without a source', async () => {
    const { options } = setup();
    const result = await verifyVat(registered('DE', 'X GMBH'), options({ traderName: 'X GmbH' }));
    expect(result.vatDetails).toMatchObject({ registered: true, trader_name_match: 'NOT_AVAILABLE' });
    expect(result.vatDetails).not.toHaveProperty('trader_name_match_source');
  });

  it('NOT_AVAILABLE when VIES could not be asked or the number is not registered; absent when no name was sent', async () => {
    const { options } = setup();
    fake.behave({ kind: 'fault', code: 'MS_UNAVAILABLE' }, { times: 1 });
    const down = await verifyVat(registered('MT', 'EXAMPLE LTD'), options({ traderName: 'Example' }));
    expect(down.vatDetails).toMatchObject({ source: 'UNVERIFIED', trader_name_match: 'NOT_AVAILABLE' });
    const unregistered = await verifyVat(numberOf('MT'), options({ traderName: 'Example' }));
    expect(unregistered.vatDetails).toMatchObject({ registered: false, trader_name_match: 'NOT_AVAILABLE' });
    const silent = await verifyVat(registered('MT', 'EXAMPLE LTD'), options());
    expect(silent.vatDetails).not.toHaveProperty('trader_name_match');
  });
});

describe('verifyVat: consultation numbers', () => {
  const requesterVat = numberOf('BE');

  it('carries the consultation number when a requester VAT number is configured', async () => {
    const { options } = setup();
    fake.register(requesterVat, { valid: true, name: 'OUR COMPANY NV' });
    const typed = registered('CY', 'EXAMPLE LTD');
    const result = await verifyVat(typed, options({ requester: requesterVat }));
    expect(fake.requests.at(-1)?.fields).toMatchObject({ requesterCountryCode: 'BE', requesterVatNumber: requesterVat.slice(2) });
    expect(result.vatDetails.consultation_number).toMatch(/^WAPI[0-9A-Z]{12}$/);
    expect(result.vatDetails.trader_name).toBe('EXAMPLE LTD');

    advance(HOUR);
    const cached = await verifyVat(typed, options({ requester: requesterVat }));
    expect(cached.vatDetails).toMatchObject({ source: 'CACHE', consultation_number: result.vatDetails.consultation_number });
    // Another account does not get our receipt.
    const otherRequester = numberOf('NL');
    const other = await verifyVat(typed, options({ requester: otherRequester }));
    expect(other.vatDetails.source).toBe('CACHE');
    expect(other.vatDetails).not.toHaveProperty('consultation_number');
    const none = await verifyVat(typed, options());
    expect(none.vatDetails).not.toHaveProperty('consultation_number');
  });

  it('without a requester there is no consultation number', async () => {
    const { options } = setup();
    const result = await verifyVat(registered('CY', 'EXAMPLE LTD'), options());
    expect(result.vatDetails).not.toHaveProperty('consultation_number');
    expect(fake.requests.at(-1)?.operation).toBe('checkVat');
  });

  it('a requester VIES refuses (INVALID_REQUESTER_INFO) still gets the verdict, without a consultation number', async () => {
    const { options } = setup();
    const typed = registered('SK', 'PRIKLAD SRO');
    const before = fake.calls;
    const result = await verifyVat(typed, options({ requester: numberOf('LV') }));
    expect(fake.calls - before).toBe(2);
    expect(result.vatDetails).toMatchObject({ registered: true, source: 'LIVE', trader_name: 'PRIKLAD SRO' });
    expect(result.vatDetails).not.toHaveProperty('consultation_number');
  });

  it('refuses a requester that is not a well-formed VAT number of VIES or GB', async () => {
    const { options } = setup();
    await expect(verifyVat(registered('LU'), options({ requester: 'DE123' }))).rejects.toThrow(RangeError);
    await expect(verifyVat(registered('LU'), options({ requester: numberOf('CH') }))).rejects.toThrow(RangeError);
  });
});

describe('verifyVat: inputs', () => {
  it('throws TypeError for a non-string value or a missing registry', async () => {
    const { options } = setup();
    await expect(verifyVat(42 as unknown as string, options())).rejects.toThrow(TypeError);
    await expect(verifyVat(null as unknown as string, options())).rejects.toThrow(TypeError);
    await expect(verifyVat('LU12345678', {} as VerifyVatOptions)).rejects.toThrow(TypeError);
  });

  it('never throws on odd strings', async () => {
    const { options } = setup();
    for (const value of ['', ' ', '\u0000LU\uD800', 'LU'.padEnd(100_000, '9'), '🇪🇺 LU 1234 5678', 'el 0 0 0']) {
      const result = await verifyVat(value, options());
      expect(result.originalValue).toBe(value);
      expect(typeof result.message).toBe('string');
    }
  });

  it('keeps what the cache holds to the port fields', async () => {
    const { options, cache } = setup();
    const typed = registered('RO', 'EXEMPLU SRL');
    await verifyVat(typed, options());
    const entry = (await cache.get('RO', typed.slice(3))) as CachedVatAnswer;
    expect(entry).toEqual({
      answer: { valid: true, name: 'EXEMPLU SRL', requestDate: '2026-11-22' },
      checkedAt: new Date('2026-11-22T10:00:00.000Z'),
      traderName: null,
      requester: null,
    });
  });
});
