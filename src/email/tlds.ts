/**
 * Whether a label is a top-level domain of the Public Suffix List. The typo check needs it to
 * tell a slip (`.con`, `.cmo`) from a real country code that happens to be close (`.co`, `.cm`).
 */
import { publicSuffixTldList } from './data/public-suffix-tlds.generated.js';

let tlds: Set<string> | undefined;

/** The list read back from its front coding (scripts/generate-email-data.ts): a digit of letters kept from the TLD before, then the new letters. */
function readTlds(): Set<string> {
  const read = new Set<string>();
  let previous = '';
  for (const [, shared, rest] of publicSuffixTldList.matchAll(/(\d)([a-z]+)/g)) {
    previous = previous.slice(0, Number(shared)) + (rest as string);
    read.add(previous);
  }
  return read;
}

/**
 * True when `tld` (lower-case ASCII, without dot) is a top-level domain of the Public Suffix
 * List. Punycode TLDs (`xn--…`) are always reported as real: the data leaves them out because
 * none of them is within two keystrokes of a Latin-script TLD, the only case the typo check asks.
 */
export function isKnownTld(tld: string): boolean {
  if (tld.startsWith('xn--')) return true;
  tlds ??= readTlds();
  return tlds.has(tld);
}
