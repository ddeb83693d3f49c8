/**
 * Account administration over a {@link Store}: what `verifield accounts` and `verifield keys` do
 * (docs/service.md#command-line), as one API that the CLI calls and that a dashboard or a JSON admin
 * API can call the same way. Inputs are read and checked as everywhere else (key-admin.ts): bad
 * input is a RangeError whose message says what is accepted, an unknown account an
 * UnknownAccountError. A key exists in clear only in what {@link AccountAdmin.createKey} returns.
 */
import type { Clock } from '../../ports.js';
import { billingPeriod, isPlan, PLANS } from '../policy/plans.js';
import type { Account, ApiKeyRecord, DailyUsageTotal, Plan, Store } from '../storage/types.js';
import {
  createApiKey,
  keyStatus,
  parseDay,
  parseName,
  parseOwnVatNumber,
  revokeApiKey,
  UnknownAccountError,
  type KeyRequest,
  type RevokeOutcome,
} from './key-admin.js';

/** What to create an account with; see {@link AccountAdmin.createAccount}. */
export interface AccountRequest {
  /** Something a person will recognise in a list: 1 to 100 printable characters. */
  name: string;
  /** FREE, STARTER, GROWTH or PRO (any case). */
  plan: string;
  /** The day (YYYY-MM-DD) that anchors the monthly billing periods. Default: today (UTC). */
  subscriptionStart?: string;
  /** The account's own EU VAT number, sent to VIES as requester. Default: none. */
  vatNumber?: string | null;
}

/** An account with the state of its current billing period. */
export interface AccountOverview {
  /** The account. */
  account: Account;
  /** The billing period now: dates YYYY-MM-DD, end exclusive. */
  period: { start: string; end: string };
  /** Validations counted in the period. */
  used: number;
  /** Validations the plan includes per period. */
  quota: number;
}

/** A key as it may be shown: everything but its hash, with its state now. */
export type ListedKey = Omit<ApiKeyRecord, 'hash'> & { status: 'live' | 'revoked' | 'expired' };

/** A key just created: `key` is the only copy there will ever be, to be shown once. */
export interface CreatedKey {
  /** The key as stored: its hash and display prefix, never the key. */
  record: ApiKeyRecord;
  /** The key itself (`vf_…`): show it once, never keep it. */
  key: string;
  /** The account it belongs to. */
  account: Account;
}

/** The administration of accounts and keys; see {@link createAccountAdmin}. */
export interface AccountAdmin {
  /** Creates an account; rejects with a RangeError for bad input. */
  createAccount(request: AccountRequest): Promise<Account>;
  /** Every account, with its current period's count. */
  listAccounts(): Promise<AccountOverview[]>;
  /**
   * Creates a key within the plan's maximum of live keys. Rejects with a RangeError for bad input,
   * an UnknownAccountError, or a KeyLimitError at the plan's maximum.
   */
  createKey(request: KeyRequest): Promise<CreatedKey>;
  /** The keys of an account, newest last; rejects with an UnknownAccountError. */
  listKeys(accountId: string): Promise<ListedKey[]>;
  /** Revokes a key unless it is revoked already, and says which happened. */
  revokeKey(keyId: string): Promise<RevokeOutcome>;
  /**
   * The per-day totals of an account from `fromDay` to `toDay` (YYYY-MM-DD, both included); they
   * outlive the usage log's rows. Rejects with an UnknownAccountError, or when the store keeps no totals.
   */
  usageTotals(accountId: string, fromDay: string, toDay: string): Promise<DailyUsageTotal[]>;
}

/**
 * A plan's name in any case and spacing; a RangeError naming the plans for anything else.
 * @example
 * ```ts
 * parsePlan(' growth '); // 'GROWTH'
 * ```
 */
export function parsePlan(text: string): Plan {
  const plan = text.trim().toUpperCase();
  if (!isPlan(plan)) throw new RangeError(`"${text}" is not a plan: use FREE, STARTER, GROWTH or PRO`);
  return plan;
}

const systemClock: Clock = () => new Date();

/**
 * The administration of the accounts and keys in `store`, on `options.now` (default: the system
 * clock). The store stays the caller's to close.
 * @example
 * ```ts
 * const store = await openEmbeddedStore();
 * const admin = createAccountAdmin(store);
 * const account = await admin.createAccount({ name: 'Web shop', plan: 'starter' });
 * account.plan; // 'STARTER'
 * const { key } = await admin.createKey({ accountId: account.id, name: 'checkout', scopes: ['iban'] });
 * key.startsWith('vf_'); // true
 * (await admin.listKeys(account.id)).map((listed) => [listed.name, listed.status]); // [['checkout', 'live']]
 * (await admin.listAccounts())[0]?.quota; // 10000
 * await store.close();
 * ```
 */
export function createAccountAdmin(store: Store, options: { now?: Clock } = {}): AccountAdmin {
  const now = options.now ?? systemClock;

  async function accountOf(accountId: string): Promise<Account> {
    const account = await store.accounts.get(accountId);
    if (account === null) throw new UnknownAccountError(accountId);
    return account;
  }

  return {
    async createAccount(request) {
      const name = parseName(request.name);
      const plan = parsePlan(request.plan);
      const subscriptionStart = request.subscriptionStart === undefined ? now().toISOString().slice(0, 10) : parseDay(request.subscriptionStart);
      const vatNumber = request.vatNumber === undefined || request.vatNumber === null ? null : parseOwnVatNumber(request.vatNumber);
      return store.accounts.create({ name, plan, subscriptionStart, vatNumber });
    },

    async listAccounts() {
      const at = now();
      return Promise.all(
        (await store.accounts.list()).map(async (account) => {
          const period = billingPeriod(account.subscriptionStart, at);
          return { account, period, used: await store.usage.used(account.id, period.start), quota: PLANS[account.plan].quota };
        }),
      );
    },

    async createKey(request) {
      return createApiKey(store, request, now());
    },

    async listKeys(accountId) {
      await accountOf(accountId);
      const at = now();
      return (await store.keys.list(accountId)).map((key) => {
        // The hash stays in the store: it is all an attacker would need to test guesses offline.
        const { hash: _hash, ...shown } = key;
        return { ...shown, status: keyStatus(key, at) };
      });
    },

    async revokeKey(keyId) {
      return revokeApiKey(store, keyId, now());
    },

    async usageTotals(accountId, fromDay, toDay) {
      await accountOf(accountId);
      if (store.usage.dailyTotals === undefined) throw new Error('this store keeps no per-day usage totals');
      return store.usage.dailyTotals(accountId, parseDay(fromDay), parseDay(toDay));
    },
  };
}
