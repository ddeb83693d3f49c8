/**
 * bench/RESULTS.md holds two tables written by two commands (`npm run bench -- --write` and
 * `npm run bench:server -- --write`); each replaces only its own section, between markers, so
 * recording one keeps the other.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = new URL('./RESULTS.md', import.meta.url);
const HEADER = '# Benchmark results\n\nThe library table is recorded by `npm run bench -- --write`, the service table by `npm run bench:server -- --write`, the jobs table by `npm run bench:jobs -- --write`.\n';

/** Replaces the section `name` of bench/RESULTS.md with `content` (added at the end when missing). */
export function recordSection(name: string, content: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${content.trim()}\n${end}`;
  let text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  if (!text.includes('<!-- ')) text = HEADER; // a file from before the sections: start afresh
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text = from !== -1 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, text.endsWith('\n') ? text : `${text}\n`);
}
