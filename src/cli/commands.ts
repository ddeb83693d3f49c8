/**
 * The commands of `verifield`, each with its usage text, loaded only when asked for: `verifield
 * check` in a script's loop does not load the service and its store. `index.ts` runs them; the
 * general usage and the tests walk the same table.
 */
import type { CliIo } from './io.js';

/** A command: its arguments after its name; resolves with the exit status. */
export type Command = (argv: readonly string[], io?: CliIo) => Promise<number>;

interface CommandModule {
  run: Command;
  /** The command's usage: its `verifield …` lines first, then what it needs explained. */
  usage: string;
}

/** Every command by name, in the order the general usage lists them. */
export const COMMANDS: ReadonlyMap<string, () => Promise<CommandModule>> = new Map([
  ['serve', async () => import('./serve.js').then(async (m) => ({ run: m.runServe, usage: (await import('./serve-options.js')).serveUsage }))],
  ['accounts', async () => import('./accounts.js').then((m) => ({ run: m.runAccounts, usage: m.accountsUsage }))],
  ['keys', async () => import('./keys.js').then((m) => ({ run: m.runKeys, usage: m.keysUsage }))],
  ['admin', async () => import('./admin.js').then((m) => ({ run: m.runAdmin, usage: m.adminUsage }))],
  ['check', async () => import('./check.js').then((m) => ({ run: m.runCheck, usage: m.checkUsage }))],
  ['jobs', async () => import('./jobs.js').then((m) => ({ run: m.runJobs, usage: m.jobsUsage }))],
  ['webhooks', async () => import('./webhooks.js').then((m) => ({ run: m.runWebhooks, usage: m.webhooksUsage }))],
]);

/** The `verifield …` lines of a command's usage, without the `usage:` in front. */
export function synopsisLines(usage: string): string[] {
  return usage
    .split('\n')
    .filter((line) => /^(usage:)?\s*verifield /.test(line))
    .map((line) => line.replace(/^usage:/, '').trim());
}

/** The general usage: the command lines of each command's usage, under one `usage:`. */
export async function generalUsage(): Promise<string> {
  const modules = await Promise.all([...COMMANDS.values()].map((load) => load()));
  const synopsis = [
    ...modules.flatMap(({ usage: text }) =>
      // serve's options are many: its own --help lists them.
      text.startsWith('usage: verifield serve') ? ['verifield serve [options]     (verifield serve --help lists the options)'] : synopsisLines(text),
    ),
    'verifield --version            (the package version)',
  ];
  const { checkUsage } = await import('./check.js');
  return `verifield: validate IBAN, EU VAT, Spanish NIF, Canadian SIN, US SSN, email and phone values,
and run the validation service

${synopsis.map((line, index) => `${index === 0 ? 'usage: ' : '       '}${line}`).join('\n')}
${checkUsage.split('\n').filter((line) => line.startsWith('FIELD')).join('\n')}
verifield COMMAND --help explains a command.`;
}
