/**
 * `verifield accounts create|list|login-link` (docs/service.md#command-line): accounts straight in the store, for the
 * operator of a service. `create` prints only the new id on stdout, so a script can capture it;
 * `login-link` only the URL that signs the account in to the dashboard.
 */
import { parseDay, parseName, parseOwnVatNumber, parsePlan, PLANS } from '../server/index.js';
import { readFlag, runSubcommand } from './admin-errors.js';
import { LOGIN_LINK_FLAGS, loginLinkUrlHelp, printLoginLink } from './admin.js';
import { CREATE_STORE_SWITCH, withAdmin } from './admin-store.js';
import { expectPositionals, parseArgs, requireValue } from './args.js';
import { EXIT_OK, processIo, type CliIo } from './io.js';
import { STORE_FLAGS, storeOptionsUsage } from './serve-options.js';
import { formatTable, formatTime } from './table.js';

export const accountsUsage = `usage: verifield accounts create --name NAME --plan FREE|STARTER|GROWTH|PRO [--start YYYY-MM-DD] [--vat-number CC123] [--create]
       verifield accounts list [--json]
       verifield accounts login-link --account ID [--url BASE]
--start is the subscription day that anchors the monthly billing periods (default: today, UTC);
--vat-number is the account's own EU VAT number, sent to VIES as requester for consultation numbers.
--create makes a new embedded store when the directory holds none; without it, every command refuses
a directory without a store (so a command run from the wrong directory never makes a stray one).
login-link prints a one-time link that signs the account in to the dashboard (its own pages only).
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

/** `verifield accounts …`; resolves with the exit status. */
export function runAccounts(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return runSubcommand(io, accountsUsage, 'accounts', { create, list, 'login-link': loginLink }, argv);
}
