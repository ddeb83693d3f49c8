/**
 * Trader name comparison: does the name a customer typed belong to
 * the holder VIES publishes? Both names are folded the same way (case, accents, Greek and
 * Cyrillic letters, punctuation, "and" words, legal-form words of the EU languages), then compared
 * token by token with an edit distance, so word order, a typo or a missing "GmbH" do not matter but
 * another company does. The table of examples in test/vat/registry/name-match.test.ts documents the behaviour.
 */
import type { TraderNameMatch } from '../../result.js';
import type { VatRegistryAnswer } from '../../ports.js';

/** Similarity from which two names are the same trader. */
export const NAME_MATCH_THRESHOLD = 0.85;
/** Tokens less alike than this do not count as the same word at all. */
const TOKEN_FLOOR = 0.75;
/** Longer names are cut: no company name is longer, and the comparison stays cheap on any input. */
const MAX_NAME_LENGTH = 200;

// Letters NFKD does not decompose into a Latin base letter.
const LATIN_EXTRA: Readonly<Record<string, string>> = {
  Æ: 'AE', Ø: 'O', Œ: 'OE', Ł: 'L', Đ: 'D', Ð: 'D', Þ: 'TH', Ħ: 'H', Ŀ: 'L', ẞ: 'SS', Ŋ: 'N',
};

// Greek (ELOT 743, simplified) and Bulgarian Cyrillic (the official 2009 system), upper case.
const GREEK_CYRILLIC: Readonly<Record<string, string>> = {
  Α: 'A', Β: 'V', Γ: 'G', Δ: 'D', Ε: 'E', Ζ: 'Z', Η: 'I', Θ: 'TH', Ι: 'I', Κ: 'K', Λ: 'L', Μ: 'M', Ν: 'N',
  Ξ: 'X', Ο: 'O', Π: 'P', Ρ: 'R', Σ: 'S', Τ: 'T', Υ: 'Y', Φ: 'F', Χ: 'CH', Ψ: 'PS', Ω: 'O',
  А: 'A', Б: 'B', В: 'V', Г: 'G', Д: 'D', Е: 'E', Ж: 'ZH', З: 'Z', И: 'I', Й: 'Y', К: 'K', Л: 'L', М: 'M',
  Н: 'N', О: 'O', П: 'P', Р: 'R', С: 'S', Т: 'T', У: 'U', Ф: 'F', Х: 'H', Ц: 'TS', Ч: 'CH', Ш: 'SH',
  Щ: 'SHT', Ъ: 'A', Ь: 'Y', Ю: 'YU', Я: 'YA',
};

/** "And" in the EU languages, and its signs: "Smith & Sons" is "Smith and Sons". */
const CONJUNCTIONS: ReadonlySet<string> = new Set(['&', '+', 'AND', 'UND', 'ET', 'EN', 'Y', 'E', 'OCH', 'OG', 'JA']);

/**
 * Legal forms, written as their letters after folding (dots and spaces gone): "S.à r.l." is SARL,
 * "Sp. z o.o." SPZOO. Dropped from the end of a name (several in a row, as in "GmbH & Co. KG") and
 * from its start ("AB Volvo", "SC Acme SRL").
 */
