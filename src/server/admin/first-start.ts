/**
 * The first start (docs/service.md#first-start): on a store without accounts, `serve` creates a FREE account
 * "default" with one key, and prints the key (once: only its hash is kept) with a curl line that
 * works as printed. Claimed like a job slot, so that instances starting together on an empty
 * PostgreSQL create one account, not one each.
 */
import type { Clock } from '../../ports.js';
import type { Account, ApiKeyRecord, Store } from '../storage/types.js';
import { createAccountAdmin } from './service.js';

/** What the first start created; `key` is the only copy of the key there will ever be. */
export interface FirstRun {
  /** The FREE account "default". */
  account: Account;
  /** Its key as stored (the hash, never the key). */
  keyRecord: ApiKeyRecord;
  /** The key itself, to be shown once. */
  key: string;
}

/** An IBAN anyone can check: the example of the German IBAN format, with valid check digits. */
const EXAMPLE_IBAN = 'DE89 3704 0044 0532 0130 00';

/**
 * Creates the default FREE account and its key when the store has no account; null otherwise
 * (or when another instance is doing it at the same time).
 * @example
 * ```ts
 * const store = await openEmbeddedStore();
 * const run = await bootstrapStore(store, { now: () => new Date(), instanceId: 'example' });
 * run?.account.plan; // 'FREE'
 * run?.key.startsWith('vf_'); // true
 * await bootstrapStore(store, { now: () => new Date(), instanceId: 'example' }); // null
 * await store.close();
 * ```
 */
export async function bootstrapStore(store: Store, options: { now: Clock; instanceId: string }): Promise<FirstRun | null> {
  if ((await store.accounts.list()).length > 0) return null;
  if (!(await store.jobs.claim('bootstrap', 'default-account', options.instanceId))) return null;
  // One reading of the clock: the key is created at the instant the account starts.
  const now = options.now();
  const admin = createAccountAdmin(store, { now: () => now });
  const account = await admin.createAccount({ name: 'default', plan: 'FREE' });
  const { record, key } = await admin.createKey({ accountId: account.id, name: 'default' });
  return { account, keyRecord: record, key };
}

/** Single-quotes a word for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl command that validates the example IBAN with `key` against the service at `baseUrl`.
 * @example
 * ```ts
 * exampleCurl('http://127.0.0.1:8080', 'vf_KEY').startsWith("curl -sS -X POST 'http://127.0.0.1:8080/api/v1/validate/iban'"); // true
 * ```
 */
export function exampleCurl(baseUrl: string, key: string): string {
  return [
    'curl -sS -X POST',
    shellQuote(`${baseUrl}/api/v1/validate/iban`),
    `-H 'Content-Type: application/json'`,
    `-H ${shellQuote(`X-API-KEY: ${key}`)}`,
    `-d ${shellQuote(JSON.stringify({ value: EXAMPLE_IBAN }))}`,
  ].join(' ');
}

/** The lines `serve` prints after a first start. */
export function firstRunMessage(run: FirstRun, baseUrl: string): string {
  return [
    `Created the FREE account "default" (${run.account.id}) and its API key.`,
    'Store the key now: only its hash is kept, it is not shown again.',
    '',
    run.key,
    '',
    'Try it:',
    exampleCurl(baseUrl, run.key),
    '',
    `Its dashboard (${baseUrl}/dashboard): print a sign-in link with the same --data-dir or --database-url as serve,`,
    `npx verifield accounts login-link --account ${run.account.id}`,
    '',
  ].join('\n');
}
