/**
 * `verifield accounts create|list` (docs/service.md#command-line): accounts straight in the store, for the
 * operator of a service. `create` prints only the new id on stdout, so a script can capture it.
 */
import { billingPeriod, isPlan, PLANS } from '../server/policy/plans.js';
import { parseDay, parseName, parseOwnVatNumber } from '../server/admin/key-admin.js';
import type { Plan } from '../server/storage/types.js';
import { readFlag, runCommand } from './admin-errors.js';
import { withStore } from './admin-store.js';
import { expectPositionals, parseArgs, requireValue, UsageError } from './args.js';
import { EXIT_OK, processIo, type CliIo } from './io.js';
import { STORE_FLAGS, storeOptionsUsage } from './serve-options.js';
import { formatTable, formatTime } from './table.js';

export const accountsUsage = `usage: verifield accounts create --name NAME --plan FREE|STARTER|GROWTH|PRO [--start YYYY-MM-DD] [--vat-number CC123]
       verifield accounts list [--json]
--start is the subscription day that anchors the monthly billing periods (default: today, UTC);
--vat-number is the account's own EU VAT number, sent to VIES as requester for consultation numbers.
Store (as for serve):
${storeOptionsUsage}`;

function readPlan(text: string): Plan {
  const plan = text.trim().toUpperCase();
  if (!isPlan(plan)) throw new RangeError(`"${text}" is not a plan: use FREE, STARTER, GROWTH or PRO`);
  return plan;
}

async function create(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['name', 'plan', 'start', 'vat-number', ...STORE_FLAGS] });
  expectPositionals(args, 0, '');
  const name = readFlag('name', requireValue(args, 'name'), parseName);
  const plan = readFlag('plan', requireValue(args, 'plan'), readPlan);
  const startText = args.values.get('start');
  const subscriptionStart = startText === undefined ? io.now().toISOString().slice(0, 10) : readFlag('start', startText, parseDay);
  const vatText = args.values.get('vat-number');
  const vatNumber = vatText === undefined ? null : readFlag('vat-number', vatText, parseOwnVatNumber);
  const account = await withStore(args, io.env, (store) => store.accounts.create({ name, plan, subscriptionStart, vatNumber }));
  io.out(`${account.id}\n`);
  io.err(
    `Created the ${plan} account "${name}": ${PLANS[plan].quota.toLocaleString('en-US')} validations per billing period, ` +
      `periods starting on day ${Number(subscriptionStart.slice(8, 10))} of each month.\n`,
  );
  return EXIT_OK;
}

async function list(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: STORE_FLAGS, switches: ['json'] });
  expectPositionals(args, 0, '');
  const now = io.now();
  const rows = await withStore(args, io.env, async (store) => {
    const accounts = await store.accounts.list();
    return Promise.all(
      accounts.map(async (account) => {
        const period = billingPeriod(account.subscriptionStart, now);
        return { account, period, used: await store.usage.used(account.id, period.start) };
      }),
    );
  });
  if (args.switches.has('json')) {
    const json = rows.map(({ account, period, used }) => ({
      ...account,
      createdAt: account.createdAt.toISOString(),
      period,
      used,
      quota: PLANS[account.plan].quota,
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
    rows.map(({ account, period, used }) => [
      account.id,
      account.name,
      account.plan,
      `${used.toLocaleString('en-US')} / ${PLANS[account.plan].quota.toLocaleString('en-US')}`,
      period.end,
      account.vatNumber ?? '-',
      formatTime(account.createdAt),
    ]),
  );
  io.out(`${table}\n`);
  return EXIT_OK;
}

/** `verifield accounts …`; resolves with the exit status. */
export function runAccounts(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return runCommand(io, accountsUsage, async () => {
    const [command, ...rest] = argv;
    if (command === 'create') return create(rest, io);
    if (command === 'list') return list(rest, io);
    if (command === '--help' || command === '-h' || command === 'help') {
      io.out(`${accountsUsage}\n`);
      return EXIT_OK;
    }
    throw new UsageError(command === undefined || command.startsWith('-') ? 'missing command: create or list' : `unknown command: accounts ${command}`);
  });
}
