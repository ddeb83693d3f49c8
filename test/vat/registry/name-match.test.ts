/**
 * The trader name comparison, documented by examples (docs/fields/vat.md#trader-name-comparison): what the customer typed, what
 * VIES publishes (upper case, as registries write it), the verdict, and why. The names are
 * invented; the legal forms and spellings are those of the EU languages.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareTraderNames, traderNameSimilarity, traderNameTokens, traderNameVerdict } from '../../../src/vat/registry/name-match.js';
import type { VatRegistryAnswer } from '../../../src/ports.js';

/** How a name is folded before comparing. */
const NORMALISATION: [name: string, tokens: string[], rule: string][] = [
  ['Boulangerie Dupont SARL', ['BOULANGERIE', 'DUPONT'], 'upper case; a legal form at the end is dropped'],
  ['Société Générale', ['SOCIETE', 'GENERALE'], 'accents folded'],
  ['Müller & Söhne GmbH & Co. KG', ['MULLER', 'SOHNE'], '"&" dropped; several legal forms in a row dropped'],
  ['MUELLER', ['MULLER'], 'the German umlaut spelling ue is the same as u (Müller, Mueller, Muller)'],
  ['Straße Bau', ['STRASSE', 'BAU'], 'ß is SS'],
  ['Ørsted A/S', ['ORSTED'], 'Ø is O; A/S is a legal form'],
  ['AMAZON EUROPE CORE S.A R.L.', ['AMAZON', 'EUROPE', 'CORE'], 'dots join letters: S.A R.L. is SARL'],
  ['Polskie Zakłady Sp. z o.o.', ['POLSKIE', 'ZAKLADY'], 'Ł is L; Sp. z o.o. is a legal form'],
  ['POLSKIE ZAKŁADY SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ', ['POLSKIE', 'ZAKLADY'], 'legal forms spelled out are dropped too'],
  ['Ελληνικά Τρόφιμα Α.Ε.', ['ELLINIKA', 'TROFIMA'], 'Greek transliterated (ELOT 743); Α.Ε. is a legal form'],
  ['Български Хляб ЕООД', ['BALGARSKI', 'HLYAB'], 'Bulgarian Cyrillic transliterated; ЕООД is a legal form'],
  ['AB Volvo', ['VOLVO'], 'a legal form at the start is dropped'],
  ['SC Exemplu SRL', ['EXEMPLU'], 'Romanian SC … SRL: both ends'],
  ['Smith and Sons Ltd', ['SMITH', 'SONS'], '"and" in any EU language is dropped'],
  ['Booking.com B.V.', ['BOOKINGCOM'], 'dots inside a word join it'],
  ['GmbH', ['GMBH'], 'a name that is only a legal form keeps it'],
];

/** Verdicts, with the reason a person would give. */
const EXAMPLES: [typed: string, published: string, verdict: 'MATCH' | 'MISMATCH', why: string][] = [
  ['Booking.com B.V.', 'BOOKING.COM B.V.', 'MATCH', 'same name, other case'],
  ['Amazon Europe Core SARL', 'AMAZON EUROPE CORE S.A R.L.', 'MATCH', 'legal form written differently'],
  ['Muller Maschinenbau', 'MÜLLER MASCHINENBAU GMBH & CO. KG', 'MATCH', 'umlaut left out, legal form left out'],
  ['Müller GmbH', 'MUELLER GMBH', 'MATCH', 'umlaut written ue'],
  ['Rodrisa Automóviles S.L.', 'RODRISA AUTOMOVILES SL', 'MATCH', 'accent and dots'],
  ['Acme Ltd', 'ACME LIMITED', 'MATCH', 'abbreviated legal form'],
  ['Société Générale', 'SOCIETE GENERALE SA', 'MATCH', 'legal form left out'],
  ['Hans Müller', 'MÜLLER HANS', 'MATCH', 'word order'],
  ['Rossi Costruzioni S.p.A.', 'COSTRUZIONI ROSSI SPA', 'MATCH', 'word order and dots'],
  ['Smith & Sons', 'SMITH AND SONS LTD', 'MATCH', '& for and'],
  ['Amazon Europe Core', 'AMAZON EUROPE COR', 'MATCH', 'one letter missing (a typo)'],
  ['Boulangerie Dupont', 'BOULANGERIE DUPOND', 'MATCH', 'one letter different in a long name'],
  ['Bookingcom', 'BOOKING COM', 'MATCH', 'written together or apart'],
  ['Polskie Zakłady', 'POLSKIE ZAKŁADY SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ', 'MATCH', 'legal form spelled out'],
  ['Ελληνικά Τρόφιμα ΑΕ', 'ELLINIKA TROFIMA A.E.', 'MATCH', 'Greek script against its transliteration'],
  ['Balgarski Hlyab', 'БЪЛГАРСКИ ХЛЯБ ЕДНОЛИЧНО ДРУЖЕСТВО С ОГРАНИЧЕНА ОТГОВОРНОСТ', 'MATCH', 'transliteration; legal form spelled out'],
  ['Volvo', 'AB VOLVO', 'MATCH', 'legal form before the name'],
  ['Nordic Design ApS', 'NORDIC DESIGN A/S', 'MATCH', 'one legal form for another'],
  ['Boulangerie Dupont', 'BOULANGERIE DURAND', 'MISMATCH', 'another baker'],
  ['Acme Trading', 'GLOBEX TRADING', 'MISMATCH', 'another company with a shared word'],
  ['Acme Trading', 'ACME TRAVEL', 'MISMATCH', 'another business of a similar name'],
  ['Internationale Spedition und Transporte Bauer', 'INTERNATIONALE SPEDITION UND TRANSPORTE MAYER', 'MISMATCH', 'long shared words, another owner'],
  ['Acme', 'ACME HOLDING INTERNATIONAL', 'MISMATCH', 'a part of the name is not the name (strict on purpose)'],
  ['Dupont', 'DURAND', 'MISMATCH', 'different names'],
  ['GmbH', 'X GMBH', 'MISMATCH', 'only a legal form'],
  ['', 'ACME', 'MISMATCH', 'nothing typed'],
];