const LEGAL_FORMS: ReadonlySet<string> = new Set([
  // English (IE, MT, CY), and forms used everywhere
  'LTD', 'LIMITED', 'PLC', 'LLP', 'LP', 'LLC', 'INC', 'CORP', 'CO', 'DAC', 'UC', 'ULC', 'CLG', 'CIC',
  // German (DE, AT, LU, BE)
  'GMBH', 'MBH', 'GESMBH', 'AG', 'KG', 'OHG', 'UG', 'HAFTUNGSBESCHRANKT', 'EK', 'EV', 'EG', 'KGAA', 'GBR', 'GMBHCOKG', 'AGCOKG', 'COKG',
  // European forms
  'SE', 'SCE', 'EWIV', 'EEIG', 'GEIE',
  // French (FR, BE, LU)
  'SA', 'SARL', 'SAS', 'SASU', 'EURL', 'SNC', 'SCS', 'SCA', 'SCI', 'SC', 'SCOP', 'SCRL', 'SPRL', 'SRL', 'ASBL', 'SENC', 'SECS', 'GIE',
  // Dutch (NL, BE)
  'BV', 'NV', 'VOF', 'CV', 'CVBA', 'BVBA', 'COMMV', 'VZW',
  // Spanish and Portuguese
  'SL', 'SLU', 'SLL', 'SLNE', 'SAU', 'SCOOP', 'CB', 'SCP', 'AIE', 'LDA', 'LIMITADA', 'SGPS', 'UNIPESSOAL', 'CRL', 'ACE',
  // Italian
  'SPA', 'SRLS', 'SAPA', 'SCARL', 'SCPA', 'SS', 'COOP',
  // Nordic and Baltic
  'AB', 'HB', 'KB', 'AS', 'ASA', 'APS', 'IS', 'IVS', 'KS', 'AMBA', 'FMBA', 'SMBA', 'OY', 'OYJ', 'KY', 'AY', 'TMI',
  'OU', 'MTU', 'TU', 'UAB', 'MB', 'II', 'SIA', 'IK',
  // Polish, Czech, Slovak
  'SPZOO', 'SPOLKAZOO', 'SK', 'SKA', 'SJ', 'SP', 'SRO', 'SPOLSRO', 'VOS',
  // Hungarian
  'KFT', 'ZRT', 'NYRT', 'BT', 'KKT', 'RT',
  // Slovenian and Croatian
  'DOO', 'JDOO', 'DD', 'DNO', 'KD',
  // Romanian
  'PFA', 'IF',
  // Bulgarian (transliterated)
  'OOD', 'EOOD', 'AD', 'EAD', 'SD',
  // Greek (transliterated)
  'AE', 'EPE', 'IKE', 'OE', 'EE', 'MONOPROSOPI',
  // Spelled out, as several registries publish them
  'LIMITEDLIABILITYCOMPANY', 'PUBLICLIMITEDCOMPANY', 'PRIVATELIMITEDCOMPANY', 'UNLIMITEDCOMPANY',
  'GESELLSCHAFTMITBESCHRANKTERHAFTUNG', 'AKTIENGESELLSCHAFT', 'KOMMANDITGESELLSCHAFT', 'EINGETRAGENERVEREIN',
  'SOCIETEANONYME', 'SOCIETEARESPONSABILITELIMITEE', 'SOCIETEPARACTIONSSIMPLIFIEE', 'SOCIETECIVILE',
  'BESLOTENVENNOOTSCHAP', 'NAAMLOZEVENNOOTSCHAP',
  'SOCIEDADLIMITADA', 'SOCIEDADANONIMA', 'SOCIEDADDERESPONSABILIDADLIMITADA', 'SOCIEDADEANONIMA', 'SOCIEDADEPORQUOTAS',
  'SOCIETAPERAZIONI', 'SOCIETAARESPONSABILITALIMITATA', 'SOCIETAINACCOMANDITASEMPLICE',
  'AKTIEBOLAG', 'AKTIESELSKAB', 'ANPARTSSELSKAB', 'AKSJESELSKAP', 'OSAKEYHTIO', 'OSAUHING', 'AKTSIASELTS',
  'SABIEDRIBAARIEROBEZOTUATBILDIBU', 'UZDAROJIAKCINEBENDROVE', 'AKCINEBENDROVE',
  'SPOLKAZOGRANICZONAODPOWIEDZIALNOSCIA', 'SPOLKAAKCYJNA', 'SPOLKAJAWNA', 'SPOLKAKOMANDYTOWA',
  'SPOLECNOSTSRUCENIMOMEZENYM', 'AKCIOVASPOLECNOST', 'SPOLOCNOSTSRUCENIMOBMEDZENYM', 'AKCIOVASPOLOCNOST',
  'KORLATOLTFELELOSSEGUTARSASAG', 'ZARTKORUENMUKODORESZVENYTARSASAG', 'BETETITARSASAG',
  'DRUSTVOSOGRANICENOMODGOVORNOSCU', 'DRUZBAZOMEJENOODGOVORNOSTJO', 'SOCIETATECURASPUNDERELIMITATA',
  'DRUZHESTVOSOGRANICHENAOTGOVORNOST', 'EDNOLICHNODRUZHESTVOSOGRANICHENAOTGOVORNOST', 'AKTSIONERNODRUZHESTVO',
  'ETAIREIAPERIORISMENISEYTHYNIS', 'ANONYMIETAIREIA', 'IDIOTIKIKEFALAIOUCHIKIETAIREIA',
]);

