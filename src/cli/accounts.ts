/**
 * `verifield accounts create|list|login-link|members` (docs/service.md#command-line): accounts straight in the store, for the
 * operator of a service. `create` prints only the new id on stdout, so a script can capture it;
 * `login-link` only the URL that signs the account in to the dashboard; `members add` only the new member's id.
 */
import {
  addMember,
  listMembers,
  MemberChangeError,
  normalizeEmail,
  parseDay,
  parseName,
  parseOwnVatNumber,
  parsePlan,
  parseRole,
  PLANS,
  removeMember,
} from '../server/index.js';
import { readFlag, runSubcommand } from './admin-errors.js';
import { LOGIN_LINK_FLAGS, loginLinkUrlHelp, printLoginLink } from './admin.js';
import { CREATE_STORE_SWITCH, withAdmin } from './admin-store.js';
import { expectPositionals, parseArgs, requireValue, UsageError } from './args.js';
import { EXIT_OK, processIo, type CliIo } from './io.js';
import { STORE_FLAGS, storeOptionsUsage } from './serve-options.js';
import { formatTable, formatTime } from './table.js';

export const accountsUsage = `usage: verifield accounts create --name NAME --plan FREE|STARTER|GROWTH|PRO [--start YYYY-MM-DD] [--vat-number CC123] [--create]
       verifield accounts list [--json]
       verifield accounts login-link --account ID [--url BASE]
       verifield accounts members add --account ID --email ADDRESS --role owner|developer|viewer
       verifield accounts members list --account ID [--json]
       verifield accounts members remove --account ID (--member MEMBER_ID | --email ADDRESS)
--start is the subscription day that anchors the monthly billing periods (default: today, UTC);
--vat-number is the account's own EU VAT number, sent to VIES as requester for consultation numbers.
--create makes a new embedded store when the directory holds none; without it, every command refuses
a directory without a store (so a command run from the wrong directory never makes a stray one).
login-link prints a one-time link that signs the account in to the dashboard (its own pages only), as its owner.
members: who may ask for a sign-in link by email at /dashboard/sign-in (the service needs --smtp-url), and
with which role: owner (everything, members included), developer (keys, webhooks, jobs), viewer (reads only).
Add the first owner here; owners add more in the dashboard. The last owner is never removed.
${loginLinkUrlHelp}
Store (as for serve):
${storeOptionsUsage}`;

async function create(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['name', 'plan', 'start', 'vat-number', ...STORE_FLAGS], switches: [CREATE_STORE_SWITCH] });
  expectPositionals(args, 0, '');
  const name = readFlag('name', requireValue(args, 'name'), parseName);
  const plan = readFlag('plan', requireValue(args, 'plan'), parsePlan);
  // Read here too, so that a bad flag is a usage mistake (with the flag's name) before the store is opened.
  const startText = args.values.get('start');
  const subscriptionStart = startText === undefined ? undefined : readFlag('start', startText, parseDay);
  const vatText = args.values.get('vat-number');
  const vatNumber = vatText === undefined ? null : readFlag('vat-number', vatText, parseOwnVatNumber);
  const account = await withAdmin(args, io, (admin) =>
    admin.createAccount({ name, plan, vatNumber, ...(subscriptionStart === undefined ? {} : { subscriptionStart }) }),
  );
  io.out(`${account.id}\n`);
  io.err(
    `Created the ${plan} account "${name}": ${PLANS[plan].quota.toLocaleString('en-US')} validations per billing period, ` +
      `periods starting on day ${Number(account.subscriptionStart.slice(8, 10))} of each month.\n`,
  );
  return EXIT_OK;
}

async function list(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: STORE_FLAGS, switches: ['json'] });
  expectPositionals(args, 0, '');
  const rows = await withAdmin(args, io, (admin) => admin.listAccounts());
  if (args.switches.has('json')) {
    const json = rows.map(({ account, period, used, quota }) => ({
      ...account,
      createdAt: account.createdAt.toISOString(),
      period,
      used,
      quota,
    }));
    io.out(`${JSON.stringify(json, null, 2)}\n`);
    return EXIT_OK;
  }
  if (rows.length === 0) {
    io.err('No accounts yet: create one with `verifield accounts create --name NAME --plan FREE`.\n');
    return EXIT_OK;
  }
  const table = formatTable(
    ['ID', 'NAME', 'PLAN', 'USED THIS PERIOD', 'PERIOD ENDS', 'VAT NUMBER', 'CREATED'],
    rows.map(({ account, period, used, quota }) => [
      account.id,
      account.name,
      account.plan,
      `${used.toLocaleString('en-US')} / ${quota.toLocaleString('en-US')}`,
      period.end,
      account.vatNumber ?? '-',
      formatTime(account.createdAt),
    ]),
  );
  io.out(`${table}\n`);
  return EXIT_OK;
}

