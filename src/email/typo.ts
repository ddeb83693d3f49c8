/**
 * Domain typo detection: restricted Damerau-Levenshtein distance
 * (optimal string alignment: insert, delete, substitute, swap two neighbours) from the typed
 * domain to a curated list of major mailbox domains, with the name (first label) and the suffix
 * compared apart so that each edit budget fits what people mistype:
 *
 * - the name may differ by 1 edit, and not at all for names of 3 letters or fewer or of common
 *   words (see typo-targets.ts). Two edits in the name were tried and dropped: they "corrected"
 *   foxmail.com, bitmail.com, coxmail.com and some twenty other real providers to hotmail.com;
 * - the suffix may differ by 1 edit, 2 when the typed TLD does not exist and the name is exact
 *   (`comcast.nry`); a TLD that exists (.co, .cm, .om) is only corrected towards .com or .net;
 * - at most 2 edits in all (`gmaik.co`, `homail.con`), and two targets at the same distance
 *   give no suggestion.
 *
 * A domain that matches no target but ends in a TLD that does not exist (`.con`, `.cmo`) gets
 * its TLD corrected when exactly one common TLD is one edit away.
 */
import { isKnownTld } from './tlds.js';
import { typoTargetDomains, typoTargetDomainsExactName } from './typo-targets.js';

interface Target {
  domain: string;
  /** First label. */
  name: string;
  /** Edits allowed in the name: 0 or 1. */
  nameBudget: number;
}

/** Targets that share a suffix (everything after the first dot), compared to it once. */
interface SuffixGroup {
  suffix: string;
  /** The group's targets, indexed by the length of their name. */
  targetsByNameLength: (Target[] | undefined)[];
}

/** Real TLDs a slip most likely aimed at: the generic ones. */
const REPAIR_TLDS: readonly string[] = ['com', 'net', 'org', 'edu', 'gov', 'info'];
/** A typed TLD that exists is only replaced by one of these (`gmail.co` -> `gmail.com`). */
const GENERIC_SUFFIXES: readonly string[] = ['com', 'net'];

/** The targets, grouped by suffix: built on the first suggestion, so a bundle without one drops them. */
interface TargetIndex {
  bySuffix: Map<string, SuffixGroup>;
  /** Every target domain, which is never "corrected". */
  domains: Set<string>;
  groups: readonly SuffixGroup[];
  /** The groups of .com and .net, the only suffixes a real TLD is corrected to. */
  genericGroups: readonly SuffixGroup[];
}

let targetIndex: TargetIndex | undefined;

function buildTargetIndex(): TargetIndex {
  const bySuffix = new Map<string, SuffixGroup>();
  const domains = new Set<string>();
  const addTarget = (domain: string, exactName: boolean): void => {
    const dot = domain.indexOf('.');
    const name = domain.slice(0, dot);
    const suffix = domain.slice(dot + 1);
    let group = bySuffix.get(suffix);
    if (group === undefined) {
      group = { suffix, targetsByNameLength: [] };
      bySuffix.set(suffix, group);
    }
    const sameLength = (group.targetsByNameLength[name.length] ??= []);
    sameLength.push({ domain, name, nameBudget: exactName || name.length <= 3 ? 0 : 1 });
    domains.add(domain);
  };
  for (const domain of typoTargetDomains) addTarget(domain, false);
  for (const domain of typoTargetDomainsExactName) addTarget(domain, true);
  const groups = [...bySuffix.values()];
  return { bySuffix, domains, groups, genericGroups: groups.filter((group) => GENERIC_SUFFIXES.includes(group.suffix)) };
}

const MAX_EDITS = 2;
const MAX_COMPARED_LENGTH = 64;
// Three rows of the distance matrix, reused by every call (the check is synchronous). Marked pure
// so that a bundle without the typo check leaves them out.
let rowBeforePrevious = /* @__PURE__ */ new Int32Array(MAX_COMPARED_LENGTH + 1);
let previousRow = /* @__PURE__ */ new Int32Array(MAX_COMPARED_LENGTH + 1);
let currentRow = /* @__PURE__ */ new Int32Array(MAX_COMPARED_LENGTH + 1);

/**
 * Optimal-string-alignment distance between `text[start, end)` and `word`, or `limit + 1` as
 * soon as it is known to exceed `limit`.
 */
function editDistance(text: string, start: number, end: number, word: string, limit: number): number {
  const n = end - start;
  const m = word.length;
  if (Math.abs(n - m) > limit) return limit + 1;
  if (n > MAX_COMPARED_LENGTH || m > MAX_COMPARED_LENGTH) return limit + 1;
  for (let j = 0; j <= m; j++) previousRow[j] = j;
  for (let i = 1; i <= n; i++) {
    const a = text.charCodeAt(start + i - 1);
    const aBefore = i > 1 ? text.charCodeAt(start + i - 2) : -1;
    currentRow[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= m; j++) {
      const b = word.charCodeAt(j - 1);
      let best = previousRow[j - 1]! + (a === b ? 0 : 1);
      const deletion = previousRow[j]! + 1;
      if (deletion < best) best = deletion;
      const insertion = currentRow[j - 1]! + 1;
      if (insertion < best) best = insertion;
      if (j > 1 && a === word.charCodeAt(j - 2) && aBefore === b) {
        const swap = rowBeforePrevious[j - 2]! + 1;
        if (swap < best) best = swap;
      }
      currentRow[j] = best;
      if (best < rowMinimum) rowMinimum = best;
    }
    if (rowMinimum > limit) return limit + 1;
    const recycled = rowBeforePrevious;
    rowBeforePrevious = previousRow;
    previousRow = currentRow;
    currentRow = recycled;
  }
  return previousRow[m]!;
}

