/**
 * What the VIES fake's registry says to a question, before either protocol writes it down
 * (vies.ts writes SOAP, vies-rest.ts writes JSON): the country and number checks, the requester
 * check that earns a consultation number, `---` where a member state withholds names, and Spain's
 * own comparison of a trader name.
 */

/** Country codes VIES answers for; anything else is INVALID_INPUT. */
export const VIES_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
]);

/** A number the fake's registry holds. */
export interface FakeTrader {
  valid: boolean;
  /** Registered name (sent only by member states that disclose names). */
  name?: string;
  address?: string;
  /** How a comparing member state (Spain) judges a trader name it is sent; default: never compared. */
  matchesName?: (sent: string) => boolean;
}

/** A question as either protocol asked it ('' for what was not sent). */
export interface ViesQuestion {
  countryCode: string;
  vatNumber: string;
  traderName: string;
  requesterCountryCode: string;
  requesterVatNumber: string;
}

/** The registry's answer: a fault code, or what it holds (`---` for what it withholds). */
export type Judgement =
  | { fault: string }
  | {
      valid: boolean;
      name: string;
      address: string;
      nameMatch: 'VALID' | 'INVALID' | 'NOT_PROCESSED';
      /** '' unless a registered requester was sent. */
      requestIdentifier: string;
    };

/** What the judgement reads of the fake's state. */
export interface RegistryState {
  trader(vat: string): FakeTrader | undefined;
  withholding: ReadonlySet<string>;
  comparing: ReadonlySet<string>;
  nextIdentifier(): string;
}

const VAT_NUMBER = /^[0-9A-Za-z+*.]{2,12}$/;

export function judgeQuestion(question: ViesQuestion, state: RegistryState): Judgement {
  const { countryCode, vatNumber } = question;
  if (!VIES_COUNTRIES.has(countryCode) || !VAT_NUMBER.test(vatNumber)) return { fault: 'INVALID_INPUT' };
  let requestIdentifier = '';
  if (question.requesterCountryCode !== '' || question.requesterVatNumber !== '') {
    if (state.trader(question.requesterCountryCode + question.requesterVatNumber)?.valid !== true) return { fault: 'INVALID_REQUESTER_INFO' };
    requestIdentifier = state.nextIdentifier();
  }
  const trader = state.trader(countryCode + vatNumber);
  const valid = trader?.valid === true;
  const discloses = valid && !state.withholding.has(countryCode);
  const sentName = question.traderName;
  const compared = valid && state.comparing.has(countryCode) && sentName !== '' && trader?.matchesName !== undefined;
  return {
    valid,
    name: discloses ? (trader?.name ?? '---') : '---',
    address: discloses ? (trader?.address ?? '---') : '---',
    nameMatch: compared ? (trader?.matchesName?.(sentName) ? 'VALID' : 'INVALID') : 'NOT_PROCESSED',
    requestIdentifier,
  };
}
