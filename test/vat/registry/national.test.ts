/**
 * verifyVat with the registries beyond VIES (docs/fields/vat.md#registries-beyond-vies): each prefix goes to its
 * own registry, with its own cache entries and breaker; an unreachable registry never says "not
 * registered"; a requester goes only to the registry it belongs to; `vatDetails.registry` says who answered.
 * The registries here are in-memory doubles of the port: the adapters have their own protocol tests.
 */
import { describe, expect, it } from 'vitest';
import { memoryBreakerStore, memoryVatCache } from '../../../src/adapters/memory.js';
import { VatRegistryError, type VatEntityStatus, type VatRegistry, type VatRegistryAnswer, type VatRegistryQuery } from '../../../src/ports.js';
import { localize } from '../../../src/messages/localize.js';
import { fr } from '../../../src/messages/fr.js';
import { FAILURE_THRESHOLD } from '../../../src/vat/registry/policy.js';
import { verifyVat, type VerifyVatOptions } from '../../../src/vat/registry/verify.js';

const GB = 'GB 980 7806 84';
const CH = 'CHE-116.281.710 MWST';
const NO = 'NO 974 760 673 MVA';

interface Double extends VatRegistry {
  queries: VatRegistryQuery[];
  down: boolean;
}

/** A registry that holds `known` (number as the registry is asked -> registered, or the statuses of an entity not registered). */
function double(known: Record<string, boolean | VatEntityStatus[]>, extra: Partial<VatRegistryAnswer> = {}): Double {
  const registry: Double = {
    queries: [],
    down: false,
    async check(query) {
      registry.queries.push(query);
      if (registry.down) throw new VatRegistryError('network', null, 'outage', true, 'unreachable');
      const entry = known[query.vatNumber] ?? false;
      return Array.isArray(entry)
        ? { valid: false, requestDate: '2026-12-03', entityStatus: entry }
        : { valid: entry, requestDate: '2026-12-03', ...(entry ? extra : {}) };
    },
  };
  return registry;
}

function setup(extra: Partial<VerifyVatOptions> = {}) {
  let time = new Date('2026-12-03T10:00:00.000Z');
  const vies = double({});
  const hmrc = double({ '980780684': true }, { name: 'EXAMPLE LTD', address: '1 HIGH STREET\nLONDON', requestIdentifier: 'XYZ123' });
  const uid = double({ E116281710: ['NOT_VAT_REGISTERED'] });
  const brreg = double({ '974760673MVA': true });
  const cache = memoryVatCache();
  const breaker = memoryBreakerStore();
  const options: VerifyVatOptions = { registry: vies, hmrc, uid, brreg, cache, breaker, now: () => time, liveBudgetMs: 500, ...extra };
  return { vies, hmrc, uid, brreg, cache, breaker, options, advance: (ms: number) => (time = new Date(time.getTime() + ms)) };
}

describe('verifyVat beyond VIES', () => {
  it('asks HMRC for a GB number and says so', async () => {
    const { hmrc, vies, options } = setup();
    const result = await verifyVat(GB, options);
    expect(result).toMatchObject({ valid: true, reason: null, message: 'Valid VAT number, registered in the HMRC register' });
    expect(result.vatDetails).toMatchObject({
      registered: true,
      source: 'LIVE',
      registry: 'HMRC',
      vies_available: true,
      trader_name: 'EXAMPLE LTD',
      trader_address: '1 HIGH STREET\nLONDON',
    });
    expect(hmrc.queries).toEqual([{ countryCode: 'GB', vatNumber: '980780684' }]);
    expect(vies.queries).toEqual([]);
  });

  it('says when a Swiss UID exists but is not registered for VAT, and when a Norwegian number is registered', async () => {
    const { options } = setup();
    const swiss = await verifyVat(CH, options);
    expect(swiss).toMatchObject({ valid: false, reason: 'VAT_NOT_REGISTERED', message: 'This number is in the UID register, but not registered for VAT' });
    expect(swiss.vatDetails).toMatchObject({ registered: false, registry: 'UID', entity_status: ['NOT_VAT_REGISTERED'] });
    expect(localize(swiss, fr).message).toBe('Ce numéro figure au registre UID, mais n’est pas immatriculé à la TVA');
    const norwegian = await verifyVat(NO, options);
    expect(norwegian.vatDetails).toMatchObject({ registered: true, registry: 'BRREG', source: 'LIVE' });
    expect(localize(norwegian, fr).message).toBe('Numéro de TVA valide, enregistré au registre Brønnøysund');
  });

  it('keeps the structure-only answer for a prefix whose registry was not given', async () => {
    const { options } = setup();
    const { hmrc: _none, ...withoutHmrc } = options;
    const result = await verifyVat(GB, withoutHmrc);
    expect(result.vatDetails.source).toBe('NOT_APPLICABLE');
    expect(result.vatDetails.registry).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('answers from the cache within a day, and from a stale answer when the registry is down: never "not registered"', async () => {
    const { hmrc, brreg, options, advance } = setup();
    await verifyVat(GB, options);
    expect((await verifyVat(GB, options)).vatDetails).toMatchObject({ source: 'CACHE', registry: 'HMRC' });
    expect(hmrc.queries).toHaveLength(1);
    advance(2 * 86_400_000);
    hmrc.down = true;
    const stale = await verifyVat(GB, options);
    expect(stale.vatDetails).toMatchObject({ source: 'STALE', registered: true, vies_available: false });
    expect(stale.message).toBe('Valid VAT number, registered in the HMRC register when last checked on 2026-12-03; the register cannot be reached right now');
    brreg.down = true;
    const unknown = await verifyVat('NO 923 609 016 MVA', options);
    expect(unknown).toMatchObject({ valid: true, reason: null });
    expect(unknown.vatDetails).toMatchObject({ source: 'UNVERIFIED', registered: null, registry: 'BRREG' });
    expect(unknown.message).toBe('The VAT number is well formed, but the Brønnøysund register could not confirm its registration right now');
  });

  it('gives each registry its own breaker: an HMRC outage does not close off VIES or UID', async () => {
    const { hmrc, uid, breaker, options } = setup();
    hmrc.down = true;
    for (let i = 0; i < FAILURE_THRESHOLD; i++) await verifyVat(GB, options);
    expect((await breaker.get('GB'))?.consecutiveFailures).toBe(FAILURE_THRESHOLD);
    const before = hmrc.queries.length;
    expect((await verifyVat(GB, options)).vatDetails.source).toBe('UNVERIFIED');
    expect(hmrc.queries).toHaveLength(before);
    expect((await verifyVat(CH, options)).vatDetails.source).toBe('LIVE');
    expect(uid.queries).toHaveLength(1);
  });

  it('sends a GB requester to HMRC only, and a VIES requester to VIES only', async () => {
    const { hmrc, vies, options } = setup({ requester: 'GB980780684' });
    const result = await verifyVat(GB, options);
    expect(hmrc.queries[0]?.requester).toEqual({ countryCode: 'GB', vatNumber: '980780684' });
    expect(result.vatDetails.consultation_number).toBe('XYZ123');
    await verifyVat('DE 136 695 976', options);
    expect(vies.queries[0]?.requester).toBeUndefined();

    const fromGermany = setup({ requester: 'DE136695976' });
    const german = await verifyVat(GB, fromGermany.options);
    expect(fromGermany.hmrc.queries[0]?.requester).toBeUndefined();
    expect(german.vatDetails.consultation_number).toBeUndefined();
  });
});
