/**
 * The field registry (src/fields/) and every place derived from it: the service's endpoints and
 * their OpenAPI description, the key scopes, the store's list, the CLI's fields, the client's
 * methods and the validators the service runs. Each list must hold exactly the catalog's fields;
 * test/fields/compile.test.ts shows that a field added to the catalog alone does not compile.
 */
import { describe, expect, it } from 'vitest';
import { memoryBreakerStore, memoryVatCache } from '../../src/adapters/memory.js';
import { checkUsage } from '../../src/cli/check.js';
import { createClient } from '../../src/client/index.js';
import { FIELD_CATALOG, FIELD_NAMES, FIELDS_IN_CHECK_ORDER, FIELDS_IN_SCOPE_ORDER, isFieldName, validationPath, type FieldName } from '../../src/fields/catalog.js';
import type { FieldManifest } from '../../src/fields/manifest.js';
import { FIELD_OPERATIONS } from '../../src/fields/operations.js';
import { VALIDATORS } from '../../src/fields/validators.js';
import type { DnsResolver, VatRegistry, VatRegistryQuery } from '../../src/ports.js';
import { ALL_SCOPES, parseOwnVatNumber, parseScopes } from '../../src/server/admin/key-admin.js';
import { openApiDocument, type OperationObject } from '../../src/server/http/openapi.js';
import { FIELD_VALIDATORS, requesterOf, type ValidationContext } from '../../src/server/pipeline/validators.js';
import { PLANS } from '../../src/server/policy/plans.js';
import { FIELDS, type Account, type Store } from '../../src/server/storage/types.js';
import { FIELD_EXAMPLES } from '../../src/fields/generated/examples.js';
import { fieldManifests } from '../support/field-manifests.js';

/** One value per field, valid offline; a field without its own here, its folder's first example. */
const OWN_SAMPLES: Partial<Record<FieldName, string>> = {
  vat: 'DE 129273398',
  iban: 'DE89 3704 0044 0532 0130 00',
  email: 'jane.doe@example.com',
  phone: '+44 20 7946 0958',
  nif: '12345678Z',
  nas: '046 454 286',
  ssn: '234-56-7890',
};
const SAMPLES = Object.fromEntries(FIELD_NAMES.map((field) => [field, OWN_SAMPLES[field] ?? FIELD_EXAMPLES[field].valid[0] ?? ''])) as Record<FieldName, string>;

const sorted = (names: readonly string[]): string[] => [...names].sort();

/** The first seven fields, whose places in each order predate the field folders. */
const FIRST_SEVEN: readonly string[] = ['vat', 'iban', 'email', 'phone', 'nif', 'nas', 'ssn'];
const amongFirstSeven = (order: readonly string[]): string[] => order.filter((field) => FIRST_SEVEN.includes(field));

/** Each field's manifest (src/<field>/field.ts), where its ranks are. */
const MANIFESTS = await fieldManifests();
const byRank = (rank: keyof FieldManifest['order']): FieldName[] => [...FIELD_NAMES].sort((a, b) => MANIFESTS[a].order[rank] - MANIFESTS[b].order[rank]);

