import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { offlineValidators } from './offline-fields.js';

export const checkUsage = `usage: verifield check FIELD VALUE
       verifield check FIELD --file PATH     (one value per line; - or no value reads stdin)
FIELD is one of: ${Object.keys(offlineValidators).join(', ')}`;

/**
 * `verifield check`: one value prints its envelope as JSON and exits 0 when valid, 1 when not;
 * a file (or stdin) is validated line by line into JSON lines and exits 0 once all are written.
 */
export async function runCheck(args: readonly string[]): Promise<number> {
  const [field, ...rest] = args;
  const validate = field === undefined ? undefined : offlineValidators[field];
  if (!validate) {
    process.stderr.write(`${field === undefined ? 'missing FIELD' : `unknown field: ${field}`}\n${checkUsage}\n`);
    return 2;
  }
  const [first, second] = rest;
  const readsLines = rest.length === 0 || first === '-' || first === '--file';
  if (!readsLines && rest.length === 1) {
    const result = validate(first as string);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return result.valid ? 0 : 1;
  }
  const path = first === '--file' ? second : '-';
  if (path === undefined || !readsLines || rest.length > (first === '--file' ? 2 : 1)) {
    process.stderr.write(`${checkUsage}\n`);
    return 2;
  }
  const input = path === '-' ? process.stdin : createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let count = 0;
  for await (const line of lines) {
    if (line === '') continue;
    process.stdout.write(`${JSON.stringify(validate(line))}\n`);
    count++;
    if (process.stderr.isTTY && count % 1000 === 0) process.stderr.write(`\r${count} values checked`);
  }
  if (process.stderr.isTTY && count >= 1000) process.stderr.write(`\r${count} values checked\n`);
  return 0;
}
