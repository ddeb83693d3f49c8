#!/usr/bin/env node
import { accountsUsage, runAccounts } from './accounts.js';
import { checkUsage, runCheck } from './check.js';
import { keysUsage, runKeys } from './keys.js';
import { runServe } from './serve.js';

/** The command lines of each command's usage, under one `usage:`. */
const synopsis = [
  'verifield serve [options]     (verifield serve --help lists the options)',
  ...[accountsUsage, keysUsage, checkUsage].flatMap((text) =>
    text
      .split('\n')
      .filter((line) => /^(usage:)?\s*verifield /.test(line))
      .map((line) => line.replace(/^usage:/, '').trim()),
  ),
];

const usage = `verifield: validate IBAN, EU VAT, Spanish NIF, Canadian SIN, US SSN, email and phone values,
and run the validation service

${synopsis.map((line, index) => `${index === 0 ? 'usage: ' : '       '}${line}`).join('\n')}
${checkUsage.split('\n').filter((line) => line.startsWith('FIELD')).join('\n')}`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'serve':
      return runServe(args);
    case 'accounts':
      return runAccounts(args);
    case 'keys':
      return runKeys(args);
    case 'check':
      return runCheck(args);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${usage}\n`);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`unknown command: ${command}\n${usage}\n`);
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
