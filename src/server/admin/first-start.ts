/**
 * The first start (docs/service.md#first-start): on a store without accounts, `serve` creates a FREE account
 * "default" with one key, and prints the key (once: only its hash is kept) with a curl line that
 * works as printed. Claimed like a job slot, so that instances starting together on an empty
 * PostgreSQL create one account, not one each.
 */
import type { Clock } from '../../ports.js';
import { createApiKey } from './key-admin.js';
import type { Account, ApiKeyRecord, Store } from '../storage/types.js';

/** What the first start created; `key` is the only copy of the key there will ever be. */
export interface FirstRun {
  account: Account;
  keyRecord: ApiKeyRecord;
  key: string;
}

/** An IBAN anyone can check: the example of the German IBAN format, with valid check digits. */
const EXAMPLE_IBAN = 'DE89 3704 0044 0532 0130 00';

/**
 * Creates the default FREE account and its key when the store has no account; null otherwise
 * (or when another instance is doing it at the same time).
 */
export async function bootstrapStore(store: Store, options: { now: Clock; instanceId: string }): Promise<FirstRun | null> {
  if ((await store.accounts.list()).length > 0) return null;
  if (!(await store.jobs.claim('bootstrap', 'default-account', options.instanceId))) return null;
  const now = options.now();
  const account = await store.accounts.create({
    name: 'default',
    plan: 'FREE',
    subscriptionStart: now.toISOString().slice(0, 10),
    vatNumber: null,
  });
  const { record, key } = await createApiKey(store, { accountId: account.id, name: 'default' }, now);
  return { account, keyRecord: record, key };
}

/** Single-quotes a word for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The curl command that validates the example IBAN with `key` against the service at `baseUrl`. */
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
  ].join('\n');
}
