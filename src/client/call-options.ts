/**
 * The options of one call of the client: the common ones, and the members of the fields whose
 * requests take one. Apart from src/client/index.ts so that the generated validation methods
 * (src/fields/generated/client.ts) type their options without importing the client back.
 */
/** Per-call options. */
export interface CallOptions {
  /** Aborts the request; the promise then rejects with fetch's abort error. */
  signal?: AbortSignal;
  /** The language of this answer's message (validation endpoints), instead of the client's `language`. */
  language?: string;
}

/** Options of {@link VerifieldClient.validateVat}. */
export interface VatCallOptions extends CallOptions {
  /** Company name expected to hold the number: the answer then carries `trader_name_match`. */
  traderName?: string;
}

/** Options of {@link VerifieldClient.validatePhone}. */
export interface PhoneCallOptions extends CallOptions {
  /**
   * ISO 3166-1 alpha-2 code of the country a number written without its country code belongs to
   * (`'GB'`: `020 7946 0958` is read as +44 20 7946 0958). A code the service does not know is
   * answered as a result (`valid: false`), not an error.
   */
  defaultCountry?: string;
}
