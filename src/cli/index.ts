#!/usr/bin/env node
/**
 * `verifield COMMAND …`. Each command's module is loaded when it runs, so `verifield check` (in a
 * script's loop, say) does not load the service and its store.
 */
import { CLIENT_VERSION } from '../client/index.js';

type Command = (argv: readonly string[]) => Promise<number>;

const commands: ReadonlyMap<string, () => Promise<Command>> = new Map([
  ['serve', async () => (await import('./serve.js')).runServe],
  ['accounts', async () => (await import('./accounts.js')).runAccounts],
  ['keys', async () => (await import('./keys.js')).runKeys],
  ['admin', async () => (await import('./admin.js')).runAdmin],
  ['check', async () => (await import('./check.js')).runCheck],
  ['webhooks', async () => (await import('./webhooks.js')).runWebhooks],
  ['jobs', async () => (await import('./jobs.js')).runJobs],
]);

/** The general usage: the command lines of each command's usage, under one `usage:`. */
async function usage(): Promise<string> {
  const [{ accountsUsage }, { keysUsage }, { adminUsage }, { checkUsage }] = await Promise.all([
    import('./accounts.js'),
    import('./keys.js'),
    import('./admin.js'),
    import('./check.js'),
  ]);
  const synopsis = [
    'verifield serve [options]     (verifield serve --help lists the options)',
    ...[accountsUsage, keysUsage, adminUsage, checkUsage, (await import('./jobs.js')).jobsUsage, (await import('./webhooks.js')).webhooksUsage].flatMap((text) =>
      text
        .split('\n')
        .filter((line) => /^(usage:)?\s*verifield /.test(line))
        .map((line) => line.replace(/^usage:/, '').trim()),
    ),
    'verifield --version            (the package version)',
  ];
  return `verifield: validate IBAN, EU VAT, Spanish NIF, Canadian SIN, US SSN, email and phone values,
and run the validation service

${synopsis.map((line, index) => `${index === 0 ? 'usage: ' : '       '}${line}`).join('\n')}
${checkUsage.split('\n').filter((line) => line.startsWith('FIELD')).join('\n')}
verifield COMMAND --help explains a command.`;
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...args] = argv;
  const load = command === undefined ? undefined : commands.get(command);
  if (load !== undefined) return (await load())(args);
  switch (command) {
    case '--version':
    case '-v':
      // Inlined from package.json when built, so the build answers without finding the file.
      process.stdout.write(`${CLIENT_VERSION}\n`);
      return 0;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${await usage()}\n`);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`unknown command: ${command}\n${await usage()}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`verifield: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