async function loginLink(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['account', ...LOGIN_LINK_FLAGS] });
  expectPositionals(args, 0, '');
  return printLoginLink(args, io, requireValue(args, 'account').trim());
}

/** A refused member change as the message the operator reads (exit 1), anything else as it is. */
function memberRefusal(error: unknown): never {
  if (error instanceof MemberChangeError) throw new Error(error.message);
  throw error;
}

async function membersAdd(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['account', 'email', 'role', ...STORE_FLAGS] });
  expectPositionals(args, 0, '');
  const accountId = requireValue(args, 'account').trim();
  const email = readFlag('email', requireValue(args, 'email'), normalizeEmail);
  const role = readFlag('role', requireValue(args, 'role'), parseRole);
  const member = await withAdmin(args, io, (_admin, store) => addMember(store, accountId, email, role, io.now()).catch(memberRefusal));
  io.out(`${member.id}\n`);
  io.err(`Added ${member.email} as ${member.role}: they sign in at /dashboard/sign-in with this address.\n`);
  return EXIT_OK;
}

async function membersList(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['account', ...STORE_FLAGS], switches: ['json'] });
  expectPositionals(args, 0, '');
  const accountId = requireValue(args, 'account').trim();
  const members = await withAdmin(args, io, (_admin, store) => listMembers(store, accountId));
  if (args.switches.has('json')) {
    io.out(`${JSON.stringify(members.map((m) => ({ id: m.id, email: m.email, role: m.role, createdAt: m.createdAt.toISOString() })), null, 2)}\n`);
    return EXIT_OK;
  }
  if (members.length === 0) {
    io.err(`No members yet: add the first owner with \`verifield accounts members add --account ${accountId} --email ADDRESS --role owner\`.\n`);
    return EXIT_OK;
  }
  io.out(`${formatTable(['ID', 'EMAIL', 'ROLE', 'ADDED'], members.map((m) => [m.id, m.email, m.role, formatTime(m.createdAt)]))}\n`);
  return EXIT_OK;
}

async function membersRemove(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['account', 'member', 'email', ...STORE_FLAGS] });
  expectPositionals(args, 0, '');
  const accountId = requireValue(args, 'account').trim();
  const memberText = args.values.get('member');
  const emailText = args.values.get('email');
  if ((memberText === undefined) === (emailText === undefined)) throw new UsageError('give --member MEMBER_ID or --email ADDRESS (one of them)');
  const email = emailText === undefined ? undefined : readFlag('email', emailText, normalizeEmail);
  const removed = await withAdmin(args, io, async (_admin, store) => {
    const members = await listMembers(store, accountId);
    const member = members.find((m) => (email === undefined ? m.id === memberText?.trim() : m.email === email));
    if (member === undefined) throw new Error(`no member ${email ?? memberText ?? ''} in account ${accountId}: \`verifield accounts members list --account ${accountId}\` shows them`);
    await removeMember(store, accountId, member.id).catch(memberRefusal);
    return member;
  });
  io.err(`Removed ${removed.email} (${removed.role}); their sessions ended with them.\n`);
  return EXIT_OK;
}

function members(argv: readonly string[], io: CliIo): Promise<number> {
  // A call for help anywhere before `--` is one, even after an unknown word, as for the other subcommands (whose parseArgs sees it).
  const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (options.includes('--help') || options.includes('-h')) return runSubcommand(io, accountsUsage, 'accounts members', {}, ['help']);
  return runSubcommand(io, accountsUsage, 'accounts members', { add: membersAdd, list: membersList, remove: membersRemove }, argv);
}

/** `verifield accounts …`; resolves with the exit status. */
export function runAccounts(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return runSubcommand(io, accountsUsage, 'accounts', { create, list, 'login-link': loginLink, members }, argv);
}