describe('trader name normalisation', () => {
  it.each(NORMALISATION)('%s → %j (%s)', (name, tokens) => {
    expect(traderNameTokens(name)).toEqual(tokens);
  });
});

describe('trader name comparison', () => {
  it.each(EXAMPLES)('%s vs %s → %s (%s)', (typed, published, verdict) => {
    expect(compareTraderNames(typed, published)).toBe(verdict);
  });

  it('is symmetric, 1 for the same name, between 0 and 1, and never throws on any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (a, b) => {
        const score = traderNameSimilarity(a, b);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        expect(compareTraderNames(a, b)).toBe(compareTraderNames(b, a));
        if (traderNameTokens(a).length > 0) expect(compareTraderNames(a, a)).toBe('MATCH');
      }),
    );
  });

  it('stays cheap on huge input', () => {
    const started = Date.now();
    expect(compareTraderNames('A'.repeat(1_000_000), 'B'.repeat(1_000_000))).toBe('MISMATCH');
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('traderNameVerdict (docs/fields/vat.md#trader-name-comparison)', () => {
  const published: VatRegistryAnswer = { valid: true, requestDate: '2026-11-22', name: 'BOULANGERIE DUPONT SARL' };

  it('compares with the published name (SERVICE)', () => {
    expect(traderNameVerdict('FR', 'Boulangerie Dupont', published, null)).toEqual({ match: 'MATCH', source: 'SERVICE' });
    expect(traderNameVerdict('FR', 'Garage Martin', published, null)).toEqual({ match: 'MISMATCH', source: 'SERVICE' });
  });

  it("uses VIES's own comparison for the very name VIES was asked about (Spain)", () => {
    const spain: VatRegistryAnswer = { valid: true, requestDate: '2026-11-22', traderNameMatch: 'INVALID' };
    expect(traderNameVerdict('ES', 'Panaderia Sol', spain, 'Panaderia Sol')).toEqual({ match: 'MISMATCH', source: 'VIES' });
    expect(traderNameVerdict('ES', ' Panaderia Sol ', { ...spain, traderNameMatch: 'VALID' }, 'Panaderia Sol')).toEqual({ match: 'MATCH', source: 'VIES' });
    expect(traderNameVerdict('ES', 'Another Name', spain, 'Panaderia Sol')).toEqual({ match: 'NOT_AVAILABLE' });
    expect(traderNameVerdict('ES', 'Panaderia Sol', { ...spain, traderNameMatch: 'NOT_PROCESSED' }, 'Panaderia Sol')).toEqual({ match: 'NOT_AVAILABLE' });
  });

  it('Germany, a withheld name, no answer, an unregistered number or a blank name: NOT_AVAILABLE without a source', () => {
    expect(traderNameVerdict('DE', 'Boulangerie Dupont', published, null)).toEqual({ match: 'NOT_AVAILABLE' });
    expect(traderNameVerdict('IT', 'Rossi', { valid: true, requestDate: '2026-11-22' }, null)).toEqual({ match: 'NOT_AVAILABLE' });
    expect(traderNameVerdict('FR', 'Boulangerie Dupont', null, null)).toEqual({ match: 'NOT_AVAILABLE' });
    expect(traderNameVerdict('FR', 'Boulangerie Dupont', { ...published, valid: false }, null)).toEqual({ match: 'NOT_AVAILABLE' });
    expect(traderNameVerdict('FR', '   ', published, null)).toEqual({ match: 'NOT_AVAILABLE' });
  });
});