describe('the catalog', () => {
  it('lists the fields in the order of docs/service.md#endpoints: the first seven as always, a later one where its rank puts it', () => {
    expect(amongFirstSeven(FIELD_NAMES)).toEqual(['vat', 'iban', 'email', 'phone', 'nif', 'nas', 'ssn']);
    expect(FIELD_NAMES).toEqual(byRank('service'));
  });

  it('keeps the first seven in the scope order keys have always had, and in the order check --help has always named them', () => {
    expect(amongFirstSeven(FIELDS_IN_SCOPE_ORDER)).toEqual(['iban', 'vat', 'email', 'phone', 'nif', 'nas', 'ssn']);
    expect(FIELDS_IN_SCOPE_ORDER).toEqual(byRank('scope'));
    expect(amongFirstSeven(FIELDS_IN_CHECK_ORDER)).toEqual(['iban', 'nif', 'nas', 'ssn', 'vat', 'email', 'phone']);
    expect(FIELDS_IN_CHECK_ORDER).toEqual(byRank('check'));
  });

  it('names each field once in every other order it gives', () => {
    for (const order of [FIELDS_IN_SCOPE_ORDER, FIELDS_IN_CHECK_ORDER]) {
      expect(order).toHaveLength(FIELD_NAMES.length);
      expect(sorted(order)).toEqual(sorted(FIELD_NAMES));
    }
  });

  it('tells a field name from any other word, Object.prototype’s included', () => {
    for (const field of FIELD_NAMES) expect(isFieldName(field)).toBe(true);
    for (const word of ['VAT', 'passport', '', 'constructor', '__proto__', 'toString']) expect(isFieldName(word)).toBe(false);
  });

  it('has an offline validator for every field, and a verified one for VAT and email only', () => {
    expect(sorted(Object.keys(VALIDATORS))).toEqual(sorted(FIELD_NAMES));
    expect(FIELD_NAMES.filter((field) => VALIDATORS[field].verified !== undefined)).toEqual(['vat', 'email']);
    for (const field of FIELD_NAMES) expect(VALIDATORS[field].offline(SAMPLES[field]).valid, field).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  const validationPaths = Object.keys(openApiDocument.paths).filter((path) => path.startsWith('/api/v1/validate/'));
  const operationOf = (field: FieldName): OperationObject => openApiDocument.paths[validationPath(field)]?.post as OperationObject;

  it('describes one POST endpoint per field, in the catalog’s order', () => {
    expect(validationPaths).toEqual(FIELD_NAMES.map((field) => `/api/v1/validate/${field}`));
    expect(sorted(Object.keys(FIELD_OPERATIONS))).toEqual(sorted(FIELD_NAMES));
  });

  it('names each operation as the catalog does, with its result and request schemas', () => {
    for (const field of FIELD_NAMES) {
      const operation = operationOf(field);
      expect(operation.operationId).toBe(FIELD_CATALOG[field].operation);
      expect(operation.summary).toBe(FIELD_OPERATIONS[field].summary);
      const request = operation.requestBody?.content['application/json']?.schema.$ref;
      expect(request).toBe(`#/components/schemas/${FIELD_OPERATIONS[field].requestSchema}`);
      const result = (operation.responses['200'] as { content: Record<string, { schema: { $ref: string } }> }).content['application/json']?.schema.$ref;
      expect(result).toBe(`#/components/schemas/${FIELD_OPERATIONS[field].resultSchema}`);
    }
  });

  it('offers in the request body exactly value and the members the field declares, and refuses the rest', () => {
    expect(Object.keys(FIELD_CATALOG.vat.requestMembers)).toEqual(['traderName']);
    expect(Object.keys(FIELD_CATALOG.phone.requestMembers)).toEqual(['defaultCountry']);
    expect(Object.keys(FIELD_CATALOG.bic.requestMembers)).toEqual(['iban']);
    for (const field of FIELD_NAMES) {
      const body = openApiDocument.components.schemas[FIELD_OPERATIONS[field].requestSchema];
      expect(Object.keys(body?.properties ?? {}), field).toEqual(['value', ...Object.keys(FIELD_CATALOG[field].requestMembers)]);
      expect(body?.additionalProperties, field).toBe(false);
      for (const member of Object.keys(FIELD_OPERATIONS[field].example)) expect(Object.keys(body?.properties ?? {}), field).toContain(member);
    }
  });

  it('declares 403 where the catalog says so: the NAS endpoint only', () => {
    for (const field of FIELD_NAMES) {
      expect(Object.hasOwn(operationOf(field).responses, '403'), field).toBe(FIELD_OPERATIONS[field].declaresForbidden);
    }
    expect(FIELD_NAMES.filter((field) => FIELD_OPERATIONS[field].declaresForbidden)).toEqual(['nas']);
  });
});

describe('key scopes and the store', () => {
  it('gives keys one scope per field, held in the scope order', () => {
    expect(sorted(ALL_SCOPES)).toEqual(sorted(FIELD_NAMES));
    expect(ALL_SCOPES).toEqual(FIELDS_IN_SCOPE_ORDER);
    expect(parseScopes([...FIELD_NAMES].reverse().join(','))).toEqual(FIELDS_IN_SCOPE_ORDER);
    expect(() => parseScopes('iban,passport')).toThrow(`scopes must be a comma-separated list of ${FIELDS_IN_SCOPE_ORDER.join(', ')}; unknown: passport`);
  });

  it('keeps the store’s list of endpoints as the catalog’s', () => {
    expect(FIELDS).toEqual(FIELD_NAMES);
  });
});

describe('verifield check', () => {
  it('names every field in its usage, in the order it always has', () => {
    const line = checkUsage.split('\n').find((text) => text.startsWith('FIELD is one of: '));
    expect(line).toBe(`FIELD is one of: ${FIELDS_IN_CHECK_ORDER.join(', ')}`);
  });
});

describe('the client', () => {
  /** A client whose fetch records what it was asked and answers 200 with an envelope. */
  function recordingClient() {
    const sent: { url: string; body: unknown }[] = [];
    const client = createClient({
      baseUrl: 'http://service.invalid',
      apiKey: 'vf_test',
      fetch: async (input, init) => {
        sent.push({ url: String(input), body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify({ valid: true }), { status: 200 });
      },
    });
    return { client, sent };
  }

  it('has one validation method per field, named as the catalog names the operation', () => {
    const { client } = recordingClient();
    const validationMethods = Object.keys(client).filter((name) => name.startsWith('validate'));
    expect(validationMethods).toEqual(FIELD_NAMES.map((field) => FIELD_CATALOG[field].operation));
  });

  it('posts each method to its field’s endpoint, with traderName only where the field takes it', async () => {
    const { client, sent } = recordingClient();
    const methods = client as unknown as Record<string, (value: string, options?: { traderName?: string }) => Promise<unknown>>;
    for (const field of FIELD_NAMES) {
      await methods[FIELD_CATALOG[field].operation]?.(SAMPLES[field], { traderName: 'Example GmbH' });
    }
    expect(sent.map((request) => request.url)).toEqual(FIELD_NAMES.map((field) => `http://service.invalid${validationPath(field)}`));
    expect(sent.map((request) => request.body)).toEqual(
      FIELD_NAMES.map((field) => ('traderName' in FIELD_CATALOG[field].requestMembers ? { value: SAMPLES[field], traderName: 'Example GmbH' } : { value: SAMPLES[field] })),
    );
  });
});

describe('the validators the service runs', () => {
  const REGISTERED_ANSWER = { valid: true, requestDate: '2026-11-26', name: 'EXAMPLE GMBH', requestIdentifier: 'WAPIAAAAW1234567' };

  function context(overrides: { vatNumber?: string | null; plan?: keyof typeof PLANS; traderName?: string } = {}) {
    const queries: VatRegistryQuery[] = [];
    const registry: VatRegistry = {
      check: async (query) => {
        queries.push(query);
        return REGISTERED_ANSWER;
      },
    };
    const dns: DnsResolver = {
      mx: async () => ({ kind: 'records', records: [{ exchange: 'mx.example.com', priority: 10 }], ttl: 300 }),
      a: async () => ({ kind: 'records', records: ['192.0.2.1'], ttl: 300 }),
    };
    const account: Account = {
      id: 'account-1',
      name: 'Example',
      plan: overrides.plan ?? 'FREE',
      subscriptionStart: '2026-01-01',
      vatNumber: overrides.vatNumber ?? null,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      watchIntervalMs: null,
      suspendedAt: null,
    };
    // The service keeps every live VIES answer as evidence (src/server/evidence/): kept here, unread.
    const evidence: Pick<Store['evidence'], 'add'> = { add: async () => undefined };
    const store = { viesCache: memoryVatCache(), breaker: memoryBreakerStore(), evidence } as unknown as Store;
    const validation: ValidationContext = {
      services: { registry, nationalRegistries: [], store, dns, domainAge: { registeredAt: async () => null }, now: () => new Date('2026-11-26T10:00:00Z') },
      account,
      plan: PLANS[account.plan],
      ...(overrides.traderName === undefined ? {} : { options: { traderName: overrides.traderName } }),
    };
    return { validation, queries };
  }

  it('answers each field with the registry’s validator: offline ones exactly as the library', async () => {
    expect(sorted(Object.keys(FIELD_VALIDATORS))).toEqual(sorted(FIELD_NAMES));
    for (const field of FIELD_NAMES.filter((name) => VALIDATORS[name].verified === undefined)) {
      expect(await FIELD_VALIDATORS[field](SAMPLES[field], context().validation), field).toEqual(VALIDATORS[field].offline(SAMPLES[field]));
    }
  });

  it('asks VIES with the account’s own VAT number as requester, and the trader name sent', async () => {
    const { validation, queries } = context({ vatNumber: 'fr 40 303 265 045', traderName: 'Example GmbH' });
    const result = await FIELD_VALIDATORS.vat(SAMPLES.vat, validation);
    expect(result.valid).toBe(true);
    expect(queries).toEqual([
      { countryCode: 'DE', vatNumber: '129273398', traderName: 'Example GmbH', requester: { countryCode: 'FR', vatNumber: '40303265045' } },
    ]);
  });

  it('sends no requester for an account VAT number VIES would refuse', async () => {
    for (const vatNumber of [null, '', 'GB980780684', 'DE123']) {
      const { validation, queries } = context({ vatNumber });
      await FIELD_VALIDATORS.vat(SAMPLES.vat, validation);
      expect(queries[0], String(vatNumber)).not.toHaveProperty('requester');
    }
  });

  it('reads the requester as parseOwnVatNumber does', () => {
    const account = (vatNumber: string) => ({ vatNumber }) as Account;
    expect(requesterOf(account('fr 40 303 265 045'))).toBe(parseOwnVatNumber('fr 40 303 265 045'));
    // A GB number is a requester too (HMRC issues consultation numbers for GB lookups); a Swiss one is not.
    expect(requesterOf(account('gb 980 7806 84'))).toBe('GB980780684');
    expect(requesterOf(account('CHE-116.281.710 MWST'))).toBeNull();
    expect(() => parseOwnVatNumber('CHE-116.281.710 MWST')).toThrow(
      /^"CHE-116\.281\.710 MWST" is not a VAT number VIES or HMRC can check: /,
    );
  });

  it('runs email at the plan’s depth, and never below STANDARD', async () => {
    const levels = await Promise.all(
      (['FREE', 'STARTER', 'GROWTH', 'PRO'] as const).map(async (plan) => {
        const result = await FIELD_VALIDATORS.email(SAMPLES.email, context({ plan }).validation);
        return (result as { emailDetails: { applied_level: string } }).emailDetails.applied_level;
      }),
    );
    expect(levels).toEqual(['STANDARD', 'STANDARD', 'ADVANCED', 'PREMIUM']);
    const basic = { ...context().validation, plan: { ...PLANS.FREE, emailLevel: 'BASIC' as const } };
    expect(((await FIELD_VALIDATORS.email(SAMPLES.email, basic)) as { emailDetails: { applied_level: string } }).emailDetails.applied_level).toBe('STANDARD');
  });
});