/** Longest legal form in words ("SOCIETE A RESPONSABILITE LIMITEE" is 4, Bulgarian EOOD spelled out 5). */
const MAX_FORM_TOKENS = 5;

const COMBINING_MARKS = /\p{M}+/gu;
const JOINERS = /[.'’`´]/g;
const TOKEN = /[A-Z0-9]+|[&+]/g;
const NOT_LATIN_BASIC = /[^\u0000-\u007f]/g;
const UMLAUT_SPELLINGS = /([AOU])E/g;

/** Upper case, accents off, non-Latin letters transliterated. */
function fold(name: string): string {
  const upper = name.slice(0, MAX_NAME_LENGTH).normalize('NFKD').replace(COMBINING_MARKS, '').toUpperCase();
  return upper.replace(NOT_LATIN_BASIC, (char) => LATIN_EXTRA[char] ?? GREEK_CYRILLIC[char] ?? ' ');
}

/** Removes legal-form words from the end (repeatedly) and the start of `tokens`, keeping one token at least. */
function withoutLegalForms(tokens: string[]): string[] {
  let end = tokens.length;
  let start = 0;
  const formAt = (from: number, to: number): boolean => LEGAL_FORMS.has(tokens.slice(from, to).join(''));
  let trimmed = true;
  while (trimmed) {
    trimmed = false;
    for (let size = Math.min(MAX_FORM_TOKENS, end - start - 1); size >= 1; size--) {
      if (formAt(end - size, end)) {
        end -= size;
        trimmed = true;
        break;
      }
    }
  }
  for (let size = Math.min(MAX_FORM_TOKENS, end - start - 1); size >= 1; size--) {
    if (formAt(start, start + size)) {
      start += size;
      break;
    }
  }
  return tokens.slice(start, end);
}

/**
 * The words of a trader name as compared: folded, legal forms and "and" words removed, and the
 * German umlaut spellings made one (MÜLLER, MUELLER and MULLER all give MULLER).
 * @example
 * ```ts
 * traderNameTokens('Müller & Söhne GmbH & Co. KG'); // ['MULLER', 'SOHNE']
 * ```
 */
export function traderNameTokens(name: string): string[] {
  const words = fold(name).replace(JOINERS, '').match(TOKEN) ?? [];
  const tokens = words.filter((word) => !CONJUNCTIONS.has(word));
  return withoutLegalForms(tokens).map((token) => token.replace(UMLAUT_SPELLINGS, '$1'));
}

/** Edit distance (insert, delete, substitute), two rows. */
function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (code === b.charCodeAt(j - 1) ? 0 : 1);
      current[j] = Math.min(substitution, (previous[j] as number) + 1, (current[j - 1] as number) + 1);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] as number;
}

/** 1 for equal strings, 0 for nothing in common. */
function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

interface TokenComparison {
  similarity: number;
  /** Every word of the list with fewer words found a partner. */
  shorterCovered: boolean;
}

/**
 * Greedy pairing depends on which list leads, so both are tried and the better kept: the result
 * does not depend on which name is the customer's.
 */
function compareTokens(a: readonly string[], b: readonly string[]): TokenComparison {
  const forward = pairWords(a, b);
  const backward = pairWords(b, a);
  if (forward.similarity !== backward.similarity) return forward.similarity > backward.similarity ? forward : backward;
  return { similarity: forward.similarity, shorterCovered: forward.shorterCovered || backward.shorterCovered };
}

