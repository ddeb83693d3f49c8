/**
 * Account and key administration as the CLI (and the first start) do it: the inputs read and
 * checked the same way everywhere, and a key created so that it exists only as a hash afterwards.
 * Bad input is a RangeError whose message says what is accepted.
 */
import { readRequester } from '../../vat/registry/requester.js';
import { expiryFrom, generateApiKey, hashApiKey, hasKeyShape, type GeneratedKey } from './api-keys.js';
import { PLANS, type PlanLimits } from '../policy/plans.js';
import { FIELDS_IN_SCOPE_ORDER, isFieldName } from '../../fields/catalog.js';
import type { Account, ApiKeyRecord, Field, Plan, Store } from '../storage/types.js';

/** Every scope a key can carry, which is every validation field, in the order keys hold them. */
export const ALL_SCOPES: readonly Field[] = FIELDS_IN_SCOPE_ORDER;

/**
 * The scope "all fields": every field, those added to the service later included. Keys get it
 * unless restricted to a list of fields, which stays as chosen (docs/service.md#api-keys).
 */
export const ALL_FIELDS = 'all';

/** What a key may validate: "all fields", or a list of fields kept as chosen. */
export type KeyScope = typeof ALL_FIELDS | readonly Field[];

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_NAME_LENGTH = 100;

/**
 * `iban,vat,…` into scopes (no duplicates, in the order of {@link ALL_SCOPES}).
 * @throws RangeError naming the accepted scopes when a word is none, or none is given.
 * @example
 * ```ts
 * parseScopes('vat, IBAN'); // ['iban', 'vat']
 * parseScopes('ssn,nif,ssn'); // ['nif', 'ssn']
 * ```
 */
export function parseScopes(text: string): Field[] {
  const words = text.split(',').map((word) => word.trim().toLowerCase()).filter((word) => word !== '');
  const unknown = words.filter((word) => !isFieldName(word));
  if (unknown.length > 0 || words.length === 0) {
    throw new RangeError(`scopes must be a comma-separated list of ${ALL_SCOPES.join(', ')}${unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''}`);
  }
  return ALL_SCOPES.filter((scope) => words.includes(scope));
}

/**
 * `all` (any case) into the scope "all fields", anything else as {@link parseScopes} reads it: the
 * `--scopes` of `keys create`. A list naming every field stays a list.
 * @throws RangeError as {@link parseScopes}.
 * @example
 * ```ts
 * parseKeyScope(' ALL '); // 'all'
 * parseKeyScope('vat,iban'); // ['iban', 'vat']
 * ```
 */
export function parseKeyScope(text: string): KeyScope {
  return text.trim().toLowerCase() === ALL_FIELDS ? ALL_FIELDS : parseScopes(text);
}

/**
 * A calendar day written YYYY-MM-DD (the subscription start that anchors the billing periods).
 * @throws RangeError for anything else, or a day the calendar does not have.
 * @example
 * ```ts
 * parseDay(' 2026-01-15 '); // '2026-01-15'
 * ```
 */
export function parseDay(text: string): string {
  const match = ISO_DAY.exec(text.trim());
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!match || day === null || day.toISOString().slice(0, 10) !== match[0]) {
    throw new RangeError(`"${text}" is not a date: use YYYY-MM-DD, e.g. 2026-01-15`);
  }
  return match[0];
}

/**
 * The account's own VAT number, checked and normalized; it must be one VIES or HMRC knows (it is
 * sent as requester to its own registry), as src/vat/registry/requester.ts reads it.
 * @throws RangeError saying what is wrong with the number, or that neither VIES nor HMRC covers its prefix.
 * @example
 * ```ts
 * parseOwnVatNumber('fr 40 303 265 045'); // 'FR40303265045'
 * ```
 */
export function parseOwnVatNumber(text: string): string {
  const reading = readRequester(text);
  if (!reading.ok) throw new RangeError(`"${text}" is not a VAT number VIES or HMRC can check: ${reading.message}`);
  return reading.normalized;
}

/**
 * A name for an account or a key: something a person will recognise in a list.
 * @throws RangeError for an empty name, one over 100 characters, or one with control characters.
 * @example
 * ```ts
 * parseName('  web shop '); // 'web shop'
 * ```
 */
export function parseName(text: string): string {
  const name = text.trim();
  // Control characters would garble the tables `list` prints; bidirectional overrides and isolates
  // would make a name read as another in the dashboard's lists (joiners, which scripts need, stay).
  if (name === '' || name.length > MAX_NAME_LENGTH || /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(name)) {
    throw new RangeError(`a name must be 1 to ${MAX_NAME_LENGTH} printable characters`);
  }
  return name;
}

/** No account has the id given. */
export class UnknownAccountError extends Error {
  /** Always `UnknownAccountError`. */
  override readonly name = 'UnknownAccountError';
  constructor(
    /** The id no account has. */
    readonly accountId: string,
  ) {
    super(`no account with id ${accountId}`);
  }
}

