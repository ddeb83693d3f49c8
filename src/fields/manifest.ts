/**
 * The shapes of a field folder's files (docs/architecture.md, "How to add … A field"). Types only:
 * every file of a field folder that the registry reads satisfies one of these, and
 * scripts/generate-fields.ts derives the aggregates in ./generated/ from them.
 */
import type { CircuitBreakerStore, Clock, DnsResolver, DomainAgeSource, VatAnswerCache, VatRegistry, VatRegistryName } from '../ports.js';
import type { ValidationLevel, ValidationResult } from '../result.js';

/** `src/<field>/field.ts`: data only, copied as literals into the generated registry. */
export interface FieldManifest {
  /** The field's name: its endpoint (`/api/v1/validate/<name>`), key scope and `verifield check <name>`; the folder's name. */
  readonly name: string;
  /** The operation's name: the client method and the OpenAPI operationId (`validateVat`). */
  readonly operation: `validate${string}`;
  /**
   * The members a request may carry besides `value` (each optional, a string of at most 1,024
   * characters), and which validator reads each: `'offline'` the offline one (so `verifield check`
   * takes it as a flag too), `'verified'` only the service's. The body parser, the OpenAPI request
   * schema, the client's options and the CLI's flags are derived from this; openapi.ts says what each is.
   */
  readonly requestMembers: { readonly [member: string]: RequestMemberReader };
  /**
   * Whether the service answers the field before it loads the registry (src/server/pipeline/validators.ts):
   * true only for an offline field whose code is small, so that a cold service answers it without
   * loading phone's metadata or email's domain lists.
   */
  readonly answeredAtStart: boolean;
  /** The field's name as people read it (the dashboard). */
  readonly label: string;
  /**
   * The name in the dashboard's other languages, by language code (those of src/messages/languages/:
   * the generator refuses any other), where it is not `label` as it is.
   */
  readonly labels?: Readonly<Partial<Record<string, string>>>;
  /** The field's colour in the dashboard's usage chart, at least 4.5:1 against white. */
  readonly colour: `#${string}`;
  /** The rest of the client method's doc comment after `POST /api/v1/validate/<name>` (`.` when there is nothing to add). */
  readonly clientDoc: string;
  /** The doc comment of `<name>Details` in `ValidationResult`: when an answer carries it. */
  readonly detailsDoc: string;
  /**
   * The field's rank in each list (ranks need not be consecutive; two fields may not share one):
   * `service` the service's order (docs, OpenAPI, the registry), `scope` the order keys hold their
   * scopes in, `check` the order `verifield check --help` names the fields in.
   */
  readonly order: { readonly service: number; readonly scope: number; readonly check: number };
  /** The package subpath `verifield/<subpath>` of the field's `index.ts`, or null for none. */
  readonly subpath: string | null;
  /**
   * Size budgets in bytes min+gzip (scripts/size-checks.ts): the subpath as recorded by
   * `npm run size:record` (null without a subpath), and `<field>Schema` imported alone.
   */
  readonly sizeBudget: {
    readonly subpath: { readonly measuredBytes: number; readonly limitBytes: number } | null;
    readonly schemaLimitBytes: number;
  };
}

/** What the service hands a verified validator besides the value: its ports and the caller's settings. */
export interface ServiceContext {
  /** The VAT registries: VIES, and the national registries of `nationalRegistries` by their prefixes. */
  registry: VatRegistry;
  /** The national registries (HMRC, UID, BRREG) `registry` answers for; the others' numbers stay NOT_APPLICABLE. */
  nationalRegistries: readonly VatRegistryName[];
  /** The store's VIES answers. */
  viesCache: VatAnswerCache;
  /** The store's per-country circuit breakers. */
  breaker: CircuitBreakerStore;
  dns: DnsResolver;
  domainAge: DomainAgeSource;
  now: Clock;
  /** The email level of the account's plan (src/email/service-depth.ts turns it into a depth). */
  emailLevel: ValidationLevel;
  /** The account's own VAT number as VIES takes it (src/vat/registry/requester.ts), or null. */
  requester: string | null;
  /** The members the request carried besides the value (the field's `requestMembers`): `traderName` on VAT. */
  options: RequestOptions;
}

