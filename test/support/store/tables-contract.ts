/**
 * The SQL store's tables, as one suite run on each engine: accounts, keys (and their version),
 * VIES cache, circuit breakers, status samples, rates, job slots, migrations. SQLite in
 * test/server/storage/sqlite/store.test.ts, PostgreSQL in test/server/storage/postgres/store.scale.test.ts. Metering is in
 * ./meter-contract.ts, persistence in test/server/storage/sqlite/durability.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryBreakerStore } from '../../../src/adapters/memory.js';
import type { CachedVatAnswer, CircuitBreakerStore, VatRates, ViesStatusSnapshot } from '../../../src/ports.js';
import { expiryFrom, generateApiKey } from '../../../src/server/admin/api-keys.js';
import { PLANS } from '../../../src/server/policy/plans.js';
import { migrate, schemaVersion, type SqlClient } from '../../../src/server/storage/index.js';
import { KeyLimitError, type Account, type Field, type NewApiKey, type Plan, type Store } from '../../../src/server/storage/types.js';

/** A store under test and the SQL client it runs on. */
export interface OpenedSqlStore {
  sql: SqlClient;
  store: Store;
}

/** Runs the tables suite on the store `open` makes (closed after the suite). */
export function describeStoreTables(engine: string, open: () => Promise<OpenedSqlStore>): void {
  describe(`the SQL store's tables on ${engine}`, () => {
    let sql: SqlClient;
    let store: Store;

    beforeAll(async () => {
      ({ sql, store } = await open());
    }, 60_000);

    afterAll(async () => {
      await store?.close();
    });

    const NOW = new Date('2026-03-10T12:00:00.000Z');

    async function newAccount(plan: Plan = 'FREE', overrides: Partial<Account> = {}): Promise<Account> {
      return store.accounts.create({
        name: overrides.name ?? `Account ${Math.random().toString(36).slice(2)}`,
        plan,
        subscriptionStart: overrides.subscriptionStart ?? '2026-01-31',
        vatNumber: overrides.vatNumber ?? null,
      });
    }

    function newKey(accountId: string, overrides: Partial<NewApiKey> = {}): NewApiKey {
      const { hash, displayPrefix } = generateApiKey();
      return {
        accountId,
        name: 'default',
        displayPrefix,
        hash,
        scopes: ['vat', 'iban', 'email', 'phone', 'nif', 'nas', 'ssn'],
        expiresAt: null,
        ...overrides,
      };
    }

    describe('schema migrations', () => {
      it('are recorded, and running them again applies nothing', async () => {
        const { rows } = await sql.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
        expect(rows.map((row) => row.version)).toEqual(Array.from({ length: schemaVersion(sql) }, (_, i) => i + 1));
        expect(await migrate(sql)).toEqual([]);
      });

      it('refuse a database migrated by a newer verifield', async () => {
        await sql.query('INSERT INTO schema_migrations (version) VALUES ($1)', [schemaVersion(sql) + 1]);
        try {
          await expect(migrate(sql)).rejects.toThrow(/newer than this verifield/);
        } finally {
          await sql.query('DELETE FROM schema_migrations WHERE version = $1', [schemaVersion(sql) + 1]);
        }
      });
    });

    describe('accounts', () => {
      it('are created with an id and read back as written', async () => {
        const account = await newAccount('GROWTH', {
          name: 'Café Müller S.L.',
          subscriptionStart: '2024-02-29',
          vatNumber: 'ESB12345674',
        });
        expect(account.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(account).toMatchObject({
          name: 'Café Müller S.L.',
          plan: 'GROWTH',
          subscriptionStart: '2024-02-29',
          vatNumber: 'ESB12345674',
        });
        expect(account.createdAt).toBeInstanceOf(Date);
        expect(await store.accounts.get(account.id)).toEqual(account);
        expect((await store.accounts.list()).map((a) => a.id)).toContain(account.id);
      });

      it('answer null for an unknown id', async () => {
        expect(await store.accounts.get('no-such-account')).toBeNull();
      });

      it('refuse an unknown plan or an impossible subscription day', async () => {
        await expect(
          store.accounts.create({ name: 'x', plan: 'GOLD' as Plan, subscriptionStart: '2026-01-01', vatNumber: null })
        ).rejects.toThrow(/plan/);
        await expect(store.accounts.create({ name: 'x', plan: 'FREE', subscriptionStart: '2026-02-30', vatNumber: null })).rejects.toThrow(
          /YYYY-MM-DD/
        );
      });
    });

    describe('API keys', () => {
      it('are stored as hash and prefix and found by hash together with their account', async () => {
        const account = await newAccount('PRO', { vatNumber: 'DE136695976' });
        const input = newKey(account.id, { name: 'ci', scopes: ['iban', 'vat'], expiresAt: expiryFrom('30d', NOW) });
        const record = await store.keys.create(input, PLANS.PRO.maxKeys, NOW);
        expect(record).toMatchObject({
          accountId: account.id,
          name: 'ci',
          hash: input.hash,
          displayPrefix: input.displayPrefix,
          scopes: ['iban', 'vat'],
          expiresAt: new Date(NOW.getTime() + 30 * 86_400_000),
          revokedAt: null,
          createdAt: NOW,
        });
        const found = await store.keys.findByHash(input.hash);
        expect(found).toEqual({ key: record, account });
        expect(await store.keys.list(account.id)).toEqual([record]);
        expect(await store.keys.findByHash('0'.repeat(64))).toBeNull();
      });

      it('stop at the plan maximum of live keys; revoked and expired keys do not count', async () => {
        const account = await newAccount('FREE');
        const first = await store.keys.create(newKey(account.id), PLANS.FREE.maxKeys, NOW);
        const refused = store.keys.create(newKey(account.id), PLANS.FREE.maxKeys, NOW);
        await expect(refused).rejects.toBeInstanceOf(KeyLimitError);
        await expect(refused).rejects.toThrow('This plan allows at most 1 live API key; revoke one first');

        expect(await store.keys.revoke(first.id, NOW)).toBe(true);
        const short = await store.keys.create(newKey(account.id, { expiresAt: expiryFrom('12h', NOW) }), PLANS.FREE.maxKeys, NOW);
        const later = new Date(NOW.getTime() + 13 * 3_600_000);
        // Still live at NOW, expired 13 hours later.
        await expect(store.keys.create(newKey(account.id), PLANS.FREE.maxKeys, NOW)).rejects.toBeInstanceOf(KeyLimitError);
        await store.keys.create(newKey(account.id), PLANS.FREE.maxKeys, later);
        expect((await store.keys.list(account.id)).map((key) => key.id)).toContain(short.id);
      });

      it('keep the maximum when many creations race', async () => {
        const account = await newAccount('STARTER');
        const attempts = await Promise.allSettled(
          Array.from({ length: 12 }, () => store.keys.create(newKey(account.id), PLANS.STARTER.maxKeys, NOW))
        );
        const created = attempts.filter((a) => a.status === 'fulfilled');
        const refused = attempts.filter((a) => a.status === 'rejected');
        expect(created).toHaveLength(PLANS.STARTER.maxKeys);
        expect(refused.every((a) => (a as PromiseRejectedResult).reason instanceof KeyLimitError)).toBe(true);
        expect(await store.keys.list(account.id)).toHaveLength(PLANS.STARTER.maxKeys);
      });

      it('are revoked once: the first revocation time stays, an unknown id answers false', async () => {
        const account = await newAccount('PRO');
        const key = await store.keys.create(newKey(account.id), PLANS.PRO.maxKeys, NOW);
        const revokedAt = new Date(NOW.getTime() + 60_000);
        expect(await store.keys.revoke(key.id, revokedAt)).toBe(true);
        expect(await store.keys.revoke(key.id, new Date(NOW.getTime() + 120_000))).toBe(true);
        const found = await store.keys.findByHash(key.hash);
        expect(found?.key.revokedAt).toEqual(revokedAt);
        expect(await store.keys.revoke('no-such-key', NOW)).toBe(false);
      });

      it('move the keys version on every creation and revocation, and only then', async () => {
        const account = await newAccount('PRO');
        const before = await store.keys.version?.();
        expect(before).toEqual(expect.any(String));
        await store.keys.findByHash('0'.repeat(64));
        await store.usage.count(
          {
            requestId: crypto.randomUUID(),
            accountId: account.id,
            keyId: 'k',
            periodStart: '2026-03-01',
            endpoint: 'iban',
            value: 'x',
            valid: true,
            status: 200,
            latencyMs: 1,
            sdk: null,
            at: NOW,
          },
          null
        );
        expect(await store.keys.version?.()).toBe(before);
        const key = await store.keys.create(newKey(account.id), PLANS.PRO.maxKeys, NOW);
        const created = await store.keys.version?.();
        expect(created).not.toBe(before);
        expect(await store.keys.revoke(key.id, NOW)).toBe(true);
        const revoked = await store.keys.version?.();
        expect(revoked).not.toBe(created);
        expect(await store.keys.revoke('no-such-key', NOW)).toBe(false);
        expect(await store.keys.version?.()).toBe(revoked);
      });

      it('refuse a key for an unknown account, and a malformed hash', async () => {
        await expect(store.keys.create(newKey('no-such-account'), 5, NOW)).rejects.toThrow(/No account/);
        const account = await newAccount('PRO');
        await expect(store.keys.create(newKey(account.id, { hash: 'not-a-sha256' }), 5, NOW)).rejects.toThrow();
        await expect(store.keys.create(newKey(account.id, { scopes: ['admin' as Field] }), 5, NOW)).rejects.toThrow();
      });
    });

    describe('VIES answer cache', () => {
      const entry = (checkedAt: Date, name = 'Dell GmbH'): CachedVatAnswer => ({
        answer: {
          valid: true,
          name,
          address: 'Unterschweinstiege 10\n60549 Frankfurt',
          requestDate: '2026-03-10',
          requestIdentifier: 'WAPIAAAA',
        },
        checkedAt,
        traderName: 'Dell',
        requester: 'ESB12345674',
      });

      it('keeps the last answer per country and number', async () => {
        expect(await store.viesCache.get('DE', '100000001')).toBeNull();
        await store.viesCache.set('DE', '100000001', entry(NOW));
        expect(await store.viesCache.get('DE', '100000001')).toEqual(entry(NOW));
        const newer = { ...entry(new Date(NOW.getTime() + 1000), 'Dell Technologies GmbH'), traderName: null, requester: null };
        await store.viesCache.set('DE', '100000001', newer);
        expect(await store.viesCache.get('DE', '100000001')).toEqual(newer);
        expect(await store.viesCache.get('AT', '100000001')).toBeNull();
      });

      it('keeps an answer without the optional fields as it came', async () => {
        const bare: CachedVatAnswer = {
          answer: { valid: false, requestDate: '2026-03-10' },
          checkedAt: NOW,
          traderName: null,
          requester: null,
        };
        await store.viesCache.set('FR', '40303265045', bare);
        const read = await store.viesCache.get('FR', '40303265045');
        expect(read).toEqual(bare);
        expect(Object.keys(read?.answer ?? {}).sort()).toEqual(['requestDate', 'valid']);
      });

      it('prunes the answers checked before a time and says how many went', async () => {
        await store.viesCache.set('NL', '000000001', entry(new Date('2026-01-01T00:00:00Z')));
        await store.viesCache.set('NL', '000000002', entry(new Date('2026-01-02T00:00:00Z')));
        await store.viesCache.set('NL', '000000003', entry(new Date('2026-02-01T00:00:00Z')));
        expect(await store.viesCache.prune(new Date('2026-01-15T00:00:00Z'))).toBe(2);
        expect(await store.viesCache.get('NL', '000000001')).toBeNull();
        expect(await store.viesCache.get('NL', '000000003')).not.toBeNull();
        expect(await store.viesCache.prune(new Date('2026-01-15T00:00:00Z'))).toBe(0);
      });
    });

    describe('circuit breaker store', () => {
      const t = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

      /** Every step of the port, in an order the registry policy uses, with each answer recorded. */
      async function script(breaker: CircuitBreakerStore, cc: string): Promise<unknown[]> {
        const out: unknown[] = [];
        out.push(await breaker.get(cc));
        out.push(await breaker.claimProbe(cc, t(0), t(4)));
        out.push(await breaker.recordFailure(cc, t(1)));
        out.push(await breaker.recordFailure(cc, t(2)));
        out.push(await breaker.recordFailure(cc, t(3)));
        await breaker.open(cc, t(3), t(63));
        out.push(await breaker.get(cc));
        out.push(await breaker.claimProbe(cc, t(30), t(34)));
        out.push(await breaker.claimProbe(cc, t(63), t(67)));
        out.push(await breaker.claimProbe(cc, t(64), t(68)));
        out.push(await breaker.recordFailure(cc, t(67)));
        out.push(await breaker.claimProbe(cc, t(67), t(71)));
        await breaker.reset(cc);
        out.push(await breaker.get(cc));
        await breaker.open(cc, t(80), t(140));
        out.push(await breaker.get(cc));
        out.push(await breaker.claimProbe(cc, t(141), t(145)));
        out.push((await breaker.list()).filter((entry) => entry.countryCode === cc));
        return out;
      }

      it('answers every step exactly as the in-memory breaker store does', async () => {
        expect(await script(store.breaker, 'PL')).toEqual(await script(memoryBreakerStore(), 'PL'));
      });

      it('lets exactly one of many concurrent probe claims through', async () => {
        await store.breaker.recordFailure('IT', t(0));
        await store.breaker.open('IT', t(0), t(60));
        const claims = await Promise.all(Array.from({ length: 25 }, () => store.breaker.claimProbe('IT', t(61), t(65))));
        expect(claims.filter(Boolean)).toHaveLength(1);
      });

      it('counts concurrent failures without losing one', async () => {
        const states = await Promise.all(Array.from({ length: 30 }, (_, i) => store.breaker.recordFailure('SE', t(i))));
        expect(states.map((s) => s.consecutiveFailures).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      });

      it('lists the stored countries in code order', async () => {
        await store.breaker.recordFailure('AT', t(0));
        const codes = (await store.breaker.list()).map((entry) => entry.countryCode);
        expect(codes).toEqual([...codes].sort());
        expect(codes).toContain('AT');
      });
    });

    describe('VIES status samples', () => {
      const snapshot = (available: boolean): ViesStatusSnapshot => ({
        vowAvailable: true,
        countries: [
          { countryCode: 'DE', availability: available ? 'Available' : 'Unavailable' },
          { countryCode: 'EL', availability: 'Monitoring Disabled' },
        ],
      });

      it('are read back from a time on, oldest first, and pruned before a time', async () => {
        const base = new Date('2030-01-01T00:00:00Z');
        const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
        await store.statusSamples.add(at(10), snapshot(false));
        await store.statusSamples.add(at(0), snapshot(true));
        await store.statusSamples.add(at(5), snapshot(true));
        expect(await store.statusSamples.since(at(5))).toEqual([
          { at: at(5), snapshot: snapshot(true) },
          { at: at(10), snapshot: snapshot(false) },
        ]);
        expect((await store.statusSamples.since(base)).map((s) => s.at)).toEqual([at(0), at(5), at(10)]);
        expect(await store.statusSamples.prune(at(6))).toBe(2);
        expect((await store.statusSamples.since(base)).map((s) => s.at)).toEqual([at(10)]);
      });
    });

    describe('VAT rates', () => {
      const rates = (standard: number): VatRates => ({
        source: 'TEDB',
        rates: [
          {
            countryCode: 'AT',
            standardRate: standard,
            reducedRates: [10, 13],
            regionalRates: [{ rate: 19, note: 'Jungholz, Mittelberg' }],
            situationOn: '2026-01-01',
            fetchedAt: '2026-03-10T00:05:00.000Z',
          },
        ],
      });

      it('keeps the last good rates as one document', async () => {
        await store.rates.save(rates(20));
        expect(await store.rates.load()).toEqual(rates(20));
        await store.rates.save(rates(21));
        expect(await store.rates.load()).toEqual(rates(21));
        const { rows } = await sql.query<{ n: number | string }>('SELECT count(*) AS n FROM vat_rates');
        expect(Number(rows[0]?.n)).toBe(1);
      });
    });

    describe('job slots', () => {
      it('are claimed once per job and slot', async () => {
        expect(await store.jobs.claim('rates', '2026-03-10', 'a')).toBe(true);
        expect(await store.jobs.claim('rates', '2026-03-10', 'b')).toBe(false);
        expect(await store.jobs.claim('rates', '2026-03-11', 'b')).toBe(true);
        expect(await store.jobs.claim('vies-status', '2026-03-10', 'b')).toBe(true);
      });

      it('have a single winner among concurrent instances', async () => {
        const wins = await Promise.all(
          Array.from({ length: 20 }, (_, i) => store.jobs.claim('prune', '2026-03-10T00:00', `instance-${i}`))
        );
        expect(wins.filter(Boolean)).toHaveLength(1);
      });
    });
  });
}
