#!/usr/bin/env node
/**
 * `verifield COMMAND …`: the command of the table in commands.ts, whose module is loaded when it
 * runs, so `verifield check` (in a script's loop, say) does not load the service and its store.
 */
import { CLIENT_VERSION } from '../client/index.js';
import { COMMANDS, generalUsage } from './commands.js';

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...args] = argv;
  const load = command === undefined ? undefined : COMMANDS.get(command);
  if (load !== undefined) return (await load()).run(args);
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
      process.stdout.write(`${await generalUsage()}\n`);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`unknown command: ${command}\n${await generalUsage()}\n`);
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
