#!/usr/bin/env node
import { checkUsage, runCheck } from './check.js';

const usage = `verifield: validate IBAN, Spanish NIF, Canadian SIN and US SSN values

${checkUsage}`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
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