/** The account is suspended: it gets no new key until it is resumed. */
export class AccountSuspendedError extends Error {
  /** Always `AccountSuspendedError`. */
  override readonly name = 'AccountSuspendedError';
  constructor(
    /** The suspended account's id. */
    readonly accountId: string,
  ) {
    super('This account is suspended: it gets no new API key until the operator resumes it');
  }
}

/** What to create a key with; see {@link createApiKey}. */
export interface KeyRequest {
  /** The account the key belongs to. */
  accountId: string;
  /** A name people will recognise in `keys list` (e.g. "web shop"). */
  name: string;
  /** `12h`, `30d`, `8w`, `1y` or `never` (default). */
  expires?: string;
  /** The endpoints the key may call; default: "all fields" ({@link ALL_FIELDS}), which covers fields added later. */
  scopes?: KeyScope;
}

/**
 * Creates a key for an account within its plan's maximum of live keys. Resolves with the record
 * and the key itself, which must be shown once and never kept. Rejects with a RangeError for bad
 * input, an UnknownAccountError, an AccountSuspendedError, or a KeyLimitError (../storage/types.ts)
 * at the plan's maximum (of `plans`: the contract's unless the service was given other limits).
 */
export async function createApiKey(
  store: Store,
  request: KeyRequest,
  now: Date,
  plans: Readonly<Record<Plan, PlanLimits>> = PLANS,
  generated: GeneratedKey = generateApiKey(),
): Promise<{ record: ApiKeyRecord; key: string; account: Account }> {
  const name = parseName(request.name);
  const expiresAt = expiryFrom(request.expires ?? 'never', now);
  const account = await store.accounts.get(request.accountId);
  if (account === null) throw new UnknownAccountError(request.accountId);
  // A key made now would only answer 401 ACCOUNT_SUSPENDED; refusing says why at once.
  if (account.suspendedAt !== null) throw new AccountSuspendedError(account.id);
  const { key, hash, displayPrefix } = generated;
  const scope = request.scopes ?? ALL_FIELDS;
  const scopes = scope === ALL_FIELDS ? { scopes: [...ALL_SCOPES], allFields: true } : { scopes: [...scope] };
  const record = await store.keys.create(
    { accountId: account.id, name, displayPrefix, hash, ...scopes, expiresAt },
    plans[account.plan].maxKeys,
    now,
  );
  return { record, key, account };
}

/** A key's state at `now`, in the words `keys list` prints. */
export function keyStatus(key: ApiKeyRecord, now: Date): 'live' | 'revoked' | 'expired' {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'live';
}

/** What {@link revokeApiKey} found and did. */
export type RevokeOutcome =
  /** Revoked now. */
  | { status: 'revoked'; key: ApiKeyRecord }
  /** Revoked before: nothing changed, `key.revokedAt` is when. */
  | { status: 'already-revoked'; key: ApiKeyRecord }
  | { status: 'unknown' };

/** Every key of every account: the store finds keys by account or by hash, so this goes through the accounts (fine for an operator's command). */
async function allKeys(store: Store): Promise<ApiKeyRecord[]> {
  const accounts = await store.accounts.list();
  return (await Promise.all(accounts.map((account) => store.keys.list(account.id)))).flat();
}

/** The key with this id. */
async function findKey(store: Store, keyId: string): Promise<ApiKeyRecord | null> {
  return (await allKeys(store)).find((candidate) => candidate.id === keyId) ?? null;
}

/**
 * The keys `reference` names: the key's id, the key itself (`vf_` and 43 characters: found by its
 * hash), or its display prefix as `keys list` and the dashboard show it (`vf_AbCd`, with or without
 * the `…`). Several keys may share a prefix; none or several is for the caller to explain.
 * @example
 * ```ts
 * const store = await openEmbeddedStore();
 * const account = await store.accounts.create({ name: 'shop', plan: 'PRO', subscriptionStart: '2026-01-15', vatNumber: null });
 * const { key, record } = await createApiKey(store, { accountId: account.id, name: 'web' }, new Date());
 * (await findKeys(store, key))[0]?.id === record.id; // true
 * (await findKeys(store, `${record.displayPrefix}…`))[0]?.id === record.id; // true
 * await store.close();
 * ```
 */
export async function findKeys(store: Store, reference: string): Promise<ApiKeyRecord[]> {
  const text = reference.trim().replace(/(…|\.\.\.)$/, '');
  if (hasKeyShape(text)) {
    const found = await store.keys.findByHash(hashApiKey(text));
    return found === null ? [] : [found.key];
  }
  const keys = await allKeys(store);
  const byId = keys.filter((key) => key.id === text);
  return byId.length > 0 ? byId : keys.filter((key) => key.displayPrefix === text);
}

/** Revokes a key unless it is revoked already, and says which happened (`keys revoke` reports both). */
export async function revokeApiKey(store: Store, keyId: string, now: Date): Promise<RevokeOutcome> {
  const key = await findKey(store, keyId);
  if (key === null) return { status: 'unknown' };
  if (key.revokedAt !== null) return { status: 'already-revoked', key };
  // The store keeps the first revocation time, so a revocation racing this one changes nothing.
  if (!(await store.keys.revoke(keyId, now))) return { status: 'unknown' };
  return { status: 'revoked', key: { ...key, revokedAt: now } };
}