/** Which validator reads a request member: see {@link FieldManifest.requestMembers}. */
export type RequestMemberReader = 'offline' | 'verified';

/** What a request carried besides the value: only members its field declares (`defaultCountry` on phone, `iban` on BIC). */
export type RequestOptions = { readonly [member: string]: string | undefined };

/** `src/<field>/validators.ts`: the functions that answer a field whose answer is `Result`. */
export interface FieldValidators<Result extends ValidationResult = ValidationResult> {
  /** Offline, synchronous: shape and check digits only. */
  offline: (value: string, options?: RequestOptions) => Result;
  /** What the service runs instead of `offline`, for a field that asks the outside world. */
  verified?: (value: string, context: ServiceContext) => Promise<Result>;
}

/** `src/<field>/usage-log.ts`: how the usage log keeps a field's values. */
export type UsageLogPolicy = 'clear' | 'masked' | { maskedWhen: (value: string) => boolean };

/**
 * `src/<field>/openapi.ts`: what the OpenAPI document says of the field. Its `<Field>Details` schema
 * is not here: scripts/generate-schemas.ts derives it from the type and TSDoc of `src/<field>/details.ts`.
 */
export interface FieldOpenApi {
  /** One line. */
  readonly summary: string;
  /** What is checked and what a valid answer does not prove. */
  readonly description: string;
  /** What `value` is, in the request schema of a field that takes other members (`<Field>ValidationRequest`). */
  readonly valueDescription?: string;
  /** What each of the field's `requestMembers` (field.ts) is: its description, and examples of it. */
  readonly requestMembers?: { readonly [member: string]: { readonly description: string; readonly examples?: readonly string[] } };
  /** The body of the request example: `value`, and any of the field's request members. */
  readonly example: { readonly value: string; readonly [member: string]: string };
  /** Declares the 403 of a key without the field's scope. */
  readonly declaresForbidden: boolean;
  /** The description of the 200 answer's schema (`Answer of POST /api/v1/validate/<field>` …). */
  readonly resultDescription: string;
  /** Whether `<field>Details` is in every answer. */
  readonly detailsAlwaysPresent: boolean;
}

/** `src/<field>/examples.ts`: values the fuzz, soak and derivation checks start from. */
export interface FieldExamples {
  /** Values the offline validator accepts. */
  readonly valid: readonly string[];
  /** Values it rejects, each with the reason it gives. */
  readonly invalid: readonly { readonly value: string; readonly reason: string }[];
  /** The characters a mistyped value is made of: what near-valid mutations insert. */
  readonly alphabet: string;
}

/** The details a message template can show (src/messages/catalog.ts says what each is). */
export type FieldMessageFact = 'country' | 'code' | 'length' | 'place' | 'digits' | 'number' | 'letter' | 'digit' | 'date' | 'suggestion' | 'registry';

/** `src/<field>/messages/facts.ts`: every message key of the field and the facts its templates name. */
export type FieldMessageFacts = { readonly [key: string]: readonly FieldMessageFact[] };

/** `src/<field>/messages/<lang>.ts`: a template for every key of `Facts`. */
export type FieldMessages<Facts extends FieldMessageFacts> = { readonly [Key in keyof Facts]: string };

/**
 * `src/<field>/messages/key.ts`, for a field whose message key is not simply its reason, or its one
 * valid key when its details are present: which message tells a result (docs/messages.md#message-keys).
 */
export interface FieldMessageKeys {
  /** The key of a valid answer that carries the field's details; null when the details do not say. */
  readonly valid?: (result: ValidationResult) => string | null;
  /** Reasons told by more than one message: the key of a rejection with that reason. */
  readonly splits?: { readonly [reason: string]: (result: ValidationResult) => string | null };
  /**
   * The key of a sentence the message ends with after its own key's, or null: an IBAN's
   * suggestions (`IBAN_SUGGESTIONS`) after the reason's message. The key is one of the field's
   * message keys, never a reason.
   */
  readonly addendum?: (result: ValidationResult) => string | null;
}
