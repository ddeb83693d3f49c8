/**
 * `verifield webhooks set|rotate` (docs/service.md#webhooks): an account's webhook URL and its
 * signing secret. The secret is printed once, alone on stdout (the only line that starts with
 * `whsec_`); the store keeps it sealed, so a lost secret is rotated, never shown again.
 */
import { runSubcommand } from './admin-errors.js';
import { withAdmin } from './admin-store.js';
import { expectPositionals, parseArgs, requireValue } from './args.js';
import { EXIT_OK, processIo, type CliIo } from './io.js';
import { STORE_FLAGS, storeOptionsUsage } from './serve-options.js';

export const webhooksUsage = `usage: verifield webhooks set --account ID --url URL
       verifield webhooks rotate --account ID
set gives the account's events (job.completed, vat.registration_changed, vat.details_changed) a
URL (http or https) and a new signing secret; rotate replaces the secret and keeps the URL. The
secret is printed once: give it to the receiver, which checks each request's Verifield-Signature.
Store (as for serve):
${storeOptionsUsage}`;

async function set(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['account', 'url', ...STORE_FLAGS] });
  expectPositionals(args, 0, '');
  const accountId = requireValue(args, 'account').trim();
  const url = requireValue(args, 'url');
  const { url: saved, secret } = await withAdmin(args, io, (admin) => admin.setWebhook(accountId, url));
  io.out(`${secret}\n`);
  io.err(`Webhook of account ${accountId} set to ${saved}. Store the secret now: it is not shown again (rotate it if lost).\n`);
  return EXIT_OK;
}

async function rotate(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['account', ...STORE_FLAGS] });
  expectPositionals(args, 0, '');
  const accountId = requireValue(args, 'account').trim();
  const { url, secret } = await withAdmin(args, io, (admin) => admin.rotateWebhookSecret(accountId));
  io.out(`${secret}\n`);
  io.err(`New signing secret for the webhook of account ${accountId} (${url}); the old one no longer signs. It is not shown again.\n`);
  return EXIT_OK;
}

/** `verifield webhooks …`; resolves with the exit status. */
export function runWebhooks(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return runSubcommand(io, webhooksUsage, 'webhooks', { set, rotate }, argv);
}
