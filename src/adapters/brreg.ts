/**
 * Brønnøysund's Enhetsregisteret (Norway) as a {@link VatRegistry}: `GET
 * {url}/enhetsregisteret/api/enheter/{orgnr}`, JSON. A number counts as registered when the entity
 * exists, is not deleted and `registrertIMvaregisteret` is true; bankruptcy, liquidation and
 * deletion are reported as {@link VatEntityStatus}. Protocol facts:
 * docs/fields/vat.md#registries-beyond-vies.
 */
import {
  VatRegistryError,
  type Clock,
  type VatEntityStatus,
  type VatRegistry,
  type VatRegistryAnswer,
  type VatRegistryQuery,
} from '../ports.js';
import { fetchHashed, isRecord, jsonObjectOf, outageOf, RegistryHttpError, refusedInput, textOf, utcDayOf } from './registry-http.js';

/** The production service (open data, no key). */
export const BRREG_URL = 'https://data.brreg.no';
const DEFAULT_TIMEOUT_MS = 10_000;
const REGISTRY = 'Brønnøysund';
/** Nine digits, then the `MVA` that makes the organisation number a VAT number. */
const NORWEGIAN_VAT = /^(\d{9})(?:MVA)?$/;

/** Options of {@link brregClient}. */
export interface BrregClientOptions {
  /** Base URL; defaults to {@link BRREG_URL}. */
  url?: string;
  /** `fetch` to use; defaults to the global one. */
  fetch?: typeof fetch;
  /** Cap for one call, body included, in milliseconds; default 10 000. A caller's signal may end it sooner. */
  timeoutMs?: number;
  /** The clock that dates answers (the register does not); defaults to the system clock. */
  now?: Clock;
}

/**
 * The Enhetsregisteret client. The query's `vatNumber` is the body after `NO` (`995525828MVA`,
 * with or without `MVA`); every answer carries `replySha256`.
 *
 * @example
 * ```ts
 * import { brregClient } from 'verifield/adapters';
 * // Without `url`, data.brreg.no.
 * const brreg = brregClient({ url: process.env.VERIFIELD_BRREG_URL });
 * const answer = await brreg.check({ countryCode: 'NO', vatNumber: '995525828MVA' });
 * answer.valid; // true
 * answer.name; // 'EKSEMPEL AS'
 * (await brreg.check({ countryCode: 'NO', vatNumber: '974760673MVA' })).entityStatus; // ['NOT_VAT_REGISTERED']
 * ```
 */
export function brregClient(options: BrregClientOptions = {}): VatRegistry {
  const base = (options.url ?? BRREG_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? ((): Date => new Date());
  return {
    async check(query: VatRegistryQuery, signal?: AbortSignal): Promise<VatRegistryAnswer> {
      const orgnr = organisationNumberOf(query);
      let reply;
      try {
        reply = await fetchHashed({
          fetch: options.fetch ?? globalThis.fetch,
          url: `${base}/enhetsregisteret/api/enheter/${orgnr}`,
          init: { headers: { Accept: 'application/json' } },
          timeoutMs,
          signal,
        });
      } catch (error) {
        throw error instanceof RegistryHttpError ? outageOf(error, REGISTRY) : error;
      }
      const answer = readBrregReply(reply.text, reply.status, utcDayOf(now));
      answer.replySha256 = reply.replySha256;
      return answer;
    },
  };
}

function organisationNumberOf(query: VatRegistryQuery): string {
  if (query.countryCode !== 'NO') throw refusedInput(REGISTRY, `it answers for NO numbers, not ${query.countryCode}`);
  const digits = NORWEGIAN_VAT.exec(query.vatNumber.replace(/[\s.-]/g, '').toUpperCase())?.[1];
  if (digits === undefined) throw refusedInput(REGISTRY, 'an organisation number has 9 digits');
  return digits;
}

/**
 * Reads a reply of `GET …/enheter/{orgnr}`; `requestDate` dates the answer.
 * @throws {VatRegistryError} for a reply that says nothing about the number (an error status, a
 * body that is not an entity).
 */
export function readBrregReply(text: string, status: number, requestDate: string): VatRegistryAnswer {
  // 404: no such entity; 410: removed from the register (its body holds the deletion date).
  if (status === 404) return { valid: false, requestDate };
  if (status === 410) return { valid: false, requestDate, entityStatus: ['DELETED'] };
  if (status === 400) {
    throw new VatRegistryError('http', 'INVALID_INPUT', 'input', false, `${REGISTRY} refused the organisation number (HTTP 400)`, { status });
  }
  if (status < 200 || status >= 300) {
    throw outageOf(new RegistryHttpError('http', `${REGISTRY} answered HTTP ${status}`, status), REGISTRY);
  }
  const entity = jsonObjectOf(text);
  const registered = entity?.registrertIMvaregisteret;
  if (entity === null || typeof registered !== 'boolean') {
    throw new VatRegistryError('malformed', null, 'outage', true, `${REGISTRY} answered without an entity and its registrertIMvaregisteret flag`, { status });
  }

  const deleted = textOf(entity, 'slettedato') !== undefined;
  const statuses: VatEntityStatus[] = [];
  if (!registered) statuses.push('NOT_VAT_REGISTERED');
  if (deleted) statuses.push('DELETED');
  if (entity.konkurs === true) statuses.push('BANKRUPT');
  if (entity.underAvvikling === true || entity.underTvangsavviklingEllerTvangsopplosning === true) statuses.push('UNDER_LIQUIDATION');

  const answer: VatRegistryAnswer = { valid: registered && !deleted, requestDate };
  const name = textOf(entity, 'navn');
  if (name !== undefined) answer.name = name;
  const address = addressOf(entity.forretningsadresse) ?? addressOf(entity.postadresse);
  if (address !== undefined) answer.address = address;
  if (statuses.length > 0) answer.entityStatus = statuses;
  return answer;
}

/** The address lines, then `postnummer poststed`, then the country when it is not Norway. */
function addressOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const lines = Array.isArray(value.adresse)
    ? value.adresse.filter((line): line is string => typeof line === 'string').map((line) => line.trim()).filter((line) => line !== '')
    : [];
  const place = [textOf(value, 'postnummer'), textOf(value, 'poststed')].filter((part) => part !== undefined).join(' ');
  if (place !== '') lines.push(place);
  const country = textOf(value, 'landkode');
  const countryName = textOf(value, 'land');
  if (country !== undefined && country !== 'NO' && countryName !== undefined) lines.push(countryName);
  return lines.length > 0 ? lines.join('\n') : undefined;
}