/** `text[from, from + count)` equals `word[wordFrom, wordFrom + count)`. */
function sameRun(text: string, from: number, word: string, wordFrom: number, count: number): boolean {
  for (let k = 0; k < count; k++) {
    if (text.charCodeAt(from + k) !== word.charCodeAt(wordFrom + k)) return false;
  }
  return true;
}

/**
 * The same distance as {@link editDistance} capped at 2 ("more than one"), in one linear pass:
 * the name comparison runs for every candidate target, so it avoids the matrix.
 */
function distanceUpToOne(text: string, start: number, end: number, word: string): number {
  const n = end - start;
  const m = word.length;
  if (n - m > 1 || m - n > 1) return 2;
  let i = 0;
  while (i < n && i < m && text.charCodeAt(start + i) === word.charCodeAt(i)) i++;
  if (i === n && i === m) return 0;
  if (n === m) {
    // One substitution at i, or a swap of i and i + 1.
    if (sameRun(text, start + i + 1, word, i + 1, n - i - 1)) return 1;
    const swapped =
      i + 1 < n &&
      text.charCodeAt(start + i) === word.charCodeAt(i + 1) &&
      text.charCodeAt(start + i + 1) === word.charCodeAt(i);
    return swapped && sameRun(text, start + i + 2, word, i + 2, n - i - 2) ? 1 : 2;
  }
  // One character too many (typed) or too few, at i.
  return n > m
    ? sameRun(text, start + i + 1, word, i, m - i) ? 1 : 2
    : sameRun(text, start + i, word, i + 1, n - i) ? 1 : 2;
}

// The closest target found so far by the current call (synchronous, so module scope is safe).
let best: string | null = null;
let bestEdits = 0;
let tie = false;

/** Compares the name `typed[0, nameLength)` with the targets of `group`, keeping the closest. */
function scanGroup(group: SuffixGroup, typed: string, nameLength: number, suffixEdits: number): void {
  for (let length = nameLength - 1; length <= nameLength + 1; length++) {
    const targets = group.targetsByNameLength[length];
    if (targets === undefined) continue;
    for (const t of targets) {
      if (t.nameBudget === 0 && length !== nameLength) continue;
      const nameEdits =
        t.nameBudget === 0 ? (typed.startsWith(t.name) ? 0 : 1) : distanceUpToOne(typed, 0, nameLength, t.name);
      if (nameEdits > t.nameBudget) continue;
      // Two edits in a suffix that does not exist are a repair of the TLD alone.
      if (suffixEdits === 2 && nameEdits > 0) continue;
      const edits = nameEdits + suffixEdits;
      if (edits === 0 || edits > MAX_EDITS) continue;
      if (edits < bestEdits) {
        best = t.domain;
        bestEdits = edits;
        tie = false;
      } else if (edits === bestEdits) {
        tie = true;
      }
    }
  }
}

function isLowerCaseLetters(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 97 || code > 122) return false;
  }
  return true;
}

/**
 * Suggests the domain the user most likely meant, or null. Advisory only: the typed domain may
 * be real. Works on any text after the `@` (also one that fails the syntax check, such as
 * `#gmail.com`), never suggests the domain itself, and is silent for the target domains
 * themselves, for domains without a dot and when two targets are equally close.
 *
 * @example
 * ```ts
 * suggestEmailDomain('gmial.com'); // 'gmail.com'
 * suggestEmailDomain('hotmail.co'); // 'hotmail.com'
 * suggestEmailDomain('acme-corp.con'); // 'acme-corp.com'
 * // A real provider, not a typo:
 * suggestEmailDomain('libero.it'); // null
 * ```
 */
export function suggestEmailDomain(domain: string): string | null {
  const typed = domain.toLowerCase();
  const { bySuffix, domains, groups, genericGroups } = (targetIndex ??= buildTargetIndex());
  if (domains.has(typed)) return null;
  const firstDot = typed.indexOf('.');
  const lastDot = typed.lastIndexOf('.');
  if (firstDot <= 0 || (lastDot === typed.length - 1 && firstDot === lastDot)) return null;
  const tld = typed.slice(lastDot + 1);
  const tldExists = isKnownTld(tld);

  best = null;
  bestEdits = MAX_EDITS + 1;
  tie = false;
  if (tldExists) {
    // A real TLD: only targets with the same suffix, or .com/.net one edit away, qualify.
    const sameSuffix = bySuffix.get(typed.slice(firstDot + 1));
    if (sameSuffix !== undefined) scanGroup(sameSuffix, typed, firstDot, 0);
    for (const group of genericGroups) {
      if (group !== sameSuffix && distanceUpToOne(typed, firstDot + 1, typed.length, group.suffix) === 1) {
        scanGroup(group, typed, firstDot, 1);
      }
    }
  } else {
    const suffixLength = typed.length - firstDot - 1;
    for (const group of groups) {
      if (Math.abs(suffixLength - group.suffix.length) > 2) continue;
      const suffixEdits = editDistance(typed, firstDot + 1, typed.length, group.suffix, 2);
      if (suffixEdits <= 2) scanGroup(group, typed, firstDot, suffixEdits);
    }
  }
  if (best !== null) return tie ? null : best;

  if (tldExists || !isLowerCaseLetters(tld)) return null;
  let repaired: string | null = null;
  for (const candidate of REPAIR_TLDS) {
    if (distanceUpToOne(tld, 0, tld.length, candidate) <= 1) {
      if (repaired !== null) return null;
      repaired = candidate;
    }
  }
  return repaired === null ? null : typed.slice(0, lastDot + 1) + repaired;
}