/** Pairs each word of `a` (longest first) with the most similar unused word of `b`. */
function pairWords(a: readonly string[], b: readonly string[]): TokenComparison {
  const joinedA = a.join('');
  const joinedB = b.join('');
  if (joinedA.length === 0 || joinedB.length === 0) return { similarity: 0, shorterCovered: false };
  // Written together or apart ("BOOKING COM", "BOOKINGCOM"): the same name.
  if (joinedA === joinedB) return { similarity: 1, shorterCovered: true };

  const used = new Array<boolean>(b.length).fill(false);
  let matched = 0;
  let pairedFromA = 0;
  for (const word of [...a].sort((x, y) => y.length - x.length)) {
    let best = -1;
    let bestScore = 0;
    b.forEach((other, index) => {
      if (used[index]) return;
      const score = similarity(word, other);
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    });
    if (best >= 0 && bestScore >= TOKEN_FLOOR) {
      used[best] = true;
      pairedFromA++;
      matched += bestScore * (word.length + (b[best] as string).length);
    }
  }
  // Each pairing pairs one word of each list: the shorter list is covered when all its words paired.
  return { similarity: matched / (joinedA.length + joinedB.length), shorterCovered: pairedFromA === Math.min(a.length, b.length) };
}

/**
 * How alike two trader names are, from 0 to 1: the words paired best-first (each word with the
 * most similar unused word of the other name; words less than 75 % alike count for nothing),
 * weighted by their length. Names written together or apart ("BOOKING COM", "BOOKINGCOM") are 1.
 */
export function traderNameSimilarity(expected: string, published: string): number {
  return compareTokens(traderNameTokens(expected), traderNameTokens(published)).similarity;
}

/**
 * MATCH when the names are alike enough to be the same trader: a similarity of 0.85 or more, and
 * every word of the shorter name paired with a word of the other (so a different surname after
 * long shared words, "TRANSPORTE BAUER" against "TRANSPORTE MAYER", stays a MISMATCH).
 */
export function compareTraderNames(expected: string, published: string): 'MATCH' | 'MISMATCH' {
  const { similarity: score, shorterCovered } = compareTokens(traderNameTokens(expected), traderNameTokens(published));
  return score >= NAME_MATCH_THRESHOLD && shorterCovered ? 'MATCH' : 'MISMATCH';
}

/** The name verdict of a VAT lookup: `source` is absent when no comparison was possible. */
export interface TraderNameVerdict {
  match: TraderNameMatch;
  source?: 'VIES' | 'SERVICE';
}

/** Germany neither publishes names nor compares them. */
const NEVER_COMPARED: ReadonlySet<string> = new Set(['DE']);

/**
 * Decides `trader_name_match` for a registry answer: VIES's own comparison when
 * the member state made one for this very name (Spain), else the service's comparison with the
 * published name, else NOT_AVAILABLE (Germany, names withheld, no answer, or a number that is not
 * registered).
 * @param askedName the trader name that was sent with the query that produced `answer` (null if none).
 */
export function traderNameVerdict(
  countryCode: string,
  traderName: string,
  answer: VatRegistryAnswer | null,
  askedName: string | null,
): TraderNameVerdict {
  const expected = traderName.trim();
  if (expected === '' || answer === null || !answer.valid || NEVER_COMPARED.has(countryCode)) return { match: 'NOT_AVAILABLE' };
  const byVies = answer.traderNameMatch;
  if (askedName === expected && (byVies === 'VALID' || byVies === 'INVALID')) {
    return { match: byVies === 'VALID' ? 'MATCH' : 'MISMATCH', source: 'VIES' };
  }
  if (answer.name !== undefined && answer.name.trim() !== '') {
    return { match: compareTraderNames(expected, answer.name), source: 'SERVICE' };
  }
  return { match: 'NOT_AVAILABLE' };
}
