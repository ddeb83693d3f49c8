/** The loader hooks of ./module-loads.mjs (they run on Node's loader thread). */
import { appendFileSync } from 'node:fs';

let file = '';

export function initialize(data) {
  file = data.file;
}

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  appendFileSync(file, `${url}\n`);
  return loaded;
}
