/**
 * `verifield admin login-link` (docs/service.md#command-line): a one-time link that signs the
 * operator in to the dashboard, and the printing that `verifield accounts login-link` shares. The
 * URL alone goes to stdout, so a script can capture it; what it is for goes to stderr.
 */
import { createLoginLink, DEFAULT_HOST, DEFAULT_PORT, LOGIN_LINK_TTL_MS, loginPath, reachableHost, SESSION_IDLE_MS } from '../server/index.js';
import { runSubcommand } from './admin-errors.js';
import { withAdmin } from './admin-store.js';
import { expectPositionals, parseArgs, UsageError, type ParsedArgs } from './args.js';
import { EXIT_OK, processIo, type CliIo } from './io.js';
import { parseHttpUrl, STORE_FLAGS, storeOptionsUsage } from './serve-options.js';
import { formatTime } from './table.js';

/** The `--url` help shared by both login-link commands. */
export const loginLinkUrlHelp = `--url BASE is the address the service is reached at (default: VERIFIELD_PUBLIC_URL, else
http://HOST:PORT from the HOST and PORT variables, as serve listens: ${DEFAULT_HOST}:${DEFAULT_PORT}).
The link works once, for ${LOGIN_LINK_TTL_MS / 60_000} minutes; the session it starts ends after ${SESSION_IDLE_MS / 3_600_000} hours without use.`;

/** The usage of `verifield admin`. */
export const adminUsage = `usage: verifield admin login-link [--url BASE]
Prints a one-time link that signs the operator in to the dashboard (every account).
${loginLinkUrlHelp}
Store (as for serve):
${storeOptionsUsage}`;

/** The flags of a login-link command: --url and the store's. */
export const LOGIN_LINK_FLAGS: readonly string[] = ['url', ...STORE_FLAGS];

/** The base URL to put the link under: `--url`, VERIFIELD_PUBLIC_URL, or http://HOST:PORT; a UsageError for one that is no http(s) URL. */
function baseUrl(args: ParsedArgs, env: CliIo['env']): string {
  const flag = args.values.get('url');
  const publicUrl = env.VERIFIELD_PUBLIC_URL;
  const [raw, source] =
    flag !== undefined
      ? [flag, '--url']
      : publicUrl !== undefined && publicUrl !== ''
        ? [publicUrl, 'VERIFIELD_PUBLIC_URL']
        : [`http://${reachableHost(env.HOST?.trim() || DEFAULT_HOST)}:${env.PORT?.trim() || String(DEFAULT_PORT)}`, 'HOST and PORT'];
  const url = parseHttpUrl(raw, source);
  // A base with a path (a service behind a prefix) keeps it; the link's path goes after it.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * Makes a login link for `accountId` (null: the operator) and prints it: the URL on stdout, what
 * it signs in to and until when on stderr. An unknown account exits 1 with its message.
 */
export async function printLoginLink(args: ParsedArgs, io: CliIo, accountId: string | null): Promise<number> {
  // Read before the store is opened, so that a bad URL is a usage mistake that touches nothing.
  const base = baseUrl(args, io.env);
  const { link, who } = await withAdmin(args, io, async (admin, store) => {
    const name = accountId === null ? null : (await admin.accountOverview(accountId)).account.name;
    return {
      link: await createLoginLink(store, accountId, io.now()),
      who: name === null ? 'the operator (every account)' : `the account "${name}" (${accountId})`,
    };
  });
  io.out(`${base}${loginPath(link.token)}\n`);
  io.err(`Sign-in link for ${who}: valid once, for ${LOGIN_LINK_TTL_MS / 60_000} minutes (until ${formatTime(link.expiresAt)}).\n`);
  return EXIT_OK;
}

async function loginLink(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: LOGIN_LINK_FLAGS });
  expectPositionals(args, 0, '');
  return printLoginLink(args, io, null);
}

/** `verifield admin …`; resolves with the exit status. */
export function runAdmin(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return runSubcommand(io, adminUsage, 'admin', { 'login-link': loginLink }, argv);
}
