/**
 * The first start (docs/service.md#first-start): once `serve` listens on a store without accounts,
 * it creates a FREE account "default" with one key and prints the key (once: only its hash is kept)
 * with a curl line and a sign-in command that work as printed. Claimed like a job slot, so that
 * instances starting together on an empty PostgreSQL create one account, not one each.
 *
 * The key is shown before its hash is stored: a key that works is a key that was shown. So "the
 * key was never shown" reads from the store as "the default account has no key at all", and a later
 * start that finds it so (the first one died in between) says how to make one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../ports.js';
import type { Account, ApiKeyRecord, Store } from '../storage/types.js';
import { generateApiKey } from './api-keys.js';
import { createApiKey } from './key-admin.js';
import { createAccountAdmin } from './service.js';

/** The name of the account (and of its key) the first start creates. */
const DEFAULT_NAME = 'default';

/**
 * How long after a first start began another instance may still be finishing it: the account and
 * its key are made one right after the other, but a write may wait out the embedded store's 5 s busy
 * timeout. A start that finds the work unfinished waits this long before it says so.
 */
export const FIRST_START_GRACE_MS = 15_000;
/** How often a start that waits for another one's first start looks at the store again. */
const RECHECK_MS = 500;

/** What the first start shows: the account and its key, the only copy of the key there will ever be. */
export interface FirstRun {
  /** The FREE account "default". */
  account: Account;
  /** The key itself, to be shown once. */
  key: string;
}

/** This start created the account and its key, and showed the key before storing it. */
export interface FirstStartCreated {
  /** What happened. */
  status: 'created';
  /** The FREE account "default". */
  account: Account;
  /** The key, as shown. */
  key: string;
  /** The key as stored (its hash, never the key). */
  keyRecord: ApiKeyRecord;
}

/** A first start began and did not finish; {@link unfinishedMessage} says what to do. */
export interface FirstStartUnfinished {
  /** What happened. */
  status: 'unfinished';
  /** The default account without any key, or null when the store has no account at all. */
  account: Account | null;
}

/** Nothing to do: the store has its accounts and keys (or another instance is showing the key). */
export interface FirstStartSettled {
  /** What happened. */
  status: 'settled';
}

/** What a start found and did; see {@link bootstrapStore}. */
export type FirstStart = FirstStartCreated | FirstStartUnfinished | FirstStartSettled;

/** How {@link bootstrapStore} runs. */
export interface FirstStartOptions {
  /** The clock: the account and its key start at one reading of it. */
  now: Clock;
  /** This instance, for the claim. */
  instanceId: string;
  /** Shows the new key (e.g. {@link firstRunMessage} on stdout); called before its hash is stored. */
  show(run: FirstRun): void;
  /** Ends a wait for another instance's first start early (the service stopping): the answer is then `settled`. */
  signal?: AbortSignal;
}

/** The state of the store as the first start reads it. */
type Reading = { state: 'empty' } | { state: 'keyless'; account: Account } | { state: 'settled' };

async function read(store: Store): Promise<Reading> {
  const accounts = await store.accounts.list();
  if (accounts.length === 0) return { state: 'empty' };
  for (const account of accounts.filter((candidate) => candidate.name === DEFAULT_NAME)) {
    // Revoked keys count: a key that was stored was shown, whatever became of it.
    if ((await store.keys.list(account.id)).length === 0) return { state: 'keyless', account };
  }
  return { state: 'settled' };
}

/**
 * Creates the default FREE account and its key when the store has no account, showing the key
 * before its hash is stored; else says whether an earlier first start was left unfinished (after
 * waiting, when it may still be running elsewhere, up to {@link FIRST_START_GRACE_MS} from its
 * account's creation). Call it once the service listens, so that the key shown works at once.
 * @example
 * ```ts
 * const store = await openEmbeddedStore();
 * const shown: string[] = [];
 * const options = { now: () => new Date(), instanceId: 'example', show: (run: FirstRun) => shown.push(run.key) };
 * const first = await bootstrapStore(store, options);
 * first.status; // 'created'
 * shown[0]?.startsWith('vf_'); // true
 * (await bootstrapStore(store, options)).status; // 'settled'
 * await store.close();
 * ```
 */
export async function bootstrapStore(store: Store, options: FirstStartOptions): Promise<FirstStart> {
  let reading = await read(store);
  if (reading.state === 'empty' && (await store.jobs.claim('bootstrap', 'default-account', options.instanceId))) {
    // One reading of the clock: the key is created at the instant the account starts.
    const now = options.now();
    const account = await createAccountAdmin(store, { now: () => now }).createAccount({ name: DEFAULT_NAME, plan: 'FREE' });
    const generated = generateApiKey();
    options.show({ account, key: generated.key });
    let record: ApiKeyRecord;
    try {
      ({ record } = await createApiKey(store, { accountId: account.id, name: DEFAULT_NAME }, now, undefined, generated));
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      throw new Error(`the key printed above was not saved, so it does not work (${cause}); the next start says how to make one`);
    }
    return { status: 'created', account, key: generated.key, keyRecord: record };
  }
  if (reading.state === 'settled') return { status: 'settled' };
  // Unfinished, or another instance is at it right now: give it the time it may need, looking again
  // every so often (it usually takes milliseconds), then say so.
  const now = options.now().getTime();
  const begun = reading.state === 'keyless' ? reading.account.createdAt.getTime() : now;
  const deadline = performance.now() + begun + FIRST_START_GRACE_MS - now;
  for (let waitMs = deadline - performance.now(); waitMs > 0; waitMs = deadline - performance.now()) {
    try {
      await sleep(Math.min(waitMs, RECHECK_MS), undefined, options.signal === undefined ? {} : { signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) return { status: 'settled' };
      throw error;
    }
    reading = await read(store);
    if (reading.state === 'settled') return { status: 'settled' };
  }
  return { status: 'unfinished', account: reading.state === 'keyless' ? reading.account : null };
}

/** Single-quotes a word for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A word as a POSIX shell reads it: as it is when no character of it is special (a plain URL), else quoted. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : shellQuote(text);
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

/** An IBAN anyone can check: the example of the German IBAN format, with valid check digits. */
const EXAMPLE_IBAN = 'DE89 3704 0044 0532 0130 00';

/** The store flags to repeat, said once for every command these messages print. */
const SAME_STORE = 'with the same --data-dir or --database-url as serve';

/** The lines `serve` prints after a first start, for the service listening at `baseUrl`. */
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
    `Its dashboard (${baseUrl}/dashboard): print a sign-in link ${SAME_STORE},`,
    `npx verifield accounts login-link --account ${run.account.id} --url ${shellWord(baseUrl)}`,
    '',
  ].join('\n');
}

/** What `serve` says when a first start was left unfinished: how to make what is missing. */
export function unfinishedMessage(account: Account | null): string {
  if (account === null) {
    return [
      'The store has no account: a first start began on it and did not finish.',
      `Make one, then its key (printed once), ${SAME_STORE}:`,
      `npx verifield accounts create --name ${DEFAULT_NAME} --plan FREE`,
      `npx verifield keys create --account ID --name ${DEFAULT_NAME}`,
    ].join('\n');
  }
  return [
    `The ${account.plan} account "${account.name}" (${account.id}) has no API key: the start that created it ended before showing one.`,
    `Make its key (printed once) ${SAME_STORE}:`,
    `npx verifield keys create --account ${account.id} --name ${DEFAULT_NAME}`,
  ].join('\n');
}
